/**
 * Paging the orders lists at size: deep pages (found from the per-day counters, not by skipping),
 * by-type paged on the server and bounded without paging, and search totals. Every page is
 * compared with the same list computed directly in SQL, so a wrong seek shows as wrong rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BY_TYPE_BOUND } from '@server/modules/orders/routes';
import { createTestServer, type TestServer, apiClient } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';

const ORDERS = 3000;
/** An Indian midnight (2025-01-01 00:00 IST); rows are 43 minutes apart, two at each instant. */
const T0 = '2024-12-31T18:30:00Z';
const STATUSES = ['Delivered', 'Delivered', 'Cancelled', 'Pending', 'Out for Delivery'];

let s: TestServer;
let f: OrderFixtures;

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  const customers = f.customers.map((c) => c.id);
  const services = [f.services.water.id, f.services.oxygen.id, f.services.laundry.id];
  // One statement: the counter triggers run for every row as they do for the app's writes.
  await s.db.execute(sql`
    INSERT INTO orders (id, order_id, customer_id, category_id, order_type, price, amount,
                        delivery_charge, total_amount, status, pincode, created_at, updated_at)
    SELECT 'bulk-' || lpad(i::text, 5, '0'),
           'BK' || lpad(i::text, 6, '0'),
           (${sql.param(customers)}::text[])[1 + i % 4],
           (${sql.param(services)}::text[])[1 + (i / 7) % 3],
           CASE WHEN i % 3 = 0 THEN 'fresh' ELSE 'reorder' END,
           90, 90, 30,
           CASE WHEN i % 4 = 0 THEN NULL ELSE 100 + i % 37 END,
           (${sql.param(STATUSES)}::text[])[1 + i % 5],
           '560001',
           ${T0}::timestamptz + (i / 2) * interval '43 minutes',
           now()
    FROM generate_series(1, ${ORDERS}) AS i`);
  // Rows on both sides of an Indian midnight (18:30 UTC), where the day counters split.
  await s.db.execute(sql`
    INSERT INTO orders (id, order_id, customer_id, category_id, order_type, price, amount,
                        status, pincode, created_at, updated_at)
    VALUES ('edge-a', 'EDGE1', ${customers[0]}, ${services[0]}, 'fresh', 90, 90, 'Delivered',
            '560001', '2025-01-20T18:29:59.999Z', now()),
           ('edge-b', 'EDGE2', ${customers[0]}, ${services[0]}, 'fresh', 90, 90, 'Delivered',
            '560001', '2025-01-20T18:30:00.000Z', now())`);
}, 120_000);

afterAll(() => s?.close());

const { get } = apiClient(() => s, 'order');

/** The ids of the list as SQL alone would page it. */
async function expectedIds(where: ReturnType<typeof sql>, order: 'asc' | 'desc', page: number) {
  const dir = sql.raw(order);
  const result = await s.db.execute<{ id: string }>(sql`
    SELECT id FROM orders WHERE ${where}
    ORDER BY created_at ${dir}, id ${dir} LIMIT 10 OFFSET ${(page - 1) * 10}`);
  return result.rows.map((r) => r.id);
}

async function countOf(where: ReturnType<typeof sql>) {
  const result = await s.db.execute<{ n: string }>(
    sql`SELECT count(*) AS n FROM orders WHERE ${where}`,
  );
  return Number(result.rows[0]!.n);
}

const ids = (orders: { _id: string }[]) => orders.map((o) => o._id);

