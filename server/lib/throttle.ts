import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authThrottleTable } from '../db/schema';

export interface Limit {
  key: string;
  /** Tries allowed inside the window. */
  max: number;
}

/** The rows one claim wrote, one per limit; `release` gives them back. */
export type Claim = number[];

/**
 * Counts tries per key inside a sliding window, in the database, so every instance shares it.
 * A try is claimed before it is checked (`claim`), under a per-key advisory lock, so parallel
 * requests cannot all read the same count and slip past the limit together.
 */
export function createThrottle(db: Database, windowMs: number) {
  const since = () => new Date(Date.now() - windowMs);
  return {
    /**
     * Claims one try against every limit at once: null (and nothing written) when any of them is
     * spent. Keep the claim for a failed try; `release` it when the try turned out fine.
     */
    async claim(limits: Limit[]): Promise<Claim | null> {
      const sorted = [...limits].sort((a, b) => a.key.localeCompare(b.key));
      return db.transaction(async (tx) => {
        // Sorted keys: two claims on the same keys lock them in one order and cannot deadlock.
        for (const { key } of sorted) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        }
        for (const { key, max } of sorted) {
          const [row] = await tx
            .select({ n: count() })
            .from(authThrottleTable)
            .where(and(eq(authThrottleTable.key, key), gt(authThrottleTable.at, since())));
          if ((row?.n ?? 0) >= max) return null;
        }
        const keys = sorted.map((l) => l.key);
        // Keep the table small: rows older than the window are of no further use.
        await tx
          .delete(authThrottleTable)
          .where(and(inArray(authThrottleTable.key, keys), lt(authThrottleTable.at, since())));
        const rows = await tx
          .insert(authThrottleTable)
          .values(keys.map((key) => ({ key })))
          .returning({ id: authThrottleTable.id });
        return rows.map((r) => r.id);
      });
    },
    async release(claim: Claim): Promise<void> {
      if (claim.length)
        await db.delete(authThrottleTable).where(inArray(authThrottleTable.id, claim));
    },
    /** Tries recorded for `key` inside the window. */
    async count(key: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(authThrottleTable)
        .where(and(eq(authThrottleTable.key, key), gt(authThrottleTable.at, since())));
      return row?.n ?? 0;
    },
    /** Records a try that no limit refuses (the per-account slow-down counts these). */
    async record(key: string): Promise<void> {
      await db.insert(authThrottleTable).values({ key });
      await db
        .delete(authThrottleTable)
        .where(and(eq(authThrottleTable.key, key), lt(authThrottleTable.at, since())));
    },
    async clear(key: string): Promise<void> {
      await db.delete(authThrottleTable).where(eq(authThrottleTable.key, key));
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
