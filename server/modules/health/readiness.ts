/** Whether this instance should be sent requests, and if not, why (no secrets, no versions). */
export type Readiness =
  | { ready: true }
  | {
      ready: false;
      /** What the answer says. */
      reason: string;
      /** For the log only: how many migrations are missing, the database's error. */
      pending?: number;
      err?: unknown;
    };

/** A database that answers slower than this is as good as down for a balancer's probe. */
export const READY_TIMEOUT_MS = 2000;

/**
 * The readiness check: the database answers within `timeoutMs` and has every migration the
 * server ships. Probes that arrive while a read is under way share it, so a stuck database
 * never holds more than one of them: each probe still answers after `timeoutMs`.
 */
export function createReadinessCheck(opts: {
  newestAppliedMigration: () => Promise<number | null>;
  shipped: readonly number[];
  timeoutMs?: number;
}) {
  const timeoutMs = opts.timeoutMs ?? READY_TIMEOUT_MS;
  let reading: Promise<number | null> | null = null;

  return async function checkReadiness(): Promise<Readiness> {
    reading ??= opts.newestAppliedMigration().finally(() => {
      reading = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed out'>((resolve) => {
      timer = setTimeout(() => resolve('timed out'), timeoutMs);
    });
    try {
      const latest = await Promise.race([reading, timedOut]);
      if (latest === 'timed out') {
        return { ready: false, reason: `the database did not answer within ${timeoutMs} ms` };
      }
      const pending = opts.shipped.filter((when) => latest === null || when > latest).length;
      if (pending > 0) {
        return { ready: false, reason: 'database migrations are not all applied yet', pending };
      }
      return { ready: true };
    } catch (err) {
      return { ready: false, reason: 'the database cannot be read', err };
    } finally {
      clearTimeout(timer);
    }
  };
}
