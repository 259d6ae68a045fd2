import { indiaMinuteOfDay } from '@shared/time';
import type { RunShift } from '../../db/schema';

/** The Evening round takes the slots starting at 2:00 PM or later. */
const EVENING_FROM_MINUTE = 14 * 60;

/**
 * Minutes after midnight a delivery slot starts ('5:00 PM - 7:00 PM': 1020, '5 PM - 7 PM' too,
 * '17:00 - 19:00' too); undefined for a slot without a time ('Within 2 hours').
 */
function slotStartMinute(slot: string): number | undefined {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*(?:([AaPp])\.?\s*[Mm]\.?)?/.exec(slot);
  if (!m || (m[2] === undefined && m[3] === undefined)) return undefined;
  const hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  if (hour > 23 || minute > 59) return undefined;
  const meridiem = m[3]?.toUpperCase();
  const hour24 = meridiem ? (hour % 12) + (meridiem === 'P' ? 12 : 0) : hour;
  return hour24 * 60 + minute;
}

/**
 * The round a job goes out in: Evening when its delivery slot starts at or after 2:00 PM, else
 * Morning; a job without a slot with a time ('Within 2 hours', none) by the India time it was
 * placed, by the same rule. The one rule for the whole server (assigning, auto-assign, runs).
 */
export function runShiftOf(deliveryTime: string | null, placedAt: Date): RunShift {
  const start = deliveryTime === null ? undefined : slotStartMinute(deliveryTime);
  const minute = start ?? indiaMinuteOfDay(placedAt);
  return minute >= EVENING_FROM_MINUTE ? 'Evening' : 'Morning';
}
