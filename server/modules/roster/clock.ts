import type { FastifyBaseLogger } from 'fastify';
import { addDays, indiaDay, indiaMinuteOfDay } from '@shared/time';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { refreshSubscriptionStatuses } from '../subscriptions/statuses';
import { makeDeliveryDay } from './makeDay';
import { createRunRepository } from './runs';
import { createRosterSettingsRepository, cutoffMinutes } from './settings';

/** How often the clock looks whether a day is due. */
export const CLOCK_INTERVAL_MS = 60_000;

export interface RosterClockOptions {
  db: Database;
  log?: FastifyBaseLogger;
  /** The time now (tests set it); default the real one. */
  now?: () => Date;
  intervalMs?: number;
  /** Subscriptions per batch (makeDeliveryDay). */
  batchSize?: number;
}

export interface RosterClock {
  /** Looks once: makes each due day not yet made (the timer calls it every interval). */
  tick(): Promise<void>;
  /** Stops the timer; a run under way stops between batches (marked interrupted). */
  stop(): Promise<void>;
}

/**
 * The days due at `now`: today always (a day missed while the server was down is made at the
 * next start, as soon as it can still be delivered), and tomorrow once the cut-off (India time)
 * has passed.
 */
export function dueDays(now: Date, cutoff: string): string[] {
  const today = indiaDay(now);
  return indiaMinuteOfDay(now) >= cutoffMinutes(cutoff) ? [today, addDays(today, 1)] : [today];
}

/**
 * The roster's clock (issue 35): every minute, each due day that no run has made to the end is
 * made (makeDeliveryDay). Exactly once across instances: the runner's advisory lock (another
 * instance making a day: this one waits for the next tick, when the day is made) and the orders'
 * unique key. Started by server/main.ts (buildApp's `rosterClock` option); the timer is unref'd
 * and stopped on shutdown.
 */
export function startRosterClock(opts: RosterClockOptions): RosterClock {
  const { db, log } = opts;
  const now = opts.now ?? (() => new Date());
  const runs = createRunRepository(db);
  const settings = createRosterSettingsRepository(db);
  const stopping = new AbortController();
  let current: Promise<void> | undefined;
  /** The India day the subscriptions' statuses were last brought up to (once a day is enough). */
  let refreshedOn: string | undefined;

  async function look() {
    // Pauses start and end at midnight: the list's Paused / Active / Ended follow within a tick
    // of it, not at the next cut-off.
    const today = indiaDay(now());
    if (refreshedOn !== today) {
      await refreshSubscriptionStatuses(db, today);
      refreshedOn = today;
    }
    const { cutoff } = await settings.get();
    for (const day of dueDays(now(), cutoff)) {
      if (stopping.signal.aborted) return;
      if (await runs.isMade(day)) continue;
      try {
        const run = await makeDeliveryDay(
          db,
          day,
          { trigger: 'clock' },
          { batchSize: opts.batchSize, signal: stopping.signal, now },
        );
        log?.info(
          { day, status: run.status, generated: run.generated, skipped: run.skipped },
          `roster: ${day} ${run.status === 'done' ? 'made' : 'failed'}`,
        );
      } catch (err) {
        // Another runner (instance or admin) holds the lock: it is making a day; look again later.
        if (err instanceof HttpError && err.statusCode === 409) return;
        throw err;
      }
    }
  }

  function tick(): Promise<void> {
    // One look at a time: a long day outlasts the interval.
    current ??= look()
      .catch((err: unknown) => log?.error({ err }, 'roster clock: the look failed'))
      .finally(() => (current = undefined));
    return current;
  }

  const timer = setInterval(() => void tick(), opts.intervalMs ?? CLOCK_INTERVAL_MS);
  timer.unref();
  void tick();

  return {
    tick,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await current;
    },
  };
}
