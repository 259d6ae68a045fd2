import { List, ListItemButton, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { addDays, indiaDay } from '@shared/time';
import { formatDay } from '@/format';

/** How many days back the rider's view links runs; older ones are a date away on the run page. */
export const RUN_DAYS = 7;

/**
 * A rider's runs (issue 37): the last week's days, today first, each opening that day's run
 * (/rider/run/{id}?date=), where its jobs, run sheet and hand-off are.
 */
export function RiderRuns({ riderId }: { riderId: string }) {
  const translate = useTranslate();
  const today = indiaDay();
  const days = Array.from({ length: RUN_DAYS }, (_, n) => addDays(today, -n));
  const name = (day: string, n: number) =>
    n === 0
      ? translate('app.riders.runs_today', { day: formatDay(day) })
      : n === 1
        ? translate('app.riders.runs_yesterday', { day: formatDay(day) })
        : formatDay(day);
  return (
    <List dense disablePadding aria-label={translate('app.riders.runs')}>
      {days.map((day, n) => (
        <ListItemButton
          key={day}
          component={Link}
          to={`/rider/run/${encodeURIComponent(riderId)}?date=${day}`}
          divider
        >
          <ListItemText primary={name(day, n)} />
        </ListItemButton>
      ))}
    </List>
  );
}
