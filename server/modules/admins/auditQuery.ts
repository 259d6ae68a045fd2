/**
 * The audit log's filter and its exact total (the list and its export in repository.ts share
 * the filter).
 */
import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { auditCountsTable, auditDayCountsTable, auditLogTable } from '../../db/schema';

/** The audit log's filters, without a page. */
export interface AuditLogQuery {
  adminId?: string;
  resource?: string;
  from?: Date;
  to?: Date;
}

/** The admin and resource conditions, on audit_log or on one of its counter tables. */
function whoIs(q: AuditLogQuery, t: { adminId: AnyPgColumn; resource: AnyPgColumn }): SQL[] {
  const where: SQL[] = [];
  if (q.adminId) where.push(eq(t.adminId, q.adminId));
  if (q.resource) where.push(eq(t.resource, q.resource));
  return where;
}

/**
 * Each filter combination walks one index of audit_log: (admin_id, at), (resource, at) or
 * (at); `to` is exclusive.
 */
export function auditFilter(q: AuditLogQuery): SQL | undefined {
  return and(
    ...whoIs(q, auditLogTable),
    q.from ? gte(auditLogTable.at, q.from) : undefined,
    q.to ? lt(auditLogTable.at, q.to) : undefined,
  );
}

const DAY_MS = 86_400_000;
const startOfDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const nextStartOfDay = (at: Date) => new Date(Math.ceil(at.getTime() / DAY_MS) * DAY_MS);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The filter's rows from `from` (inclusive) to `to` (exclusive), counted: at most a day's. */
function countBetween(db: Database, q: AuditLogQuery, from: Date | undefined, to: Date) {
  return db
    .select({ n: count() })
    .from(auditLogTable)
    .where(auditFilter({ ...q, from, to }));
}

/**
 * The exact number of audit rows a filter matches, without counting the trail (a real operator
 * writes millions of rows): without dates, a sum of the per-admin-and-resource counters; with
 * dates, a sum of the per-day counters over the whole UTC days inside the range, plus a count of
 * the part-days at each end (through audit_log's indexes, at most a day of rows each). Both
 * counter tables are kept by trigger in the same transaction as each row (migration 0023).
 */
export async function auditTotal(db: Database, q: AuditLogQuery): Promise<number> {
  if (!q.from && !q.to) {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${auditCountsTable.n}), 0)`.mapWith(Number) })
      .from(auditCountsTable)
      .where(and(...whoIs(q, auditCountsTable)));
    return row?.n ?? 0;
  }
  // Whole days: from the first midnight at or after `from` to the last at or before `to`.
  const firstDay = q.from ? nextStartOfDay(q.from) : undefined;
  const endDay = q.to ? startOfDay(q.to) : undefined;
  if (firstDay && endDay && firstDay >= endDay) {
    // No whole day inside: the range lies within at most two days' rows.
    const [row] = await countBetween(db, q, q.from, q.to!);
    return row?.n ?? 0;
  }
  const head =
    q.from && firstDay && q.from < firstDay
      ? sql`(${countBetween(db, q, q.from, firstDay)})`
      : sql`0`;
  const tail =
    q.to && endDay && endDay < q.to ? sql`(${countBetween(db, q, endDay, q.to)})` : sql`0`;
  const [row] = await db
    .select({
      n: sql<number>`coalesce(sum(${auditDayCountsTable.n}), 0) + ${head} + ${tail}`.mapWith(
        Number,
      ),
    })
    .from(auditDayCountsTable)
    .where(
      and(
        ...whoIs(q, auditDayCountsTable),
        firstDay ? gte(auditDayCountsTable.day, dayOf(firstDay)) : undefined,
        endDay ? lt(auditDayCountsTable.day, dayOf(endDay)) : undefined,
      ),
    );
  return row?.n ?? 0;
}
