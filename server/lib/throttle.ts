import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authThrottleTable } from '../db/schema';

/** Counts events per key inside a sliding window, in the database (shared by all instances). */
export function createThrottle(db: Database, windowMs: number) {
  const since = () => new Date(Date.now() - windowMs);
  return {
    async count(key: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(authThrottleTable)
        .where(and(eq(authThrottleTable.key, key), gt(authThrottleTable.at, since())));
      return row?.n ?? 0;
    },
    async record(key: string): Promise<void> {
      await db.insert(authThrottleTable).values({ key });
      // Keep the table small: rows older than the window are of no further use.
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
