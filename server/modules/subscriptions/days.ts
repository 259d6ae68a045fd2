import { isScheduledOn, type Schedule, type SubscriptionStatus } from '@shared/schedule';
import { addDays } from '@shared/time';
import type { subscriptionPausesTable, subscriptionsTable } from './tables';

// What stops a scheduled day (pauses, skips, holidays) and the status a subscription has on a
// day: plain functions over rows already read, shared by the answers, the writes and the calendar.

export type SubscriptionRow = typeof subscriptionsTable.$inferSelect;
export type PauseRow = typeof subscriptionPausesTable.$inferSelect;

/** A holiday as the days need it: its day, name and pin codes (none: every pin code). */
export interface HolidayDay {
  day: string;
  name: string;
  pincodes: string[];
}

/** The schedule of a stored subscription, as shared/schedule.ts takes it. */
export function scheduleOf(s: SubscriptionRow): Schedule {
  return {
    kind: s.scheduleKind,
    weekdays: s.scheduleKind === 'weekdays' ? s.weekdays : [],
    everyNDays: s.scheduleKind === 'everyNDays' ? s.intervalDays : null,
  };
}

export const covers = (p: Pick<PauseRow, 'fromDate' | 'toDate'>, day: string) =>
  p.fromDate <= day && (p.toDate === null || p.toDate >= day);

/** The pause covering `day`, else the next one to start; null when none. */
export function currentOrNextPause(pauses: PauseRow[], day: string): PauseRow | null {
  const covering = pauses.find((p) => covers(p, day));
  if (covering) return covering;
  const next = pauses
    .filter((p) => p.fromDate > day)
    .sort((a, b) => a.fromDate.localeCompare(b.fromDate));
  return next[0] ?? null;
}

/** The holiday of `day` for this pin code, if any. */
export function holidayOn(holidays: HolidayDay[], day: string, pincode: string) {
  return holidays.find(
    (h) => h.day === day && (h.pincodes.length === 0 || h.pincodes.includes(pincode)),
  );
}

/** Days looked ahead for the next delivery (a year). */
export const LOOK_AHEAD_DAYS = 366;

/**
 * The next day after `today` the subscription delivers: scheduled, within its dates, not
 * paused, skipped or a holiday of its pin code; null when none within a year or it has ended.
 */
export function nextDelivery(
  s: SubscriptionRow,
  today: string,
  pauses: PauseRow[],
  skips: Set<string>,
  holidays: HolidayDay[],
): string | null {
  if (s.status === 'Ended') return null;
  const schedule = scheduleOf(s);
  for (let i = 1; i <= LOOK_AHEAD_DAYS; i++) {
    const day = addDays(today, i);
    if (s.endDate && day > s.endDate) return null;
    if (!isScheduledOn(schedule, s.startDate, s.endDate, day)) continue;
    if (pauses.some((p) => covers(p, day)) || skips.has(day)) continue;
    if (holidayOn(holidays, day, s.pincode)) continue;
    return day;
  }
  return null;
}

/** The status as of `day`: Ended past the end date, Paused while a pause covers it, else Active. */
export function statusOn(
  s: Pick<SubscriptionRow, 'endDate'>,
  pauses: PauseRow[],
  day: string,
): { status: SubscriptionStatus; reason: string | null } {
  if (s.endDate && s.endDate < day) return { status: 'Ended', reason: `Ended on ${s.endDate}` };
  const pause = pauses.find((p) => covers(p, day));
  if (pause) return { status: 'Paused', reason: pause.reason ?? 'Paused' };
  return { status: 'Active', reason: null };
}

/** The scheduled days from `from` to `to` (both included), within the subscription's dates. */
export function scheduledDays(
  schedule: Schedule,
  startDate: string,
  endDate: string | null,
  from: string,
  to: string,
): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (isScheduledOn(schedule, startDate, endDate, day)) days.push(day);
  }
  return days;
}
