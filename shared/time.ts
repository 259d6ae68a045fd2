/**
 * The business runs in India: the panel, the PDFs and the public pages show every date and time
 * in India time (UTC+05:30 all year), whatever the zone of the browser or the server.
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/**
 * India keeps UTC+05:30 all year (no daylight saving), so a fixed offset is exact and cheaper
 * than asking Intl for the zone; it is also what the migrations' `order_day()` uses.
 */
export const INDIA_OFFSET_MINUTES = 330;
const INDIA_OFFSET_MS = INDIA_OFFSET_MINUTES * 60_000;
const DAY_MINUTES = 24 * 60;

/**
 * The instant moved by India's offset, so that its UTC fields (`getUTCFullYear`, `toISOString`)
 * read India's calendar and clock. Only for reading those fields, never as an instant.
 */
export function indiaWallClock(at: Date): Date {
  return new Date(at.getTime() + INDIA_OFFSET_MS);
}

/** The day it is in India at `at` (now by default), `2026-11-24`, whatever the machine's zone. */
export function indiaDay(at: Date = new Date()): string {
  return indiaWallClock(at).toISOString().slice(0, 10);
}

/** Minutes after midnight in India at `at`: 0 at 00:00 IST, 1439 at 23:59 IST. */
export function indiaMinuteOfDay(at: Date): number {
  const minutes = Math.floor(at.getTime() / 60_000) + INDIA_OFFSET_MINUTES;
  return ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

/** The instant India's midnight starts `day` (YYYY-MM-DD). */
export function indiaMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

/** The calendar day `days` after `day` (YYYY-MM-DD; negative: before). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The calendar day after `day` (YYYY-MM-DD). */
export const nextDay = (day: string): string => addDays(day, 1);

/** Tomorrow in India: the day whose orders the next cut-off makes. */
export const tomorrowInIndia = (now: Date = new Date()): string => addDays(indiaDay(now), 1);
