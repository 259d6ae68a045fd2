import { sql, type SQL } from 'drizzle-orm';
import { REPORT_COUNTERS } from '../modules/reports/counters';
import type { Database } from './client';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A table of counts kept by trigger in the same transaction as each write (migrations 0005,
 * 0008, 0010, 0023, 0025-0027), and how to rebuild and check it from the rows it counts.
 * Another counter table is one more entry in COUNTER_TABLES.
 */
export interface CounterTable {
  table: string;
  /** The tables it counts: writes to them wait while the counter is rebuilt. */
  sources: string[];
  /** Fills the (emptied) counter table from the sources. */
  rebuild: SQL;
  /**
   * The keys whose kept counts differ from the sources, as text columns `key`, `kept` and
   * `counted` (zero rows when right). A row with zero counts equals a missing row.
   */
  check: SQL;
  /** Another counter table this one is counted from, which must be rebuilt before it. */
  after?: string;
}

/**
 * A counter of rows per group: `n` = count(*) of `source` for each value of `keys` (the counter's
 * column -> the expression over a source row that fills it). `from` is what is counted when it
 * is more than the source table itself (several counted rows per source row).
 */
function countsPer(
  table: string,
  source: string,
  keys: Record<string, string>,
  from = source,
): CounterTable {
  const columns = Object.keys(keys).join(', ');
  const values = Object.values(keys).join(', ');
  const named = Object.entries(keys)
    .map(([column, value]) => (column === value ? column : `${value} AS ${column}`))
    .join(', ');
  const groups = Object.keys(keys)
    .map((_, i) => i + 1)
    .join(', ');
  return {
    table,
    sources: [source],
    rebuild: sql.raw(`INSERT INTO ${table} (${columns}, n)
      SELECT ${values}, count(*) FROM ${from} GROUP BY ${groups}`),
    check: sql.raw(`SELECT concat_ws(' / ', ${columns}) AS key,
        coalesce(k.n, 0)::text AS kept, coalesce(c.n, 0)::text AS counted
      FROM ${table} k FULL JOIN (
        SELECT ${named}, count(*)::int AS n FROM ${from} GROUP BY ${groups}
      ) c USING (${columns})
      WHERE coalesce(k.n, 0) <> coalesce(c.n, 0)`),
  };
}