describe('deep pages of the orders lists', () => {
  it('answers the same rows as skipping would, newest and oldest first, on any filter', async () => {
    const water = f.services.water.id;
    const cases: [string, ReturnType<typeof sql>][] = [
      ['view-all-orders?', sql`true`],
      ['view-all-orders?status=Delivered&', sql`status = 'Delivered'`],
      [`view-all-orders?serviceId=${water}&`, sql`category_id = ${water}`],
      [
        `view-all-orders?serviceId=${water}&status=Delivered&`,
        sql`category_id = ${water} AND status = 'Delivered'`,
      ],
      [`orders-by-serviceId?serviceId=${water}&`, sql`category_id = ${water}`],
    ];
    for (const [url, where] of cases) {
      const total = await countOf(where);
      const lastPage = Math.ceil(total / 10);
      for (const page of [1, 101, 150, lastPage - 1, lastPage]) {
        const res = await get(`${url}page=${page}&limit=10`);
        expect(res.statusCode, url).toBe(200);
        const result = res.json().result;
        expect(ids(result.orders), `${url} page ${page}`).toEqual(
          await expectedIds(where, 'desc', page),
        );
        expect(result.totalRecords).toBe(total);
      }
      const asc = await get(`${url}page=120&limit=10&sortField=createdAt&sortOrder=asc`);
      expect(ids(asc.json().result.orders), `${url} ascending`).toEqual(
        await expectedIds(where, 'asc', 120),
      );
    }
  });

  it('pages by order number as skipping would, either way, with and without a service', async () => {
    const water = f.services.water.id;
    for (const [url, where] of [
      ['view-all-orders?', sql`true`],
      [
        `view-all-orders?serviceId=${water}&status=Delivered&`,
        sql`category_id = ${water} AND status = 'Delivered'`,
      ],
      [`orders-by-serviceId?serviceId=${water}&`, sql`category_id = ${water}`],
    ] as const) {
      const lastPage = Math.ceil((await countOf(where)) / 10);
      for (const order of ['asc', 'desc'] as const) {
        for (const page of [1, 37, lastPage]) {
          const res = await get(`${url}page=${page}&limit=10&sortField=orderId&sortOrder=${order}`);
          const expected = await s.db.execute<{ id: string }>(sql`SELECT id FROM orders
            WHERE ${where} ORDER BY order_id ${sql.raw(order)} LIMIT 10 OFFSET ${(page - 1) * 10}`);
          expect(ids(res.json().result.orders), `${url} ${order} page ${page}`).toEqual(
            expected.rows.map((r) => r.id),
          );
        }
      }
    }
  });

  it('answers pages past the middle of a list by amount, number or status as skipping would', async () => {
    // Past the middle a page by amount is read from the list's other end and turned round; the
    // pages either side of the middle, and a last page of fewer than ten, must still match.
    const sorts = {
      totalAmount: (dir: string) =>
        `coalesce(total_amount, price + delivery_charge) ${dir}, created_at ${dir}, id ${dir}`,
      orderId: (dir: string) => `order_id ${dir}`,
      status: (dir: string) => `status ${dir}, created_at ${dir}, id ${dir}`,
    };
    let deepPages = 0;
    for (const [url, where] of [
      ['view-all-orders?', sql`true`],
      // From 10 January in India: a range the amount's index does not lead with.
      ['view-all-orders?from=2025-01-10&', sql`created_at >= '2025-01-09T18:30:00Z'`],
      ['by-type?type=reorder&', sql`order_type = 'reorder'`],
    ] as const) {
      const total = await countOf(where);
      const lastPage = Math.ceil(total / 10);
      const middle = Math.ceil(lastPage / 2);
      for (const [sortField, sortBy] of Object.entries(sorts)) {
        for (const order of ['asc', 'desc'] as const) {
          for (const page of [middle - 1, middle, middle + 1, lastPage - 1, lastPage]) {
            if ((page - 1) * 10 < 1000) continue; // only deep pages take the other end
            const res = await get(
              `${url}page=${page}&limit=10&sortField=${sortField}&sortOrder=${order}`,
            );
            expect(res.statusCode).toBe(200);
            const result = res.json().result;
            const expected = await s.db.execute<{ id: string }>(sql`SELECT id FROM orders
              WHERE ${where} ORDER BY ${sql.raw(sortBy(order))}
              LIMIT 10 OFFSET ${(page - 1) * 10}`);
            const label = `${url} ${sortField} ${order} page ${page} of ${lastPage}`;
            expect(ids(result.orders ?? result.reorderOrders), label).toEqual(
              expected.rows.map((r) => r.id),
            );
            expect(result.totalRecords, label).toBe(total);
            deepPages++;
          }
        }
      }
    }
    expect(deepPages).toBeGreaterThanOrEqual(50);
  });

  it('finds the rows either side of an Indian midnight on the right page', async () => {
    const where = sql`true`;
    const [newestFirst] = (
      await s.db.execute<{ position: string }>(sql`
        SELECT position FROM (
          SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS position FROM orders
        ) ranked WHERE id = 'edge-b'`)
    ).rows;
    const page = Math.ceil(Number(newestFirst!.position) / 10);
    expect(page).toBeGreaterThan(100); // deep enough to be found through the counters
    const res = await get(`view-all-orders?page=${page}&limit=10`);
    const got = ids(res.json().result.orders);
    expect(got).toEqual(await expectedIds(where, 'desc', page));
    expect(got).toContain('edge-b');
  });

  it('answers an empty page past the end with the real total', async () => {
    const res = await get('view-all-orders?page=900&limit=10');
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ orders: [], totalRecords: ORDERS + 2 });
  });

  it('refuses a page out of range with the allowed range', async () => {
    const res = await get('view-all-orders?page=1000001');
    expect(res.json()).toEqual({ statusCode: 400, message: 'Page must be between 1 and 1000000.' });
  });
});

