import { MenuItem, Stack, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { indiaDay } from '@shared/time';
import { useFilterValue } from './useFilterValue';

const PERIODS = [
  ['today', 'app.list.filters.today'],
  ['yesterday', 'app.list.filters.yesterday'],
  ['week', 'app.list.filters.this_week'],
  ['custom', 'app.list.filters.custom'],
] as const;

/**
 * The days a list's records were placed on: any time, Today, Yesterday, This week (Monday to
 * today) or custom days, all in India time. The period is kept by name (`date=today`), so a
 * bookmarked "Today" stays today; custom days are kept as `from` / `to` (./dateRange.ts).
 */
export function DateRangeFilter({ label = 'app.list.filters.date' }: { label?: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [period, setPeriod] = useFilterValue('date', ['from', 'to']);
  const setDay = (key: 'from' | 'to', day: string) => {
    const next = { ...filterValues, [key]: day };
    if (!day) delete next[key];
    setFilters(next, {}, false);
  };
  return (
    <Stack direction="row" gap={1} flexWrap="wrap" alignItems="center">
      <TextField
        select
        size="small"
        label={translate(label)}
        value={period ?? ''}
        onChange={(e) => {
          const value = e.target.value;
          // Custom days start as today: a range the admin then widens.
          if (value === 'custom') setPeriod(value, { from: indiaDay(), to: indiaDay() });
          else setPeriod(value || undefined);
        }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ width: 160 }}
      >
        <MenuItem value="">{translate('app.list.filters.any_time')}</MenuItem>
        {PERIODS.map(([value, text]) => (
          <MenuItem key={value} value={value}>
            {translate(text)}
          </MenuItem>
        ))}
      </TextField>
      {period === 'custom' &&
        (['from', 'to'] as const).map((key) => (
          <TextField
            key={key}
            type="date"
            size="small"
            label={translate(`app.list.filters.${key}`)}
            value={(filterValues[key] as string | undefined) ?? ''}
            onChange={(e) => setDay(key, e.target.value)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: {
                // The other end of the range bounds this one: a range never runs backwards.
                ...(key === 'from' && filterValues.to ? { max: filterValues.to } : {}),
                ...(key === 'to' && filterValues.from ? { min: filterValues.from } : {}),
              },
            }}
            sx={{ width: 160 }}
          />
        ))}
    </Stack>
  );
}
