import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';
import { formatRupees } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import { defaultRange, rangeProblem, ReportRange, type DayRange } from './ReportRange';
import {
  isPeriodGroup,
  SALES_GROUPS,
  type SalesGroup,
  type SalesReportResult,
  type SalesRow,
} from './salesCalls';
import type { SalesBar } from './SalesChart';
import { countOf, SalesTable } from './SalesTable';

const SalesChart = lazy(() => import('./SalesChart'));

/** Keys the chart names one by one; the rest are summed as Others (the table lists them all). */
export const TOP_KEYS = 20;

const dayMonth = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
});
const monthYear = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  month: 'short',
  year: '2-digit',
});
const fullDay = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The Monday of the week of `day` (a week cut by the range is named by its Monday, as the table). */
function mondayOf(day: string): string {
  const date = dateOf(day);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** At most `n` characters on an axis, cut with an ellipsis (Indian scripts never split). */
function cut(text: string, n = 16): string {
  const chars = Array.from(text);
  return chars.length > n ? `${chars.slice(0, n - 1).join('')}…` : text;
}

/** The chart's bars: every period, or the largest keys and Others. */
export function barsOf(
  rows: SalesRow[],
  group: SalesGroup,
  othersLabel: (count: number) => string,
): SalesBar[] {
  if (isPeriodGroup(group)) {
    return rows.map((r) => ({
      label: r.label,
      short:
        group === 'month'
          ? monthYear.format(dateOf(r.key))
          : dayMonth.format(dateOf(group === 'week' ? mondayOf(r.key) : r.key)),
      amount: r.amount,
      collections: r.collections ?? 0,
    }));
  }
  const top = rows.slice(0, TOP_KEYS).map((r) => ({
    label: r.label,
    // A pin code by its number: the area follows in the tooltip and the table.
    short: cut(group === 'pincode' ? r.key : r.label),
    amount: r.amount,
  }));
  const rest = rows.slice(TOP_KEYS);
  if (rest.length === 0) return top;
  const amount = rest.reduce((t, r) => t + Math.round(r.amount * 100), 0) / 100;
  const label = othersLabel(rest.length);
  return [...top, { label, short: cut(label), amount }];
}

/**
 * The Sales tab (issue 38): the sales of a range of days per day, week, month, service, pin code
 * or rider (GET report/sales, from the rollups), as a chart and a table with totals, and the
 * same as CSV (report/export-sales).
 */
export function SalesReport() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.reports.sales.${key}`, options);
  const dataProvider = useDataProvider<AppDataProvider>();
  const [range, setRange] = useState<DayRange>(defaultRange);
  const [groupBy, setGroupBy] = useState<SalesGroup>('day');
  const problem = rangeProblem(range);
  const ready = Boolean(range.from && range.to && !problem);
  const params = { ...range, groupBy };
  const report = useQuery({
    queryKey: ['reports', 'sales', params],
    queryFn: async (): Promise<SalesReportResult> => (await dataProvider.salesReport(params)).data,
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const csv = useFileDownload({
    fetch: (dp, stream) => dp.download('reports', 'salesCsv', { values: params, ...stream }),
    progressMessage: 'app.reports.sales.preparing_size',
    stoppedMessage: 'app.reports.sales.download_stopped',
    failureMessage: 'app.reports.sales.download_failed',
  });

  const data = report.data;
  const unit = t(`groups.${data?.groupBy ?? groupBy}`);
  const shown = data?.groupBy ?? groupBy;
  const periods = isPeriodGroup(shown);
  const bars = data ? barsOf(data.rows, shown, (count) => t('others', { count })) : [];
  const lower = unit.toLowerCase();
  const title =
    !periods && data && data.rows.length > TOP_KEYS
      ? t('chart_title_top', { unit: lower, top: TOP_KEYS })
      : t('chart_title', { unit: lower });

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
            <ReportRange value={range} onChange={setRange} idPrefix="sales" />
            <Stack direction="row" gap={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <TextField
                select
                size="small"
                id="sales-group-by"
                label={t('group_by')}
                value={groupBy}
                onChange={(event) => setGroupBy(event.target.value as SalesGroup)}
                sx={{ minWidth: 150 }}
              >
                {SALES_GROUPS.map((g) => (
                  <MenuItem key={g} value={g}>
                    {t(`groups.${g}`)}
                  </MenuItem>
                ))}
              </TextField>
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
            </Stack>
          </Box>
        </CardContent>
      </Card>

      {!ready ? null : report.error ? (
        <Alert severity="error">{t('load_failed', { reason: report.error.message })}</Alert>
      ) : !data ? (
        <Typography>{t('loading')}</Typography>
      ) : (
        <>
          <Typography data-testid="sales-summary" aria-live="polite">
            {t('summary', {
              amount: formatRupees(data.totals.amount),
              invoices: countOf(translate, 'invoices_count', data.totals.invoices),
              notes: countOf(translate, 'notes_count', data.totals.creditNotes),
              collections: formatRupees(data.totals.collections),
            })}
          </Typography>
          <Card component="section" aria-labelledby="sales-chart-title">
            <CardContent>
              <Typography variant="h6" component="h2" id="sales-chart-title" sx={{ mb: 1 }}>
                {title}
              </Typography>
              {data.rows.length === 0 ? (
                <Typography color="text.secondary">{t('empty')}</Typography>
              ) : (
                <Suspense fallback={<Typography sx={{ height: 300 }}>{t('loading')}</Typography>}>
                  <Box
                    component="figure"
                    data-testid="sales-chart"
                    aria-labelledby="sales-chart-title"
                    sx={{ m: 0, opacity: report.isPlaceholderData ? 0.5 : 1 }}
                  >
                    <SalesChart
                      bars={bars}
                      periods={periods}
                      labels={{
                        amount: t('series_amount'),
                        collections: t('series_collections'),
                      }}
                    />
                    <Box component="figcaption" sx={visuallyHidden}>
                      {t('chart_description', { unit: lower })}
                    </Box>
                  </Box>
                </Suspense>
              )}
            </CardContent>
          </Card>
          {data.rows.length > 0 && (
            <Card component="section">
              <CardContent>
                <Typography
                  variant="subtitle1"
                  component="h2"
                  id="sales-table-title"
                  sx={{ mb: 1 }}
                >
                  {t('table_caption', {
                    unit: lower,
                    from: fullDay.format(dateOf(data.from)),
                    to: fullDay.format(dateOf(data.to)),
                  })}
                </Typography>
                <SalesTable
                  rows={data.rows}
                  totals={data.totals}
                  unit={unit}
                  periods={periods}
                  labelledBy="sales-table-title"
                />
              </CardContent>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
