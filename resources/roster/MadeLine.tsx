import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Stack, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { formatCount, formatDay } from '@/format';
import { addDays } from '@shared/time';
import type { Roster, RosterRun } from './calls';
import { indiaDayOf, indiaTime, latestRunOf } from './day';

/** The runs read to find the day's: the newest page the call allows. */
const RECENT_RUNS = 100;

/**
 * Whether the day's orders are made: 'Made at 21:00 by the clock: 1,234 orders' (the latest
 * run of that day, the orders' count), or 'Not made yet: projected from the subscriptions'.
 */
export function MadeLine({ roster }: { roster: Roster }) {
  const translate = useTranslate();
  const { data: runs } = useGetList<RosterRun & { id: string }>(
    'roster',
    { pagination: { page: 1, perPage: RECENT_RUNS } },
    { enabled: roster.made },
  );
  if (!roster.made) {
    return (
      <Stack direction="row" gap={1} alignItems="center">
        <ScheduleIcon color="warning" fontSize="small" />
        <Typography>{translate('app.roster.projected')}</Typography>
      </Stack>
    );
  }
  const count = formatCount(roster.totals.deliveries);
  const run = latestRunOf(runs ?? [], roster.date);
  const at = run && (run.finishedAt ?? run.startedAt);
  let text = translate('app.roster.made', { count });
  if (run && at) {
    const by = run.adminName ?? translate('app.roster.the_clock');
    const madeDay = indiaDayOf(at);
    // The usual: made the evening before, at the cut-off; otherwise the day it was made.
    text =
      madeDay === addDays(roster.date, -1)
        ? translate('app.roster.made_at', { time: indiaTime(at), by, count })
        : translate('app.roster.made_on', {
            day: formatDay(at),
            time: indiaTime(at),
            by,
            count,
          });
  }
  return (
    <Stack direction="row" gap={1} alignItems="center">
      <CheckCircleIcon color="success" fontSize="small" />
      <Typography>{text}</Typography>
    </Stack>
  );
}
