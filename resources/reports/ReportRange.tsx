import { Box, Chip, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { daysBetween } from '@shared/schedule';
import { addDays, indiaDay } from '@shared/time';

/** The most days report/sales and the register take (server/modules/reports: MOST_REPORT_DAYS). */
export const MOST_REPORT_DAYS = 366;

export interface DayRange {
  from: string;
  to: string;
}

/** What is wrong with the range (an i18n key), or null: as the server checks it. */
export function rangeProblem({ from, to }: DayRange, mostDays = MOST_REPORT_DAYS): string | null {
  if (!from || !to) return null;
  if (from > to) return 'app.reports.sales.range.order';
  if (daysBetween(from, to) + 1 > mostDays) {
    return mostDays === MOST_REPORT_DAYS
      ? 'app.reports.sales.range.long'
      : 'app.reports.sales.range.long_days';
  }
  return null;
}

/** The first day of the month of `day`. */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** The quick picks, each a range ending today or a whole past month (India days). */
export function quickRanges(today = indiaDay()) {
  const year = Number(today.slice(0, 4));
  // The financial year runs April to March.
  const fyStart = `${Number(today.slice(5, 7)) >= 4 ? year : year - 1}-04-01`;
  const lastMonthEnd = addDays(monthStart(today), -1);
  return {
    last_30: { from: addDays(today, -29), to: today },
    this_month: { from: monthStart(today), to: today },
    last_month: { from: monthStart(lastMonthEnd), to: lastMonthEnd },
    this_fy: { from: fyStart, to: today },
  } satisfies Record<string, DayRange>;
}

export type QuickRange = keyof ReturnType<typeof quickRanges>;

/** The range a report opens with: the last 30 days. */
export const defaultRange = (): DayRange => quickRanges().last_30;

/**
 * From and To (India days, at most a year, or `mostDays`) and quick picks: the last 30 days,
 * this month, last month, this financial year (those no longer than `mostDays`). The Sales,
 * Sales register and Emergencies tabs share it.
 */
export function ReportRange({
  value,
  onChange,
  idPrefix,
  mostDays = MOST_REPORT_DAYS,
}: {
  value: DayRange;
  onChange: (next: DayRange) => void;
  idPrefix: string;
  mostDays?: number;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.reports.sales.range.${key}`, options);
  const today = indiaDay();
  const quick = quickRanges(today);
  const problem = rangeProblem(value, mostDays);
  return (
    <Box>
      <Stack direction="row" gap={1.5} sx={{ flexWrap: 'wrap' }}>
        <TextField
          id={`${idPrefix}-from`}
          type="date"
          size="small"
          label={t('from')}
          value={value.from}
          onChange={(e) => onChange({ ...value, from: e.target.value })}
          required
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          sx={{ width: { xs: 'calc(50% - 6px)', sm: 170 } }}
        />
        <TextField
          id={`${idPrefix}-to`}
          type="date"
          size="small"
          label={t('to')}
          value={value.to}
          onChange={(e) => onChange({ ...value, to: e.target.value })}
          required
          error={Boolean(problem)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: { xs: 'calc(50% - 6px)', sm: 170 } }}
        />
      </Stack>
      {problem && (
        <Box role="alert" sx={{ color: 'error.main', typography: 'body2', mt: 0.5 }}>
          {translate(problem, { days: mostDays })}
        </Box>
      )}
      <Stack
        direction="row"
        gap={1}
        sx={{ flexWrap: 'wrap', mt: 1 }}
        role="group"
        aria-label={t('label')}
      >
        {(Object.keys(quick) as QuickRange[])
          .filter((key) => daysBetween(quick[key].from, quick[key].to) + 1 <= mostDays)
          .map((key) => {
            const picked = quick[key].from === value.from && quick[key].to === value.to;
            return (
              <Chip
                key={key}
                label={t(key)}
                size="small"
                color={picked ? 'primary' : 'default'}
                variant={picked ? 'filled' : 'outlined'}
                aria-pressed={picked}
                onClick={() => onChange(quick[key])}
              />
            );
          })}
      </Stack>
    </Box>
  );
}
