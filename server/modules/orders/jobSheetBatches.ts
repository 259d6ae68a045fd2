import { and, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { orderCountsTable, ordersTable } from '../../db/schema';
import { counterConditions, countersFor, type OrderFilter } from './conditions';
import type { OrderRow } from './dto';
import { joinedFrom } from './rows';
import { whereOf } from './search';

/** What the job sheet reads: its headings' counts and its jobs, a batch at a time. */
export function createJobSheetBatches(db: Database) {
  return {
    /**
     * The open jobs of the filter per pin code (the job sheet's headings): summed from the
     * counters, or counted over its matches for a search, a slot or days (a service's open
     * jobs, a small part of the table).
     */
    async countsByPincode(f: OrderFilter): Promise<Map<string, number>> {
      const rows =
        f.search || countersFor(f) !== 'per-pincode'
          ? await db
              .select({ pincode: ordersTable.pincode, n: count() })
              .from(ordersTable)
              .where(await whereOf(db, f))
              .groupBy(ordersTable.pincode)
          : await db
              .select({
                pincode: orderCountsTable.pincode,
                n: sql<number>`sum(${orderCountsTable.n})`.mapWith(Number),
              })
              .from(orderCountsTable)
              .where(and(...counterConditions(f)))
              .groupBy(orderCountsTable.pincode);
      return new Map(rows.filter((r) => r.n > 0).map((r) => [r.pincode, r.n]));
    },

    /**
     * The next `limit` jobs of the filter for the job sheet, in the sheet's order (by pin code,
     * emergencies first, then oldest first, id last) after the job `afterId`: a keyset, so each
     * batch starts where the previous one ended, through orders_open_jobs_idx.
     */
    async jobSheetBatch(
      f: OrderFilter,
      afterId: string | undefined,
      limit: number,
    ): Promise<OrderRow[]> {
      const o = ordersTable;
      const where = [await whereOf(db, f)];
      if (afterId) {
        // The key of the last job read, taken from its row (exact to the microsecond).
        const last = alias(ordersTable, 'sheet_last');
        const lastRow = <T extends Parameters<typeof db.select>[0]>(fields: T) =>
          db.select(fields).from(last).where(eq(last.id, afterId));
        const lastKey = lastRow({
          pincode: last.pincode,
          urgency: sql`not ${last.isEmergency}`,
          createdAt: last.createdAt,
          id: last.id,
        });
        where.push(
          sql`${o.pincode} >= ${lastRow({ pincode: last.pincode })}`,
          sql`(${o.pincode}, not ${o.isEmergency}, ${o.createdAt}, ${o.id}) > ${lastKey}`,
        );
      }
      // The batch's ids first (sorting narrow rows), then only those joined with their names.
      const sheetOrder = [asc(o.pincode), sql`not ${o.isEmergency}`, asc(o.createdAt), asc(o.id)];
      const ids = db
        .select({ id: o.id })
        .from(o)
        .where(and(...where))
        .orderBy(...sheetOrder)
        .limit(limit)
        .as('sheet_ids');
      const rows = await joinedFrom(db)
        .innerJoin(ids, eq(ids.id, o.id))
        .orderBy(...sheetOrder);
      return rows as OrderRow[];
    },
  };
}
