import { indiaDay, indiaMidnight } from '@shared/time';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  businessSettingsTable,
  categoriesTable,
  returnableBalancesTable,
  returnableHolderDaysTable,
  returnableHoldersTable,
  returnableOutstandingDaysTable,
  returnableStockTable,
} from '../../db/schema';
import { toMoney } from '../../lib/money';
import { cutoffOf, IS_OUT } from './outstanding';

const b = returnableBalancesTable;

/** When no business details are saved yet: units out longer than this are overdue. */
export const DEFAULT_OVERDUE_DAYS = 30;

/** The dashboard's returnables cards. */
export function createReturnableSummary(db: Database) {
  return {
    /**
     * The dashboard's cards: units with customers per kind of service (water jars, oxygen
     * cylinders) from the depot's stock rows (one per item), the deposits held, and the
     * overdue balances: held since before the cut-off, a range of returnable_balances_oldest_idx.
     */
    async summary(now: Date) {
      const [settings] = await db
        .select({ overdueDays: businessSettingsTable.overdueDays })
        .from(businessSettingsTable)
        .where(eq(businessSettingsTable.id, 'default'));
      const overdueDays = settings?.overdueDays ?? DEFAULT_OVERDUE_DAYS;
      const s = returnableStockTable;
      const cutoff = cutoffOf(now, overdueDays);
      // Overdue: a unit out since before the cutoff. The units are the days' counts before the
      // cutoff's day plus the balances of that day itself (through the list's index), the
      // customers likewise from the holders' oldest units.
      const day = indiaDay(cutoff);
      const d = returnableOutstandingDaysTable;
      const h = returnableHoldersTable;
      const hd = returnableHolderDaysTable;
      const [out, [overdue]] = await Promise.all([
        db
          .select({
            kind: categoriesTable.kind,
            n: sql<number>`coalesce(sum(${s.withCustomers}), 0)::int`.mapWith(Number),
            held: sql<string>`coalesce(sum(${s.depositHeld}), 0)`,
          })
          .from(s)
          .innerJoin(categoriesTable, eq(categoriesTable.id, s.categoryId))
          .groupBy(categoriesTable.kind),
        db
          .execute<{ units: string; customers: string }>(
            sql`SELECT
            (SELECT coalesce(sum(${d.units}), 0) FROM ${d} WHERE ${lt(d.day, day)})
              + (SELECT coalesce(sum(${b.outstanding}), 0) FROM ${b}
                  WHERE ${and(
                    IS_OUT,
                    gte(b.oldestOutstandingAt, indiaMidnight(day)),
                    lt(b.oldestOutstandingAt, cutoff),
                  )}) AS units,
            (SELECT coalesce(sum(${hd.n}), 0) FROM ${hd} WHERE ${lt(hd.day, day)})
              + (SELECT count(*) FROM ${h}
                  WHERE ${and(
                    gte(h.oldestOutstandingAt, indiaMidnight(day)),
                    lt(h.oldestOutstandingAt, cutoff),
                  )}) AS customers`,
          )
          .then((r) => r.rows),
      ]);
      const depositHeld = out.reduce((sum, r) => sum + (toMoney(r.held) ?? 0), 0);
      const outOf = (kind: string) => out.find((r) => r.kind === kind)?.n ?? 0;
      return {
        jarsOut: outOf('water'),
        cylindersOut: outOf('oxygen'),
        overdueUnits: Number(overdue?.units ?? 0),
        overdueCustomers: Number(overdue?.customers ?? 0),
        overdueDays,
        depositHeld: Math.round(depositHeld * 100) / 100,
      };
    },
  };
}
