import { and, asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/errors';
import {
  orderCountsTable,
  ordersTable,
  riderCashSettlementsTable,
  ridersTable,
} from '../../db/schema';

/**
 * Cash on delivery (issue 15.5) and the dispatch summary (15.7). Money stays numeric in SQL:
 * sums and differences are computed there and sent as text, so a rupee figure is exact to the
 * paisa; only the answer turns it into a number (as the orders lists do).
 */

export type SettlementRow = typeof riderCashSettlementsTable.$inferSelect;

/** One rider's cash of a day. `riderId` is null for hand-ins of riders deleted since. */
export interface RiderCash {
  riderId: string | null;
  name: string;
  deliveredCod: number;
  expected: number;
  handedIn: number;
  difference: number;
}

export interface DayCash {
  riders: RiderCash[];
  totals: { expected: number; handedIn: number; difference: number };
  /** The sum of the positive differences: cash still with the riders. */
  notHandedIn: number;
}

/** What the customer pays: the total, or price + delivery charge on older orders. */
const PAID = sql.raw(
  'coalesce("orders"."total_amount", "orders"."price" + "orders"."delivery_charge")',
);

/**
 * Each rider's cash of `day`: the delivered cash-on-delivery orders of their run (through
 * orders_rider_run_idx, one lookup per rider: riders are a few hundred) and the hand-ins of the
 * day (rider_cash_settlements_day_idx). With `riderId`, that rider only.
 */
export async function cashOfDay(
  db: Database | Transaction,
  day: string,
  riderId?: string,
): Promise<DayCash> {
  const o = ordersTable;
  const s = riderCashSettlementsTable;
  const oneRider = (column: SQLWrapper) => (riderId ? sql`and ${column} = ${riderId}` : sql``);
  const { rows } = await db.execute<{
    rider_id: string | null;
    name: string;
    delivered_cod: number;
    expected: string;
    handed_in: string;
    difference: string;
    total_expected: string;
    total_handed_in: string;
    total_difference: string;
    not_handed_in: string;
  }>(sql`
    with cod as (
      select r.id as rider_id, x.n, x.expected
      from ${ridersTable} r
      cross join lateral (
        select count(*)::int as n, coalesce(sum(${PAID}), 0) as expected
        from ${o}
        where ${o.riderId} = r.id and ${o.runDate} = ${day}
          and ${o.status} = 'Delivered' and ${o.paymentMethod} = 'Cash on Delivery'
      ) x
      where x.n > 0 ${oneRider(sql`r.id`)}
    ),
    handed as (
      select ${s.riderId} as rider_id,
        (array_agg(${s.riderName} order by ${s.settledAt} desc))[1] as rider_name,
        sum(${s.amount}) as handed_in
      from ${s}
      where ${s.runDate} = ${day} ${oneRider(s.riderId)}
      group by ${s.riderId}, case when ${s.riderId} is null then ${s.riderName} end
    ),
    per_rider as (
      select coalesce(cod.rider_id, handed.rider_id) as rider_id,
        coalesce(r.name, handed.rider_name) as name,
        coalesce(cod.n, 0) as delivered_cod,
        coalesce(cod.expected, 0) as expected,
        coalesce(handed.handed_in, 0) as handed_in,
        coalesce(cod.expected, 0) - coalesce(handed.handed_in, 0) as difference
      from cod
      full join handed on handed.rider_id = cod.rider_id
      left join ${ridersTable} r on r.id = coalesce(cod.rider_id, handed.rider_id)
    )
    select rider_id, name, delivered_cod,
      expected::numeric(14, 2)::text as expected,
      handed_in::numeric(14, 2)::text as handed_in,
      difference::numeric(14, 2)::text as difference,
      (sum(expected) over ())::numeric(14, 2)::text as total_expected,
      (sum(handed_in) over ())::numeric(14, 2)::text as total_handed_in,
      (sum(difference) over ())::numeric(14, 2)::text as total_difference,
      (sum(greatest(difference, 0)) over ())::numeric(14, 2)::text as not_handed_in
    from per_rider
    order by name, rider_id`);
  const first = rows[0];
  return {
    riders: rows.map((r) => ({
      riderId: r.rider_id,
      name: r.name,
      deliveredCod: Number(r.delivered_cod),
      expected: Number(r.expected),
      handedIn: Number(r.handed_in),
      difference: Number(r.difference),
    })),
    totals: {
      expected: Number(first?.total_expected ?? 0),
      handedIn: Number(first?.total_handed_in ?? 0),
      difference: Number(first?.total_difference ?? 0),
    },
    notHandedIn: Number(first?.not_handed_in ?? 0),
  };
}

/** The hand-ins of a day, oldest first (rider_cash_settlements_day_idx). */
export async function settlementsOfDay(
  db: Database | Transaction,
  day: string,
  riderId?: string,
): Promise<SettlementRow[]> {
  const s = riderCashSettlementsTable;
  return db
    .select()
    .from(s)
    .where(and(eq(s.runDate, day), riderId ? eq(s.riderId, riderId) : undefined))
    .orderBy(asc(s.settledAt), asc(s.id));
}

export function toSettlementDto(s: SettlementRow) {
  return {
    _id: s.id,
    amount: Number(s.amount),
    settledByName: s.settledByName,
    settledAt: s.settledAt,
  };
}

/** Each rider's cash of `day` with that rider's hand-ins (rider/cash). */
export async function cashWithSettlements(db: Database, day: string) {
  const [cash, settlements] = await Promise.all([cashOfDay(db, day), settlementsOfDay(db, day)]);
  const byRider = (id: string | null, name: string) =>
    settlements
      .filter((s) => (id === null ? s.riderId === null && s.riderName === name : s.riderId === id))
      .map(toSettlementDto);
  return {
    riders: cash.riders.map((r) => ({ ...r, settlements: byRider(r.riderId, r.name) })),
    totals: cash.totals,
  };
}

/** `₹1,250.00`, Indian grouping. */
export function rupees(n: number): string {
  return `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * Records cash a rider handed in for `day` and answers the rider's cash of that day after it, in
 * one transaction; undefined when the rider does not exist (or is deleted meanwhile).
 */
export async function settleCash(
  db: Database,
  hand: { riderId: string; day: string; amount: string },
  admin: { id: string; name: string } | null | undefined,
) {
  try {
    return await db.transaction(async (tx) => {
      // Kept until commit: the rider cannot be deleted between the check and the insert.
      const [rider] = await tx
        .select({ id: ridersTable.id, name: ridersTable.name })
        .from(ridersTable)
        .where(eq(ridersTable.id, hand.riderId))
        .for('key share');
      if (!rider) return undefined;
      const [settlement] = await tx
        .insert(riderCashSettlementsTable)
        .values({
          riderId: rider.id,
          riderName: rider.name,
          runDate: hand.day,
          amount: hand.amount,
          settledBy: admin?.id ?? null,
          settledByName: admin?.name ?? null,
        })
        .returning();
      const cash = await cashOfDay(tx, hand.day, rider.id);
      return { rider, settlement: settlement!, cash: cash.riders[0] };
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) return undefined;
    throw err;
  }
}

/** How many riders the dispatch summary lists at most. */
export const SUMMARY_RIDERS = 50;

export interface DispatchSummary {
  unassignedJobs: number;
  ridersActive: number;
  riders: { _id: string; name: string; jobs: number; delivered: number; open: number }[];
  cashNotHandedIn: number;
}

/**
 * The dashboard's dispatch card for `day`. Unassigned open jobs are the open jobs of the
 * counters (order_counts, kept by trigger) less the open jobs with a rider (the whole of
 * orders_rider_open_idx, as small as the riders' open work), in one statement so both see the
 * same moment; the riders' jobs of the day one lookup per rider through orders_rider_run_idx.
 */
export async function dispatchSummary(db: Database, day: string): Promise<DispatchSummary> {
  const o = ordersTable;
  const c = orderCountsTable;
  const [open, riders, [active], cash] = await Promise.all([
    db.execute<{ unassigned: number }>(sql`
      select (
        (select coalesce(sum(${c.n}), 0) from ${c} where ${c.status} in ('Pending', 'Out for Delivery'))
        - (select count(*) from ${o}
           where "orders"."status" in ('Pending', 'Out for Delivery') and "orders"."rider_id" is not null)
      )::int as unassigned`),
    db.execute<{ id: string; name: string; jobs: number; delivered: number; open: number }>(sql`
      select r.id, r.name, x.jobs, x.delivered, x.open
      from ${ridersTable} r
      cross join lateral (
        select count(*)::int as jobs,
          (count(*) filter (where ${o.status} = 'Delivered'))::int as delivered,
          (count(*) filter (where ${o.status} in ('Pending', 'Out for Delivery')))::int as open
        from ${o}
        where ${o.riderId} = r.id and ${o.runDate} = ${day}
      ) x
      where x.jobs > 0
      order by x.jobs desc, r.name, r.id
      limit ${SUMMARY_RIDERS}`),
    db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(ridersTable)
      .where(eq(ridersTable.status, 'Active')),
    cashOfDay(db, day),
  ]);
  return {
    unassignedJobs: Math.max(0, Number(open.rows[0]?.unassigned ?? 0)),
    ridersActive: active?.n ?? 0,
    riders: riders.rows.map((r) => ({
      _id: r.id,
      name: r.name,
      jobs: Number(r.jobs),
      delivered: Number(r.delivered),
      open: Number(r.open),
    })),
    cashNotHandedIn: cash.notHandedIn,
  };
}
