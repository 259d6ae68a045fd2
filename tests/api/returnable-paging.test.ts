/**
 * Deep pages of the outstanding jars and cylinders start at the day of their first row from the
 * balances counted per day of their oldest unit out (returnable_outstanding_days) instead of
 * skipping every earlier balance; each page is compared with the same list computed directly in
 * SQL, before and after corrections change what customers hold.
 */
import { sql } from 'drizzle-orm';
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

describe('deep pages of the outstanding jars and cylinders', () => {
  it('holds enough balances for pages past where the counts are asked', async () => {
    const result = await page('limit=10');
    expect(result.totalRecords).toBeGreaterThan(1_500);
    expect(await checkCounters(s.db)).toEqual([]);
  });

  it('answers the same rows as skipping would, for the whole list and each service', async () => {
    await expectDeepPagesRight();
  }, 60_000);

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
  }, 60_000);

  it('answers an empty page past the end with the real total', async () => {
    const all = await page('limit=10');
    const past = await page('page=9000&limit=10');
    expect(past).toEqual({ ...past, customers: [], totalRecords: all.totalRecords });
  });
});