export const COUNTER_TABLES: CounterTable[] = [
  countsPer('order_counts', 'orders', {
    category_id: 'category_id',
    pincode: 'pincode',
    order_type: 'order_type',
    status: 'status',
  }),
  {
    // order_day() and order_paid() are the trigger's own definitions (migration 0005).
    table: 'order_daily',
    sources: ['orders'],
    rebuild: sql`INSERT INTO order_daily (day, category_id, n, amount)
      SELECT order_day(o.created_at), o.category_id, count(*), sum(order_paid(o))
      FROM orders o GROUP BY 1, 2`,
    check: sql`SELECT concat_ws(' / ', day, category_id) AS key,
        concat_ws(' / ', coalesce(k.n, 0), coalesce(k.amount, 0)) AS kept,
        concat_ws(' / ', coalesce(c.n, 0), coalesce(c.amount, 0)) AS counted
      FROM order_daily k FULL JOIN (
        SELECT order_day(o.created_at) AS day, o.category_id, count(*)::int AS n,
          sum(order_paid(o)) AS amount
        FROM orders o GROUP BY 1, 2
      ) c USING (day, category_id)
      WHERE coalesce(k.n, 0) <> coalesce(c.n, 0) OR coalesce(k.amount, 0) <> coalesce(c.amount, 0)`,
  },
  {
    // The trigger never moves last_ticket_at back when a ticket is deleted: only a kept time
    // older than the newest ticket is wrong.
    table: 'support_customers',
    sources: ['support_tickets'],
    rebuild: sql`INSERT INTO support_customers (customer_id, ticket_count, unresolved_count,
        last_ticket_at)
      SELECT customer_id, count(*), count(*) FILTER (WHERE status = 'unresolved'), max(created_at)
      FROM support_tickets GROUP BY customer_id`,
    check: sql`SELECT customer_id AS key,
        concat_ws(' / ', coalesce(k.ticket_count, 0), coalesce(k.unresolved_count, 0), k.last_ticket_at) AS kept,
        concat_ws(' / ', coalesce(c.ticket_count, 0), coalesce(c.unresolved_count, 0), c.last_ticket_at) AS counted
      FROM support_customers k FULL JOIN (
        SELECT customer_id, count(*)::int AS ticket_count,
          count(*) FILTER (WHERE status = 'unresolved')::int AS unresolved_count,
          max(created_at) AS last_ticket_at
        FROM support_tickets GROUP BY customer_id
      ) c USING (customer_id)
      WHERE coalesce(k.ticket_count, 0) <> coalesce(c.ticket_count, 0)
        OR coalesce(k.unresolved_count, 0) <> coalesce(c.unresolved_count, 0)
        OR k.last_ticket_at < c.last_ticket_at`,
  },
  countsPer('customer_counts', 'customers', { status: 'status' }),
  // The subscriptions list's totals (migration 0033).
  countsPer('subscription_counts', 'subscriptions', {
    category_id: 'category_id',
    pincode: 'pincode',
    status: 'status',
    slot: 'slot',
  }),
  // Deep pages of the orders lists start from these (migration 0010, server/lib/daySeek.ts),
  // and the totals of a date range or of emergencies sum them (migration 0015).
  countsPer('order_day_counts', 'orders', {
    day: 'order_day(created_at)',
    category_id: 'category_id',
    status: 'status',
    order_type: 'order_type',
    is_emergency: 'is_emergency',
  }),
  // The totals of searches by customer (migration 0010).
  countsPer('customer_order_counts', 'orders', {
    customer_id: 'customer_id',
    category_id: 'category_id',
    status: 'status',
    order_type: 'order_type',
  }),
  // The open jobs per slot: the jobs lists' slot filter and its totals (migration 0048).
  countsPer(
    'order_open_slot_counts',
    'orders',
    {
      category_id: 'category_id',
      slot: 'delivery_time',
      status: 'status',
      order_type: 'order_type',
    },
    `orders WHERE status IN ('Pending', 'Out for Delivery') AND delivery_time IS NOT NULL`,
  ),
  // Deep pages of the customers lists (migration 0010).
  countsPer('customer_day_counts', 'customers', { day: 'order_day(created_at)', status: 'status' }),
  // Deep pages of the customers sorted by name or e-mail (migration 0025): three counted rows
  // per customer, one per sort.
  countsPer(
    'customer_sort_buckets',
    'customers',
    { sort: 's.sort', status: 'c.status', bucket: 'customer_sort_bucket(s.value)' },
    `customers c CROSS JOIN LATERAL (VALUES ('first_name', c.first_name),
      ('last_name', c.last_name), ('email', c.email)) AS s(sort, value)`,
  ),
  {
    // Deep pages of the outstanding jars and cylinders and the dashboard's overdue units
    // (migrations 0026, 0027): the balances still out, and their units, on the day of their
    // oldest unit out.
    table: 'returnable_outstanding_days',
    sources: ['returnable_balances'],
    rebuild: sql`INSERT INTO returnable_outstanding_days (category_id, day, n, units)
      SELECT category_id, order_day(oldest_outstanding_at), count(*), sum(outstanding)
      FROM returnable_balances WHERE outstanding > 0 GROUP BY 1, 2`,
    check: sql`SELECT concat_ws(' / ', category_id, day) AS key,
        concat_ws(' / ', coalesce(k.n, 0), coalesce(k.units, 0)) AS kept,
        concat_ws(' / ', coalesce(c.n, 0), coalesce(c.units, 0)) AS counted
      FROM returnable_outstanding_days k FULL JOIN (
        SELECT category_id, order_day(oldest_outstanding_at) AS day, count(*)::int AS n,
          sum(outstanding)::int AS units
        FROM returnable_balances WHERE outstanding > 0 GROUP BY 1, 2
      ) c USING (category_id, day)
      WHERE coalesce(k.n, 0) <> coalesce(c.n, 0) OR coalesce(k.units, 0) <> coalesce(c.units, 0)`,
  },
  {
    // The dashboard's overdue customers (migration 0027): each holder's oldest unit out.
    table: 'returnable_holders',
    sources: ['returnable_balances'],
    rebuild: sql`INSERT INTO returnable_holders (customer_id, oldest_outstanding_at)
      SELECT customer_id, min(oldest_outstanding_at) FILTER (WHERE outstanding > 0)
      FROM returnable_balances GROUP BY customer_id`,
    check: sql`SELECT customer_id AS key, k.oldest_outstanding_at::text AS kept,
        c.oldest_outstanding_at::text AS counted
      FROM returnable_holders k FULL JOIN (
        SELECT customer_id, min(oldest_outstanding_at) FILTER (WHERE outstanding > 0)
          AS oldest_outstanding_at
        FROM returnable_balances GROUP BY customer_id
      ) c USING (customer_id)
      WHERE k.oldest_outstanding_at IS DISTINCT FROM c.oldest_outstanding_at`,
  },
  // The dashboard's overdue customers (migration 0027): holders per day of their oldest unit
  // out, counted from returnable_holders (rebuilt just before).
  {
    ...countsPer(
      'returnable_holder_days',
      'returnable_balances',
      { day: 'order_day(oldest_outstanding_at)' },
      'returnable_holders WHERE oldest_outstanding_at IS NOT NULL',
    ),
    after: 'returnable_holders',
  },
  // The audit log's totals (migration 0023): without dates, and of whole UTC days.
  countsPer('audit_counts', 'audit_log', { admin_id: 'admin_id', resource: 'resource' }),
  countsPer('audit_day_counts', 'audit_log', {
    day: 'audit_day(at)',
    admin_id: 'admin_id',
    resource: 'resource',
  }),
  // Issue 38's reports (migrations 0043, 0044): sales per day and month, collections per day.
  ...REPORT_COUNTERS,
];

