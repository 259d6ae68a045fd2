import { and, count, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  customerOrderCountsTable,
  OPEN_ORDER_STATUSES,
  orderCountsTable,
  orderDayCountsTable,
  orderOpenSlotCountsTable,
  ordersTable,
} from '../../db/schema';
import { anyOf } from '../../lib/sql';
import {
  baseConditions,
  byDayOrUrgency,
  bySlotOrRider,
  counterConditions,
  countersFor,
  dayCounterConditions,
  slotCounterConditions,
  type OrderFilter,
} from './conditions';
import { lookUp, matchCondition, type SearchMatches } from './search';

/** The total of a filter the counters cannot give (`countersFor`), counted. */
async function countOf(db: Database, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ordersTable)
    .where(and(...where));
  return row?.n ?? 0;
}

/**
 * The exact total of a search: the matched customers' orders from their counters (kept by
 * trigger, migration 0010; a common surname matches tens of thousands of orders), plus the
 * orders matched by id whose customer did not match. A pin code (open jobs only, which the
 * counters do not split), a slot, a date range or emergencies count the matches themselves
 * (the matched customers' orders of those days, through orders_customer_created_idx).
 */
async function searchTotal(db: Database, f: OrderFilter, m: SearchMatches): Promise<number> {
  const base = baseConditions(f);
  if (f.pincode !== undefined || bySlotOrRider(f) || byDayOrUrgency(f)) {
    return countOf(db, [...base, matchCondition(m)]);
  }
  const c = customerOrderCountsTable;
  const where: SQL[] = [sql`${c.customerId} = matched.id`];
  if (f.categoryId) where.push(eq(c.categoryId, f.categoryId));
  if (f.statuses) {
    where.push(inArray(c.status, f.statuses === 'open' ? OPEN_ORDER_STATUSES : f.statuses));
  }
  if (f.orderType) where.push(eq(c.orderType, f.orderType));
  // Each matched customer's counters summed through the primary key, one customer at a time
  // (a lateral aggregate cannot be turned into a join): as `customer_id = any(...)` PostgreSQL
  // reads every counter once a few thousand customers match. The key's index holds `n`
  // (migration 0028), so the counters are read without the table.
  const perCustomer = db
    .select({ n: sql`sum(${c.n})`.as('n') })
    .from(c)
    .where(and(...where));
  const byCustomer = async () => {
    if (!m.customerIds.length) return 0;
    const { rows } = await db.execute<{ n: string }>(sql`
      select coalesce(sum(per_customer.n), 0) as n
      from unnest(${sql.param(m.customerIds)}::text[]) as matched(id)
      cross join lateral (${perCustomer}) as per_customer`);
    return Number(rows[0]?.n ?? 0);
  };
  // Orders matched by their id whose customer was not matched (else counted above).
  const byOrderIdAlone = async () => {
    if (!m.orderIds.length) return 0;
    const [row] = await db
      .select({ n: count() })
      .from(ordersTable)
      .where(
        and(
          ...base,
          anyOf(ordersTable.id, m.orderIds),
          not(anyOf(ordersTable.customerId, m.customerIds)),
        ),
      );
    return row?.n ?? 0;
  };
  const [customers, orders] = await Promise.all([byCustomer(), byOrderIdAlone()]);
  return customers + orders;
}

/**
 * The total from the counters kept by trigger (migrations 0005, 0015, 0048): per pin code, per
 * day and urgency for a date range or emergencies, or per slot for open jobs; a search from its
 * own counters (`searchTotal`); what no counter splits, counted through its index
 * (`countersFor`).
 */
export async function orderTotal(db: Database, f: OrderFilter, m?: SearchMatches): Promise<number> {
  if (f.search) return searchTotal(db, f, m ?? (await lookUp(db, f.search)));
  const counters = countersFor(f);
  if (!counters) return countOf(db, baseConditions(f));
  const { table, where } =
    counters === 'per-day'
      ? { table: orderDayCountsTable, where: dayCounterConditions(f) }
      : counters === 'per-slot'
        ? { table: orderOpenSlotCountsTable, where: slotCounterConditions(f) }
        : { table: orderCountsTable, where: counterConditions(f) };
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${table.n}), 0)`.mapWith(Number) })
    .from(table)
    .where(and(...where));
  return row?.n ?? 0;
}
