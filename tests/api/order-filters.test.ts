/**
 * The orders lists' filters (issue 13.1): days placed in India (`from` / `to`), emergencies only,
 * pin code and type on every orders list; status, days and slot on the job lists; the slots a
 * service's open jobs have. Every page and total is compared with the same list computed
 * directly in SQL, so a wrong counter, seek or condition shows as a wrong row or total.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCounters } from '@server/db/counters';
import { createTestServer, type TestServer, apiClient } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';

const ORDERS = 3000;
/** An Indian midnight (2025-01-01 00:00 IST); rows are 43 minutes apart, two at each instant. */
const T0 = '2024-12-31T18:30:00Z';
const STATUSES = ['Delivered', 'Pending', 'Cancelled', 'Pending', 'Out for Delivery'];
const PINCODES = ['560001', '560034', '110001'];
const SLOTS = ['7:00 AM - 9:00 AM', '5:00 PM - 8:00 PM', '12:00 PM - 3:00 PM'];

let s: TestServer;
let f: OrderFixtures;

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  const customers = f.customers.map((c) => c.id);
  const services = [f.services.water.id, f.services.oxygen.id];
  // One statement: the counter triggers run for every row as they do for the app's writes.
  await s.db.execute(sql`
    INSERT INTO orders (id, order_id, customer_id, category_id, order_type, price, amount,
                        delivery_charge, total_amount, status, pincode, is_emergency,
                        delivery_time, created_at, updated_at)
    SELECT 'bulk-' || lpad(i::text, 5, '0'),
           'BK' || lpad(i::text, 6, '0'),
           (${sql.param(customers)}::text[])[1 + i % 4],
           (${sql.param(services)}::text[])[1 + (i / 5) % 2],
           CASE WHEN i % 3 = 0 THEN 'fresh' ELSE 'reorder' END,
           90, 90, 30, 120,
           (${sql.param(STATUSES)}::text[])[1 + i % 5],
           (${sql.param(PINCODES)}::text[])[1 + (i / 3) % 3],
           i % 7 = 0,
           CASE WHEN i % 7 = 0 THEN 'Within 2 hours'
                ELSE (${sql.param(SLOTS)}::text[])[1 + (i / 2) % 3] END,
           ${T0}::timestamptz + (i / 2) * interval '43 minutes',
           now()
    FROM generate_series(1, ${ORDERS}) AS i`);
}, 120_000);

afterAll(() => s?.close());

const { get } = apiClient(() => s, 'order');

