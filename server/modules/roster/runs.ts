import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rosterRunsTable, type RosterRunTrigger } from './tables';

export type RosterRunRow = typeof rosterRunsTable.$inferSelect;

/** Interrupted runs (the server stopped during one) are told apart from failures by this. */
export const INTERRUPTED = 'Interrupted: the server stopped during the run. Make the day again.';

/** Runs counted exactly up to this many; beyond, the total says "at least". */
const COUNT_CAP = 10_000;

export function toRunDto(row: RosterRunRow) {
  return {
    _id: row.id,
    day: row.day,
    trigger: row.trigger,
    adminName: row.adminName,
    status: row.status,
    generated: row.generated,
    skipped: row.skipped,
    alreadyMade: row.alreadyMade,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The record of the runs that made days (roster_runs). */
export function createRunRepository(db: Database) {
  return {
    async start(
      day: string,
      trigger: RosterRunTrigger,
      admin?: { id: string; name: string },
    ): Promise<RosterRunRow> {
      const [row] = await db
        .insert(rosterRunsTable)
        .values({ day, trigger, adminId: admin?.id ?? null, adminName: admin?.name ?? null })
        .returning();
      return row!;
    },

    async finish(
      id: string,
      values: Pick<RosterRunRow, 'status' | 'generated' | 'skipped' | 'alreadyMade' | 'error'>,
    ): Promise<RosterRunRow> {
      const [row] = await db
        .update(rosterRunsTable)
        .set({ ...values, finishedAt: new Date() })
        .where(eq(rosterRunsTable.id, id))
        .returning();
      return row!;
    },

    /** Runs still 'running' while this runner holds the lock were cut short by a stop. */
    async closeInterrupted(): Promise<void> {
      await db
        .update(rosterRunsTable)
        .set({ status: 'failed', error: INTERRUPTED, finishedAt: new Date() })
        .where(eq(rosterRunsTable.status, 'running'));
    },

    /** Whether a run has made `day` to the end (the clock does not run it again). */
    async isMade(day: string): Promise<boolean> {
      const [row] = await db
        .select({ id: rosterRunsTable.id })
        .from(rosterRunsTable)
        .where(and(eq(rosterRunsTable.day, day), eq(rosterRunsTable.status, 'done')))
        .limit(1);
      return row !== undefined;
    },

    /** Newest first, by roster_runs_started_idx (started_at, id). */
    async list(page: number, limit: number): Promise<{ rows: RosterRunRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(rosterRunsTable)
          .orderBy(desc(rosterRunsTable.startedAt), desc(rosterRunsTable.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM roster_runs LIMIT ${COUNT_CAP}) r`,
          )
          .then((r) => r.rows),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },
  };
}
