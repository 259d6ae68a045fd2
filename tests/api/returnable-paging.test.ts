/**
 * Deep pages of the outstanding jars and cylinders start at the day of their first row from the
 * balances counted per day of their oldest unit out (returnable_outstanding_days) instead of
 * skipping every earlier balance, and the dashboard's overdue figures come from those counts and
 * each holder's oldest unit (returnable_holders); each page and figure is compared with the same
 * computed directly in SQL, before and after corrections change what customers hold.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCounters } from '@server/db/counters';
import { seedLarge } from '@server/db/seed/large';
import { checkLedger } from '@server/db/seed/returnables';
import { bearer, createTestServer, type TestServer } from './helpers';

let s: TestServer;
let water: string;
let oxygen: string;

beforeAll(async () => {
  s = await createTestServer();
  await seedLarge(s.handle, {
    orders: 12_000,
    customers: 3_000,
    tickets: 10,
    returns: 300,
    audit: 10,
    dataDir: s.config.dataDir,
    reset: true,
  });
  const service = async (kind: string) =>
    (await s.db.execute<{ id: string }>(sql`SELECT id FROM categories WHERE kind = ${kind}`))
      .rows[0]!.id;
  water = await service('water');
  oxygen = await service('oxygen');
}, 120_000);

afterAll(() => s?.close());

interface Row {
  userId: string;
  productId: string;
}

async function page(query: string) {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/returnable/outstanding?${query}`,
    headers: bearer(s.superToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { customers: Row[]; totalRecords: number };
}

const DAY = 86_400_000;

/** The list's balances as SQL alone gives them: a service's or all, out `minDays` or more. */
function listed(categoryId: string | null, minDays: number | null) {
  const cutoff = new Date(Date.now() - (minDays ?? 0) * DAY);
  return sql`returnable_balances WHERE outstanding > 0
    AND (${categoryId}::text IS NULL OR category_id = ${categoryId})
    AND (${minDays}::int IS NULL OR oldest_outstanding_at <= ${cutoff})`;
}

async function expectedKeys(
  categoryId: string | null,
  minDays: number | null,
  order: 'asc' | 'desc',
  pageNo: number,
  limit: number,
) {
  const dir = sql.raw(order);
  const result = await s.db.execute<{ key: string }>(sql`
    SELECT customer_id || '/' || item_id AS key FROM ${listed(categoryId, minDays)}
    ORDER BY oldest_outstanding_at ${dir}, customer_id ${dir}, item_id ${dir}
    LIMIT ${limit} OFFSET ${(pageNo - 1) * limit}`);
  return result.rows.map((r) => r.key);
}