describe('GET /api/order/by-type', () => {
  it('pages one list on the server with its total when asked for a type', async () => {
    const freshTotal = await countOf(sql`order_type = 'fresh'`);
    const res = await get('by-type?type=fresh&page=2&limit=25');
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({
      totalRecords: freshTotal,
      currentPage: 2,
      totalPages: Math.ceil(freshTotal / 25),
    });
    expect(result).not.toHaveProperty('reorderOrders');
    expect(result.freshOrders).toHaveLength(25);
    expect(result.freshOrders.every((o: { orderType: string }) => o.orderType === 'fresh')).toBe(
      true,
    );
    const deep = await get('by-type?type=reorder&page=150&limit=10');
    expect(ids(deep.json().result.reorderOrders)).toEqual(
      await expectedIds(sql`order_type = 'reorder'`, 'desc', 150),
    );
  });

  it('sorts and filters a type as the other lists do', async () => {
    const res = await get(
      'by-type?type=reorder&status=Pending&sortField=totalAmount&sortOrder=desc',
    );
    const orders = res.json().result.reorderOrders as { status: string; totalAmount: number }[];
    expect(orders.every((o) => o.status === 'Pending')).toBe(true);
    const amounts = orders.map((o) => o.totalAmount ?? 120);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(res.json().result.totalRecords).toBe(
      await countOf(sql`order_type = 'reorder' AND status = 'Pending'`),
    );
  });

  it('answers the documented shape without paging, bounded to the newest, with real totals', async () => {
    const res = await get('by-type');
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.freshOrders).toHaveLength(BY_TYPE_BOUND);
    expect(result.reorderOrders).toHaveLength(BY_TYPE_BOUND);
    expect(result.totalFreshOrders).toBe(await countOf(sql`order_type = 'fresh'`));
    expect(result.totalReorderOrders).toBe(await countOf(sql`order_type = 'reorder'`));
    expect(ids(result.freshOrders).slice(0, 10)).toEqual(
      await expectedIds(sql`order_type = 'fresh'`, 'desc', 1),
    );
  });

  it('refuses an unknown type', async () => {
    const res = await get('by-type?type=old');
    expect(res.json()).toEqual({ statusCode: 400, message: 'Type must be fresh or reorder.' });
  });
});

describe('searching the orders', () => {
  it('counts every match exactly and pages them newest first', async () => {
    const sharma = f.customers[0]!.id; // Aarav Sharma
    const where = sql`customer_id = ${sharma}`;
    const res = await get('view-all-orders?search=Sharma&page=3&limit=10');
    const result = res.json().result;
    expect(result.totalRecords).toBe(await countOf(where));
    expect(ids(result.orders)).toEqual(await expectedIds(where, 'desc', 3));
  });

  it('finds an order by part of its id, within the filter', async () => {
    const res = await get(`view-all-orders?search=BK00012&status=Pending`);
    const where = sql`order_id LIKE 'BK00012%' AND status = 'Pending'`;
    expect(res.json().result.totalRecords).toBe(await countOf(where));
    expect(ids(res.json().result.orders)).toEqual(await expectedIds(where, 'desc', 1));
  });
});
