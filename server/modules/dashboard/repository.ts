import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  customerCountsTable,
  orderCountsTable,
  ordersTable,
  supportTicketsTable,
  type CustomerStatus,
  type OrderStatus,
} from '../../db/schema';
import { toMoney } from '../../lib/money';

/** The chart's periods: how many buckets of which unit, ending with the one holding today. */
export const ORDER_FILTERS = {
  daily: { unit: 'day', step: '1 day', buckets: 14, label: 'FMDD Mon' },
  weekly: { unit: 'week', step: '1 week', buckets: 12, label: '"Week of "FMDD Mon' },
  monthly: { unit: 'month', step: '1 month', buckets: 12, label: 'Mon YYYY' },
  // An interval has no quarters: step three months from the quarter's first day.
  quarterly: { unit: 'quarter', step: '3 months', buckets: 8, label: '"Q"Q YYYY' },
} as const;
export type OrderFilter = keyof typeof ORDER_FILTERS;

/** What the customer pays, as the order lists show it (docs/api.md "The order record"). */
const paid = sql<string>`coalesce(${ordersTable.totalAmount}, ${ordersTable.price} + ${ordersTable.deliveryCharge})`;

export function createDashboardRepository(db: Database) {
  return {
    /** Customers per status from the trigger-kept counters (a few rows, never the customers). */
    async customerCounts(): Promise<Partial<Record<CustomerStatus, number>>> {
      const rows = await db.select().from(customerCountsTable);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },

    /** Orders per status, summed over the counters of every service, pin code and type. */
    async orderCounts(): Promise<Partial<Record<OrderStatus, number>>> {
      const rows = await db
        .select({
          status: orderCountsTable.status,
          n: sql<number>`sum(${orderCountsTable.n})::int`.mapWith(Number),
        })
        .from(orderCountsTable)
        .groupBy(orderCountsTable.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },

    /** The newest orders, read backwards through orders_created_idx (created_at, id). */
    async recentOrders(limit: number) {
      const rows = await db
        .select({
          id: ordersTable.id,
          orderId: ordersTable.orderId,
          paymentMethod: ordersTable.paymentMethod,
          amount: paid,
          status: ordersTable.status,
          createdAt: ordersTable.createdAt,
        })
        .from(ordersTable)
        .orderBy(desc(ordersTable.createdAt), desc(ordersTable.id))
        .limit(limit);
      return rows.map((r) => ({
        _id: r.id,
        orderId: r.orderId,
        paymentMethod: r.paymentMethod,
        amount: toMoney(r.amount) ?? 0,
        status: r.status,
        createdAt: r.createdAt,
      }));
    },

    /** The newest tickets, through support_tickets_created_idx. */
    async recentTickets(limit: number) {
      const rows = await db
        .select({
          id: supportTicketsTable.id,
          customerId: supportTicketsTable.customerId,
          description: supportTicketsTable.description,
          status: supportTicketsTable.status,
          createdAt: supportTicketsTable.createdAt,
        })
        .from(supportTicketsTable)
        .orderBy(desc(supportTicketsTable.createdAt), desc(supportTicketsTable.id))
        .limit(limit);
      return rows.map((r) => ({
        _id: r.id,
        userId: r.customerId,
        description: r.description,
        createdAt: r.createdAt,
        status: r.status,
      }));
    },

    /**
     * Orders placed and their amount per period, computed by the database from the daily
     * rollup `order_daily` (a few rows a day, read by its primary key on `day`). The periods
     * come from generate_series, so a period without orders is there with 0. "Today" is the
     * date in India, as order_day() (migration 0005) files the orders; weeks start on Monday.
     * Everything is plain `date`/`timestamp` arithmetic, so the session time zone plays no part.
     */
    async ordersByPeriod(filter: OrderFilter) {
      const { unit, step: every, buckets, label } = ORDER_FILTERS[filter];
      // Fixed words and numbers from ORDER_FILTERS, never input: safe to inline.
      const step = sql.raw(`interval '${every}'`);
      const earlier = sql.raw(String(buckets - 1));
      const result = await db.execute<{
        start: string;
        end: string;
        label: string;
        orders: number;
        amount: string;
      }>(sql`
        WITH periods AS (
          SELECT p::date AS start, (p + ${step})::date - 1 AS "end"
          FROM generate_series(
            date_trunc(${unit}, order_day(now())::timestamp) - ${earlier} * ${step},
            date_trunc(${unit}, order_day(now())::timestamp),
            ${step}
          ) AS p
        ),
        days AS (
          SELECT day, sum(n) AS n, sum(amount) AS amount
          FROM order_daily
          WHERE day >= (SELECT min(start) FROM periods)
          GROUP BY day
        )
        SELECT
          to_char(periods.start::timestamp, 'YYYY-MM-DD') AS start,
          to_char(periods."end"::timestamp, 'YYYY-MM-DD') AS "end",
          to_char(periods.start::timestamp, ${label}) AS label,
          coalesce(sum(days.n), 0)::int AS orders,
          coalesce(sum(days.amount), 0)::text AS amount
        FROM periods
        LEFT JOIN days ON days.day BETWEEN periods.start AND periods."end"
        GROUP BY periods.start, periods."end"
        ORDER BY periods.start
      `);
      return result.rows.map((r) => ({
        label: r.label,
        start: r.start,
        end: r.end,
        orders: Number(r.orders),
        amount: Number(r.amount),
      }));
    },
  };
}