/**
 * The counter tables in groups that may be rebuilt side by side (seed:large does, on two
 * connections): one counted from another counter table goes in that table's group, after it.
 */
export function counterGroups(): CounterTable[][] {
  const groups: CounterTable[][] = [];
  for (const counter of COUNTER_TABLES) {
    const group = groups.find((g) => g.some((c) => c.table === counter.after));
    if (group) group.push(counter);
    else groups.push([counter]);
  }
  return groups;
}

export interface CounterMismatch {
  table: string;
  key: string;
  kept: string;
  counted: string;
}

/** At most this many mismatches per table are reported: enough to see what went wrong. */
const REPORTED_PER_TABLE = 20;

/**
 * Memory for the group-bys over the sources: a million orders make hundreds of thousands of
 * groups, which in the default 4 MB spill to disk and take several times as long.
 */
const WORK_MEM = sql.raw(`SET LOCAL work_mem = '256MB'`);

/**
 * Recounts the counter tables (all by default) from their sources, in one transaction (a
 * savepoint when `db` is already one). Writers to the sources wait meanwhile, so that no trigger
 * adds to a count that is being replaced; readers keep seeing the old counts until it commits.
 */
export async function rebuildCounters(
  db: Database | Transaction,
  counters: CounterTable[] = COUNTER_TABLES,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(WORK_MEM);
    const sources = [...new Set(counters.flatMap((c) => c.sources))];
    await tx.execute(sql.raw(`LOCK TABLE ${sources.join(', ')} IN SHARE MODE`));
    for (const counter of counters) {
      await tx.execute(sql.raw(`DELETE FROM ${counter.table}`));
      await tx.execute(counter.rebuild);
    }
  });
}

/** Compares every counter table with its sources: the mismatches, none when all are right. */
export async function checkCounters(
  db: Database | Transaction,
  counters: readonly CounterTable[] = COUNTER_TABLES,
): Promise<CounterMismatch[]> {
  return db.transaction(async (tx) => {
    await tx.execute(WORK_MEM);
    const mismatches: CounterMismatch[] = [];
    for (const counter of counters) {
      // Materialized, so that the limit does not steer the planner to a sorted, index-driven
      // plan meant to stop early: there are normally no rows, and the whole check runs.
      const { rows } = await tx.execute(
        sql`WITH mismatch AS MATERIALIZED (${counter.check})
          SELECT key::text, kept::text, counted::text FROM mismatch
          LIMIT ${sql.raw(String(REPORTED_PER_TABLE))}`,
      );
      for (const row of rows as { key: string; kept: string; counted: string }[]) {
        mismatches.push({ table: counter.table, ...row });
      }
    }
    return mismatches;
  });
}
