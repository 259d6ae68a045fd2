/**
 * A clock the API tests set, so that a test's idea of "today in India" and the in-process
 * server's agree, and both are checked at the hour where a UTC day and India's differ.
 */
import { vi } from 'vitest';
import { indiaDay, indiaMidnight } from '@shared/time';

/** Ten minutes past midnight in India (18:40 UTC the day before) of today's India day. */
export function justAfterIndiaMidnight(now = new Date()): Date {
  return new Date(indiaMidnight(indiaDay(now)).getTime() + 10 * 60_000);
}

/**
 * Sets `Date` (only: timers stay real) to `at`, from where it runs on with real time, for the
 * test file and the server it builds in this process. Undo with `vi.useRealTimers()`.
 */
export function pinClock(at: Date = justAfterIndiaMidnight()): Date {
  vi.useFakeTimers({ toFake: ['Date'], now: at, shouldAdvanceTime: true });
  return at;
}
