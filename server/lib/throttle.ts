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

/** A claim taken, or the limit that refused it (nothing written then). */
export type ClaimResult = { claim: Claim; refused?: undefined } | { claim: null; refused: Limit };

/**
 * Counts tries per key inside a sliding window, in the database, so every instance shares it.
 * A try is claimed before it is checked (`claim`), under a per-key advisory lock, so parallel
 * requests cannot all read the same count and slip past the limit together.
 */
export function createThrottle(db: Database, windowMs: number) {
  const since = () => new Date(Date.now() - windowMs);
  return {
    /**
     * Claims one try against every limit at once: refused by the first spent one (and nothing
     * written) when any of them is. Keep the claim for a failed try; `release` it when the try turned out fine.
     */
    async claim(limits: Limit[]): Promise<ClaimResult> {
      const sorted = [...limits].sort((a, b) => a.key.localeCompare(b.key));
      return db.transaction(async (tx) => {
        // Sorted keys: two claims on the same keys lock them in one order and cannot deadlock.
        for (const { key } of sorted) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        }
        // Counted in the caller's order, so the first spent limit it lists is the one reported.
        for (const limit of limits) {
          const [row] = await tx
            .select({ n: count() })
            .from(authThrottleTable)
            .where(and(eq(authThrottleTable.key, limit.key), gt(authThrottleTable.at, since())));
          if ((row?.n ?? 0) >= limit.max) return { claim: null, refused: limit };
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
        return { claim: rows.map((r) => r.id) };
      });
    },
    async release(claim: Claim): Promise<void> {
      if (claim.length)
        await db.delete(authThrottleTable).where(inArray(authThrottleTable.id, claim));
    },
    async clear(key: string): Promise<void> {
      await db.delete(authThrottleTable).where(eq(authThrottleTable.key, key));
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
