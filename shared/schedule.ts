// A subscription's schedule: which days it delivers on. Shared by the server (the calendar, the
// day's roster) and the panel (the form's preview). Plain TypeScript, days as YYYY-MM-DD.

export const SCHEDULE_KINDS = ['daily', 'alternate', 'weekdays', 'everyNDays'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** The schedule as the calls carry it. `weekdays`: ISO numbers, 1 Monday .. 7 Sunday. */
export interface Schedule {
  kind: ScheduleKind;
  weekdays?: number[] | null;
  everyNDays?: number | null;
}

export const SUBSCRIPTION_STATUSES = ['Active', 'Paused', 'Ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The longest gap `everyNDays` takes (a quarter). */
export const MAX_EVERY_N_DAYS = 90;

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** ISO weekday of a day: 1 Monday .. 7 Sunday. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Every how many days a schedule of this kind delivers (weekdays: 1, then filtered by day). */
export function intervalDays(schedule: Schedule): number {
  if (schedule.kind === 'alternate') return 2;
  if (schedule.kind === 'everyNDays') return schedule.everyNDays ?? 1;
  return 1;
}

/**
 * Whether the schedule delivers on `day`, counted from the start date (alternate days and every
 * N days fall on the start date, then every 2 or N days), within start and end. Pauses, skips
 * and holidays are not looked at here: they stop a due day, they do not move it.
 */
export function isScheduledOn(
  schedule: Schedule,
  startDate: string,
  endDate: string | null | undefined,
  day: string,
): boolean {
  if (day < startDate || (endDate && day > endDate)) return false;
  if (schedule.kind === 'weekdays') return (schedule.weekdays ?? []).includes(isoWeekday(day));
  return daysBetween(startDate, day) % intervalDays(schedule) === 0;
}

/** The first scheduled day after `day` (none within a year: null). */
export function nextScheduledDay(
  schedule: Schedule,
  startDate: string,
  day: string,
): string | null {
  for (let i = 1; i <= 366; i++) {
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
    if (isScheduledOn(schedule, startDate, null, next)) return next;
  }
  return null;
}

/** A schedule in words: 'Every day', 'Alternate days', 'Mon, Thu', 'Every 3 days'. */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.kind === 'daily') return 'Every day';
  if (schedule.kind === 'alternate') return 'Alternate days';
  if (schedule.kind === 'everyNDays') return `Every ${schedule.everyNDays ?? 1} days`;
  const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return [...(schedule.weekdays ?? [])]
    .sort((a, b) => a - b)
    .map((d) => names[d - 1])
    .join(', ');
}