async function expectedTotal(categoryId: string | null, minDays: number | null) {
  const result = await s.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${listed(categoryId, minDays)}`,
  );
  return result.rows[0]!.n;
}

/**
 * Deep pages of the whole list and of each service, alone and out 30 days or more, both orders,
 * as skipping would give, with their totals.
 */
async function expectDeepPagesRight() {
  for (const [filter, categoryId] of [
    ['', null],
    [`serviceId=${water}&`, water],
    [`serviceId=${oxygen}&`, oxygen],
  ] as const) {
    for (const minDays of [null, 30]) {
      const days = minDays === null ? '' : `minDays=${minDays}&`;
      const total = await expectedTotal(categoryId, minDays);
      for (const order of ['asc', 'desc'] as const) {
        for (const [pageNo, limit] of [
          [101, 10],
          [137, 10],
          [45, 25],
          [Math.ceil(total / 10), 10],
        ] as const) {
          const query = `${filter}${days}sortOrder=${order}&page=${pageNo}&limit=${limit}`;
          const result = await page(query);
          expect(
            result.customers.map((r) => `${r.userId}/${r.productId}`),
            query,
          ).toEqual(await expectedKeys(categoryId, minDays, order, pageNo, limit));
          expect(result.totalRecords, query).toBe(total);
        }
      }
    }
  }
}

/** The dashboard's overdue figures are those of the balances themselves. */
async function expectSummaryRight() {
  const res = await s.app.inject({
    method: 'GET',
    url: '/api/returnable/summary',
    headers: bearer(s.superToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  const summary = res.json().result as {
    overdueUnits: number;
    overdueCustomers: number;
    overdueDays: number;
  };
  const cutoff = new Date(Date.now() - summary.overdueDays * DAY);
  const truth = await s.db.execute<{ units: number; customers: number }>(sql`
    SELECT coalesce(sum(outstanding), 0)::int AS units,
           count(DISTINCT customer_id)::int AS customers
    FROM returnable_balances WHERE outstanding > 0 AND oldest_outstanding_at < ${cutoff}`);
  expect(truth.rows[0]!.customers).toBeGreaterThan(100);
  expect({ units: summary.overdueUnits, customers: summary.overdueCustomers }).toEqual(
    truth.rows[0],
  );
}

describe('deep pages of the outstanding jars and cylinders', () => {
  it('holds enough balances for pages past where the counts are asked', async () => {
    const result = await page('limit=10');
    expect(result.totalRecords).toBeGreaterThan(1_500);
    expect(await checkCounters(s.db)).toEqual([]);
  });

  it('answers the same rows as skipping would, for the whole list and each service', async () => {
    await expectDeepPagesRight();
  }, 60_000);

  it("counts the dashboard's overdue units and customers from the kept counts", async () => {
    await expectSummaryRight();
  });

  it('keeps its counts right as corrections change what customers hold', async () => {
    // Take every unit off some holders (they leave the list), add units to others (their
    // oldest unit stays), and give a unit to a customer who held none (they join the list).
    const holders = await s.db.execute<{ customer: string; item: string; out: number }>(sql`
      SELECT customer_id AS customer, item_id AS item, outstanding AS out
      FROM returnable_balances WHERE outstanding > 0 ORDER BY customer_id, item_id LIMIT 40`);
    const none = await s.db.execute<{ customer: string }>(sql`
      SELECT c.id AS customer FROM customers c
      WHERE NOT EXISTS (SELECT 1 FROM returnable_balances b WHERE b.customer_id = c.id)
      LIMIT 5`);
    const item = holders.rows[0]!.item;
    const adjust = async (userId: string, productId: string, quantity: number) => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/returnable/adjust',
        headers: bearer(s.superToken),
        payload: { userId, productId, quantity, reason: 'Counted at the door' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    for (const [i, h] of holders.rows.entries()) {
      await adjust(h.customer, h.item, i % 2 === 0 ? -h.out : 2);
    }
    for (const c of none.rows) await adjust(c.customer, item, 1);
    expect(await checkCounters(s.db)).toEqual([]);
    expect(await checkLedger(s.db)).toEqual([]);
    await expectDeepPagesRight();
    await expectSummaryRight();
  }, 60_000);

  // Last: it changes balances by hand, and puts them back from the ledger at the end.
  it("keeps a customer's oldest unit right when two of their balances change at once", async () => {
    // A customer holding two items, the first out for more than a month.
    const held = await s.db.execute<{ customer: string; items: string[] }>(sql`
      SELECT customer_id AS customer,
             array_agg(item_id ORDER BY oldest_outstanding_at, item_id) AS items
      FROM returnable_balances WHERE outstanding > 0
      GROUP BY customer_id
      HAVING count(*) >= 2 AND min(oldest_outstanding_at) < now() - interval '30 days'
      ORDER BY customer_id LIMIT 1`);
    const { customer, items } = held.rows[0]!;
    const [first, second] = items;
    // One transaction takes everything back of the first item while another dates the second
    // item's oldest unit five days ago: the customer's oldest is then the second's, not the
    // first's, which the second would still see if it read before the first committed.
    const takeBack = `UPDATE returnable_balances SET outstanding = 0, oldest_outstanding_at = NULL
      WHERE customer_id = '${customer}' AND item_id = '${first}'`;
    const redate = `UPDATE returnable_balances SET oldest_outstanding_at = now() - interval '5 days'
      WHERE customer_id = '${customer}' AND item_id = '${second}'`;
    if (s.kind === 'postgres') {
      const [one, two] = [0, 1].map(
        () => new pg.Client({ connectionString: s.config.databaseUrl }),
      ) as [pg.Client, pg.Client];
      await Promise.all([one.connect(), two.connect()]);
      try {
        await one.query('BEGIN');
        await one.query(takeBack);
        await two.query('BEGIN');
        const waiting = two.query(redate);
        // The second waits for the first's hold on the customer's row before reading.
        for (let tries = 0; ; tries++) {
          if (tries > 250) throw new Error('the second transaction never waited');
          await new Promise((resolve) => setTimeout(resolve, 20));
          const { rows } = await s.db.execute<{ n: number }>(sql`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`);
          if (rows[0]!.n > 0) break;
        }
        await one.query('COMMIT');
        await waiting;
        await two.query('COMMIT');
      } finally {
        await Promise.all([one.end(), two.end()]);
      }
    } else {
      // One connection: the two take turns.
      await s.db.execute(sql.raw(takeBack));
      await s.db.execute(sql.raw(redate));
    }
    const holder = await s.db.execute<{ exact: boolean }>(sql`
      SELECT h.oldest_outstanding_at = b.oldest_outstanding_at AS exact
      FROM returnable_holders h
      JOIN returnable_balances b ON b.customer_id = h.customer_id AND b.item_id = ${second}
      WHERE h.customer_id = ${customer}`);
    expect(holder.rows).toEqual([{ exact: true }]);
    expect(await checkCounters(s.db)).toEqual([]);
    await s.db.execute(sql`SELECT rebuild_returnable_balances()`);
    expect(await checkCounters(s.db)).toEqual([]);
    expect(await checkLedger(s.db)).toEqual([]);
  });

  it('answers an empty page past the end with the real total', async () => {
    const all = await page('limit=10');
    const past = await page('page=9000&limit=10');
    expect(past).toEqual({ ...past, customers: [], totalRecords: all.totalRecords });
  });
});
