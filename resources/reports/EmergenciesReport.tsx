import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Card, CardContent, Stack, TablePagination, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';
import { formatCount, formatDay } from '@/format';
import { formatAge } from '@/orders/emergencyClock';
import type { AppDataProvider } from '@/providers/types';
import { MOST_EMERGENCY_DAYS, type EmergencyReportResult } from './emergencyCalls';
import { EmergencyBreakdown, EmergencyOrders } from './EmergencyTables';
import { defaultRange, rangeProblem, ReportRange, type DayRange } from './ReportRange';

const ROWS_PER_PAGE = [25, 50, 100];

/**
 * The Emergencies tab (issue 40): every emergency order placed on a range of days (at most 92)
 * with its order-to-delivery time and whether it breached the alert setting (GET
 * report/emergencies, a page at a time), the totals, the breakdowns by pin code and by rider,
 * and the whole range as CSV (report/export-emergencies).
 */
export function EmergenciesReport() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.reports.emergencies.${key}`, options);
  const dataProvider = useDataProvider<AppDataProvider>();
  const [range, setRange] = useState<DayRange>(defaultRange);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(ROWS_PER_PAGE[0]!);
  const problem = rangeProblem(range, MOST_EMERGENCY_DAYS);
  const ready = Boolean(range.from && range.to && !problem);
  const params = { ...range, page, limit };
  const report = useQuery({
    queryKey: ['reports', 'emergencies', params],
    queryFn: async (): Promise<EmergencyReportResult> =>
      (await dataProvider.emergencyReport(params)).data,
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const csv = useFileDownload({
    fetch: (dp, stream) =>
      dp.download('reports', 'emergenciesCsv', { values: { ...range }, ...stream }),
    progressMessage: 'app.reports.emergencies.preparing_size',
    stoppedMessage: 'app.reports.emergencies.download_stopped',
    failureMessage: 'app.reports.emergencies.download_failed',
  });
  const changeRange = (next: DayRange) => {
    setRange(next);
    setPage(1);
  };

  const data = report.data;
  const totals = data?.totals;
  return (
    <Stack gap={2}>
      <Card>
        <CardContent>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 2,
              alignItems: 'flex-start',
              justifyContent: 'space-between',
            }}
          >
            <ReportRange
              value={range}
              onChange={changeRange}
              idPrefix="emergencies"
              mostDays={MOST_EMERGENCY_DAYS}
            />
            <BusyButton
              type="button"
              variant="outlined"
              startIcon={<DownloadIcon />}
              busy={csv.busy}
              disabled={csv.busy || !ready}
              label={t('download')}
              busyLabel={csv.progress ?? t('preparing')}
              onClick={csv.start}
            />
          </Box>
        </CardContent>
      </Card>

      {!ready ? null : report.error ? (
        <Alert severity="error">{t('load_failed', { reason: report.error.message })}</Alert>
      ) : !data || !totals ? (
        <Typography>{t('loading')}</Typography>
      ) : totals.emergencies === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <>
          <Box data-testid="emergency-summary" aria-live="polite">
            <Typography>
              {t('summary', {
                emergencies: t('emergencies_count', {
                  smart_count: totals.emergencies,
                  count: formatCount(totals.emergencies),
                }),
                delivered: formatCount(totals.delivered),
                open: formatCount(totals.open),
                cancelled: formatCount(totals.cancelled),
                breached: formatCount(totals.breached),
                alert: data.alertAfterMinutes,
              })}
            </Typography>
            {totals.medianMinutes !== null && totals.worstMinutes !== null && (
              <Typography color="text.secondary">
                {t('summary_times', {
                  median: formatAge(totals.medianMinutes),
                  worst: formatAge(totals.worstMinutes),
                })}
              </Typography>
            )}
          </Box>
          <Card component="section">
            <CardContent sx={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
              <Typography variant="h6" component="h2" id="emergency-orders-title" sx={{ mb: 1 }}>
                {t('orders_title', { from: formatDay(data.from), to: formatDay(data.to) })}
              </Typography>
              <EmergencyOrders rows={data.emergencies} labelledBy="emergency-orders-title" />
              <TablePagination
                component="div"
                count={data.totalRecords}
                page={page - 1}
                onPageChange={(_, next) => setPage(next + 1)}
                rowsPerPage={limit}
                rowsPerPageOptions={ROWS_PER_PAGE}
                onRowsPerPageChange={(event) => {
                  setLimit(Number(event.target.value));
                  setPage(1);
                }}
                labelRowsPerPage={t('rows_per_page')}
              />
            </CardContent>
          </Card>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              // Side by side only where both tables fit whole.
              gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' },
              alignItems: 'start',
            }}
          >
            {(
              [
                ['pincode', data.byPincode, 'by_pincode', 'columns.pincode'],
                ['rider', data.byRider, 'by_rider', 'columns.rider'],
              ] as const
            ).map(([key, groups, title, heading]) => (
              <Card component="section" key={key}>
                <CardContent>
                  <Typography
                    variant="subtitle1"
                    component="h2"
                    id={`emergencies-by-${key}`}
                    sx={{ mb: 1, fontWeight: 600 }}
                  >
                    {t(title)}
                  </Typography>
                  <EmergencyBreakdown
                    groups={groups}
                    heading={t(heading)}
                    labelledBy={`emergencies-by-${key}`}
                  />
                </CardContent>
              </Card>
            ))}
          </Box>
        </>
      )}
    </Stack>
  );
}
