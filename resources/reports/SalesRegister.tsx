import DownloadIcon from '@mui/icons-material/Download';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';
import { defaultRange, rangeProblem, ReportRange, type DayRange } from './ReportRange';

/**
 * The Sales register tab (issue 38): every invoice and credit or debit note of a range of days
 * as CSV, streamed from report/export-sales-register with how much has arrived while it comes.
 */
export function SalesRegister() {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.reports.register.${key}`);
  const [range, setRange] = useState<DayRange>(defaultRange);
  const ready = Boolean(range.from && range.to && !rangeProblem(range));
  const register = useFileDownload({
    fetch: (dp, stream) =>
      dp.download('reports', 'salesRegister', { values: { ...range }, ...stream }),
    progressMessage: 'app.reports.register.preparing_size',
    stoppedMessage: 'app.reports.register.download_stopped',
    failureMessage: 'app.reports.register.download_failed',
  });
  return (
    <Card component="section" aria-labelledby="sales-register-title">
      <CardContent>
        <Stack gap={2}>
          <Typography variant="h6" component="h2" id="sales-register-title">
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('explained')}</Typography>
          <ReportRange value={range} onChange={setRange} idPrefix="register" />
          <div>
            <BusyButton
              type="button"
              startIcon={<DownloadIcon />}
              busy={register.busy}
              disabled={register.busy || !ready}
              label={t('download')}
              busyLabel={register.progress ?? t('preparing')}
              onClick={register.start}
            />
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