/** The ids of the list as SQL alone would page it, newest first. */
async function expectedIds(where: SQL, page: number, limit = 10) {
  const result = await s.db.execute<{ id: string }>(sql`
    SELECT id FROM orders WHERE ${where}
    ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
  return result.rows.map((r) => r.id);
}

async function countOf(where: SQL) {
  const result = await s.db.execute<{ n: string }>(
    sql`SELECT count(*) AS n FROM orders WHERE ${where}`,
  );
  return Number(result.rows[0]!.n);
}

const ids = (orders: { _id: string }[]) => orders.map((o) => o._id);

/** Orders placed from `from` to `to` in India, both days included. */
const placedBetween = (from: string, to: string) =>
  sql`created_at >= ${`${from}T00:00:00+05:30`}::timestamptz
      AND created_at < (${`${to}T00:00:00+05:30`}::timestamptz + interval '1 day')`;

/** Checks page 1, a deep page and the last page, and the total, against SQL. */
async function expectList(url: string, where: SQL) {
  const total = await countOf(where);
  expect(total, `${url} matches something`).toBeGreaterThan(0);
  const lastPage = Math.max(1, Math.ceil(total / 10));
  const pages = [...new Set([1, Math.min(lastPage, 120), lastPage])];
  for (const page of pages) {
    const res = await get(`${url}&page=${page}&limit=10`);
    expect(res.statusCode, url).toBe(200);
    const result = res.json().result;
    const orders = result.orders ?? result.freshOrders ?? result.reorderOrders;
    expect(ids(orders), `${url} page ${page}`).toEqual(await expectedIds(where, page));
    expect(result.totalRecords, `${url} total`).toBe(total);
  }
}

describe('the orders lists filtered', () => {
  it('by the days they were placed on in India, both days included', async () => {
    const water = f.services.water.id;
    await expectList(
      'view-all-orders?from=2025-01-10&to=2025-01-20',
      placedBetween('2025-01-10', '2025-01-20'),
    );
    await expectList('view-all-orders?from=2025-02-01', sql`created_at >= '2025-01-31T18:30:00Z'`);
    await expectList('view-all-orders?to=2025-01-05', sql`created_at < '2025-01-05T18:30:00Z'`);
    await expectList(
      `orders-by-serviceId?serviceId=${water}&from=2025-01-15&to=2025-01-15&status=Pending`,
      sql`${placedBetween('2025-01-15', '2025-01-15')} AND category_id = ${water}
          AND status = 'Pending'`,
    );
  });

  it('to emergencies only, with any other filter', async () => {
    const oxygen = f.services.oxygen.id;
    await expectList('view-all-orders?emergency=true', sql`is_emergency`);
    await expectList(
      `view-all-orders?emergency=true&serviceId=${oxygen}&status=Pending&type=reorder`,
      sql`is_emergency AND category_id = ${oxygen} AND status = 'Pending'
          AND order_type = 'reorder'`,
    );
    await expectList(
      'by-type?type=fresh&emergency=true&from=2025-01-20',
      sql`is_emergency AND order_type = 'fresh' AND created_at >= '2025-01-19T18:30:00Z'`,
    );
    // emergency=false is no filter at all.
    await expectList('view-all-orders?emergency=false', sql`true`);
  });

  it('by pin code (any status) and by type, alone and with days', async () => {
    await expectList('view-all-orders?pincode=560034', sql`pincode = '560034'`);
    await expectList(
      'view-all-orders?pincode=110001&type=fresh&status=Delivered',
      sql`pincode = '110001' AND order_type = 'fresh' AND status = 'Delivered'`,
    );
    await expectList(
      'view-all-orders?pincode=560001&from=2025-01-12&to=2025-01-25&emergency=true',
      sql`pincode = '560001' AND ${placedBetween('2025-01-12', '2025-01-25')} AND is_emergency`,
    );
  });

  it('by a search within the days and emergencies', async () => {
    const customer = f.customers[1]!;
    await expectList(
      `view-all-orders?search=${customer.lastName}&from=2025-01-08&to=2025-02-08`,
      sql`customer_id = ${customer.id} AND ${placedBetween('2025-01-08', '2025-02-08')}`,
    );
    await expectList(
      `view-all-orders?search=${customer.lastName}&emergency=true`,
      sql`customer_id = ${customer.id} AND is_emergency`,
    );
  });

  it('exports exactly the filtered list as CSV', async () => {
    const res = await get('export-orders?emergency=true&pincode=560034&from=2025-01-10');
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    const expected = await countOf(
      sql`is_emergency AND pincode = '560034' AND created_at >= '2025-01-09T18:30:00Z'`,
    );
    expect(lines.length - 1).toBe(expected);
  });

  it('keeps the per-day counters right when an order changes urgency or status', async () => {
    const before = (await get('view-all-orders?emergency=true')).json().result.totalRecords;
    await s.db.execute(sql`UPDATE orders SET is_emergency = true WHERE id = 'bulk-00001'`);
    await s.db.execute(sql`UPDATE orders SET status = 'Delivered' WHERE id = 'bulk-00007'`);
    expect((await get('view-all-orders?emergency=true')).json().result.totalRecords).toBe(
      before + 1,
    );
    expect(await checkCounters(s.db)).toEqual([]);
    await s.db.execute(sql`UPDATE orders SET is_emergency = false WHERE id = 'bulk-00001'`);
    expect(await checkCounters(s.db)).toEqual([]);
  });

  it('refuses days that are not dates or out of order, with a message', async () => {
    const cases: [string, string][] = [
      ['view-all-orders?from=2025-02-30', 'From must be a date such as 2026-11-24.'],
      ['view-all-orders?to=24-11-2026', 'To must be a date such as 2026-11-24.'],
      [
        'view-all-orders?from=2025-02-10&to=2025-02-01',
        'The "from" date must not be after the "to" date.',
      ],
      ['view-all-orders?emergency=yes', 'emergency must be true or false.'],
      ['view-all-orders?type=old', 'Type must be fresh or reorder.'],
      ['view-all-orders?pincode=5600', 'Pin code must be 6 digits.'],
      // No Indian PIN code starts with 0 (shared/pincode.ts).
      ['view-all-orders?pincode=056001', 'Pin code must be 6 digits.'],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.json(), url).toEqual({ statusCode: 400, message });
    }
  });
});

describe('the job lists filtered', () => {
  const open = sql`status IN ('Pending', 'Out for Delivery')`;

  it('by status, days and slot, with the pin code', async () => {
    const water = f.services.water.id;
    const jobs = `assign-jobs/${water}?`;
    await expectList(`${jobs}status=Pending`, sql`category_id = ${water} AND status = 'Pending'`);
    await expectList(
      `${jobs}slot=${encodeURIComponent(SLOTS[1]!)}&from=2025-01-20&to=2025-02-10`,
      sql`category_id = ${water} AND ${open} AND delivery_time = ${SLOTS[1]}
          AND ${placedBetween('2025-01-20', '2025-02-10')}`,
    );
    await expectList(
      `${jobs}status=Out%20for%20Delivery&pincode=560034&slot=Within%202%20hours`,
      sql`category_id = ${water} AND status = 'Out for Delivery' AND pincode = '560034'
          AND delivery_time = 'Within 2 hours'`,
    );
  });

  it('by slot alone, totals that follow a job delivered, moved to another slot, or deleted', async () => {
    const water = f.services.water.id;
    const inSlot = (slot: string) =>
      sql`category_id = ${water} AND ${open} AND delivery_time = ${slot}`;
    const jobsIn = (slot: string) => `assign-jobs/${water}?slot=${encodeURIComponent(slot)}`;
    const slotsNow = async () => {
      const { slots } = (await get(`job-slots/${water}`)).json().result as {
        slots: { slot: string; jobs: number }[];
      };
      return new Map(slots.map((r) => [r.slot, r.jobs]));
    };
    await expectList(jobsIn(SLOTS[0]!), inSlot(SLOTS[0]!));
    await expectList(
      `${jobsIn(SLOTS[0]!)}&status=Pending`,
      sql`${inSlot(SLOTS[0]!)} AND status = 'Pending'`,
    );
    const before = await slotsNow();
    const n0 = await countOf(inSlot(SLOTS[0]!));
    const n1 = await countOf(inSlot(SLOTS[1]!));

    const [a, b, c] = (
      await s.db.execute<{ id: string }>(
        sql`SELECT id FROM orders WHERE ${inSlot(SLOTS[0]!)} ORDER BY id LIMIT 3`,
      )
    ).rows.map((r) => r.id);
    await s.db.execute(sql`UPDATE orders SET status = 'Delivered' WHERE id = ${a}`);
    await s.db.execute(sql`UPDATE orders SET delivery_time = ${SLOTS[1]} WHERE id = ${b}`);
    await s.db.execute(sql`DELETE FROM order_accessories WHERE order_id = ${c}`);
    await s.db.execute(sql`DELETE FROM order_status_history WHERE order_id = ${c}`);
    await s.db.execute(sql`DELETE FROM orders WHERE id = ${c}`);

    expect(await countOf(inSlot(SLOTS[0]!))).toBe(n0 - 3);
    const after = await slotsNow();
    expect(after.get(SLOTS[0]!)).toBe(before.get(SLOTS[0]!)! - 3);
    expect(after.get(SLOTS[1]!)).toBe(n1 + 1);
    await expectList(jobsIn(SLOTS[0]!), inSlot(SLOTS[0]!));
    await expectList(jobsIn(SLOTS[1]!), inSlot(SLOTS[1]!));
    expect(await checkCounters(s.db)).toEqual([]);
  });

  it('refuses a status that is not an open job', async () => {
    const res = await get(`assign-jobs/${f.services.water.id}?status=Delivered`);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'Status must be one of: Pending, Out for Delivery.',
    });
  });

  it('lists the slots of the open jobs in the order of the day, with how many each has', async () => {
    const water = f.services.water.id;
    const res = await get(`job-slots/${water}`);
    expect(res.statusCode).toBe(200);
    const expected = await s.db.execute<{ slot: string; jobs: string }>(sql`
      SELECT delivery_time AS slot, count(*) AS jobs FROM orders
      WHERE category_id = ${water} AND ${open} GROUP BY 1`);
    const bySlot = new Map(expected.rows.map((r) => [r.slot, Number(r.jobs)]));
    expect(res.json().result.slots).toEqual(
      ['Within 2 hours', ...[SLOTS[0]!, SLOTS[2]!, SLOTS[1]!]].map((slot) => ({
        slot,
        jobs: bySlot.get(slot),
      })),
    );
  });

  it('streams the job sheet of the filtered jobs only', async () => {
    const water = f.services.water.id;
    const res = await s.app.inject({
      method: 'HEAD',
      url: `/api/order/job-sheet/${water}?status=Pending&slot=${encodeURIComponent(SLOTS[0]!)}`,
      headers: { authorization: `Bearer ${s.superToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-job-count'])).toBe(
      await countOf(
        sql`category_id = ${water} AND status = 'Pending' AND delivery_time = ${SLOTS[0]}`,
      ),
    );
  });
});
