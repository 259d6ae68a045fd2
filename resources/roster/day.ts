import { indiaDay, indiaWallClock } from '@shared/time';
import { tomorrowInIndia } from '@shared/time';
import { formatCalendarDay } from '@/format';
import { formatCount } from '@/format';
import type { RosterRun } from './calls';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const dayLabel = formatCalendarDay;

/** The `?date=` of the address when it is a real day, else tomorrow in India. */
export function rosterDay(value: string | null, now = new Date()): string {
  if (value && DAY.test(value)) {
    // '2025-02-30' parses as 2 March: only a day that reads back the same is real.
    const day = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value) return value;
  }
  return tomorrowInIndia(now);
}

/** The India clock time of an instant, 24-hour: '21:00'. */
export const indiaTime = (at: string) => indiaWallClock(new Date(at)).toISOString().slice(11, 16);

/** The India day of an instant, YYYY-MM-DD. */
export const indiaDayOf = (at: string) => indiaDay(new Date(at));

/** How many were skipped, whatever the reasons. */
export const skippedTotal = (skipped: Record<string, number> | null | undefined) =>
  Object.values(skipped ?? {}).reduce((sum, n) => sum + (Number(n) || 0), 0);

/** 'paused 3, holiday 40': each reason with its count, the largest first, none left out. */
export function skippedReasons(
  skipped: Record<string, number> | null | undefined,
  reasonName: (reason: string) => string,
): string {
  return Object.entries(skipped ?? {})
    .filter(([, n]) => Number(n) > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([reason, n]) => `${reasonName(reason)} ${formatCount(n)}`)
    .join(', ');
}

/**
 * The run that made the day: the newest finished one of that day among the runs given
 * (newest first). Another run may have made more later; the counts come from the orders.
 */
export const latestRunOf = (runs: RosterRun[], day: string) =>
  runs.find((run) => run.day === day && run.status === 'done');
