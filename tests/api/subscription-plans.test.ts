/**
 * Plan tests of the subscriptions (issue 35), as tests/api/query-plans.test.ts does for the other
 * lists: on a generated data set big enough for the planner to prefer indexes (20 000 customers
 * and 20 000 orders of seed:large, 40 000 subscriptions with pauses and skips, analysed), every statement a
 * list, total, search, export or detail call runs is EXPLAINed with its own parameters and must
 * not read a large table sequentially; the totals of the filters the counters split come from
 * subscription_counts, not from counting the subscriptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDay } from '@shared/time';
import { createDeliverySettingsRepository } from '@server/modules/deliverySettings/repository';
import { bearer, createTestServer, type TestServer } from './helpers';
import { seedLarge } from '@server/db/seed/large';

const LARGE_TABLES = [
  'subscriptions',
  'subscription_changes',
  'subscription_pauses',
  'subscription_skips',
  'customers',
  'customer_addresses',
  'orders',
  'customer_order_counts',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

let s: TestServer;
let sink: { text: string; params: unknown[] }[] | null = null;
const ids = { water: '', subscription: '', customer: '', pincode: '', phone: '' };
const SLOTS = ['7:00 AM - 9:00 AM', '9:00 AM - 11:00 AM', '5:00 PM - 8:00 PM'];

async function raw(text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = (
    s.db as unknown as {
      $client: { query(t: string, p: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
    }
  ).$client;
  return (await client.query(text, params)).rows;
}

beforeAll(async () => {
  s = await createTestServer({
    database: { logger: { logQuery: (text, params) => void sink?.push({ text, params }) } },
  });
  await seedLarge(s.handle, {
    orders: 20_000,
    customers: 20_000,
    tickets: 0,
    returns: 0,
    audit: 0,
    dataDir: s.config.dataDir,
    reset: true,
  });
  await createDeliverySettingsRepository(s.db).saveTime({
    pickupTime: [],
    deliveryTime: SLOTS,
    gapHours: 0,
  });
  const [water] = await raw(`SELECT id FROM categories WHERE kind = 'water'`);
  ids.water = water!.id as string;
  const [product] = await raw(`SELECT id FROM products WHERE category_id = $1 LIMIT 1`, [
    ids.water,
  ]);
  const today = indiaDay();
  // Two subscriptions for each customer with a default address, the newest first by id.
  await raw(
    `INSERT INTO subscriptions (id, customer_id, category_id, product_id, quantity, schedule_kind,
       interval_days, slot, address_id, pincode, start_date, end_date, payment_method, status,
       created_at, updated_at)
     SELECT 's' || lpad(i::text, 6, '0'), c.customer_id, $1, $2, 1 + i % 3, 'daily', 1,
       ($3::text[])[1 + i % 3], c.id, c.pincode, $4::date - (i % 200),
       CASE WHEN i % 5 = 0 THEN $4::date + (i % 120) END, 'Cash on Delivery',
       CASE WHEN i % 50 = 0 THEN 'Paused' WHEN i % 97 = 0 THEN 'Ended' ELSE 'Active' END,
       now() - make_interval(mins => i), now()
     FROM (SELECT a.*, row_number() OVER (ORDER BY a.id) AS k
           FROM customer_addresses a WHERE a.is_default) c
     CROSS JOIN LATERAL (VALUES ((c.k * 2)::int), ((c.k * 2 + 1)::int)) AS n(i)`,
    [ids.water, product!.id, SLOTS, today],
  );
  await raw(
    `INSERT INTO subscription_pauses (id, subscription_id, from_date, to_date, reason)
     SELECT 'p' || id, id, $1::date - (n % 30), $1::date + (n % 30), 'Away'
     FROM (SELECT id, substr(id, 2)::int AS n FROM subscriptions) s WHERE n % 7 = 0`,
    [today],
  );
  await raw(
    `INSERT INTO subscription_skips (subscription_id, day)
     SELECT id, $1::date + (n % 20)
     FROM (SELECT id, substr(id, 2)::int AS n FROM subscriptions) s WHERE n % 3 = 0`,
    [today],
  );
  await raw(
    `INSERT INTO subscription_changes (subscription_id, action)
     SELECT id, 'edited' FROM subscriptions CROSS JOIN generate_series(1, 2)`,
  );
  await raw('ANALYZE');
  const [one] = await raw(
    `SELECT s.id, s.customer_id, s.pincode, c.phone FROM subscriptions s
     JOIN customers c ON c.id = s.customer_id ORDER BY s.id LIMIT 1 OFFSET 50`,
  );
  ids.subscription = one!.id as string;
  ids.customer = one!.customer_id as string;
  ids.pincode = one!.pincode as string;
  ids.phone = one!.phone as string;
}, 300_000);

afterAll(() => s?.close());

function scansOf(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(node['Relation Name'] ?? '')) {
    found.push(node['Relation Name']!);
  }
  for (const child of node.Plans ?? []) scansOf(child, found);
  return found;
}

/** Calls the API, then EXPLAINs each statement it ran: the statements and the tables scanned whole. */
async function explain(url: string) {
  sink = [];
  const res = await s.app.inject({ method: 'GET', url, headers: bearer(s.superToken) });
  const statements = sink;
  sink = null;
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  const scans: string[] = [];
  const texts: string[] = [];
  const plans: PlanNode[] = [];
  for (const { text, params } of statements) {
    if (!/^\s*(select|with|\()/i.test(text)) continue;
    texts.push(text);
    const [row] = await raw(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const plan = row!['QUERY PLAN'] as [{ Plan: PlanNode }] | string;
    const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan;
    plans.push(parsed[0].Plan);
    for (const table of scansOf(parsed[0].Plan)) scans.push(`${table} in: ${text}`);
  }
  return { scans, texts, plans, res };
}

describe('the subscriptions list, its totals, search, export and detail are served by indexes', () => {
  const list = '/api/subscription/get-all-subscriptions';
  const calls = () => [
    list,
    `${list}?page=20`,
    `${list}?limit=100`,
    `${list}?status=Paused`,
    `${list}?status=Active`,
    `${list}?serviceId=${ids.water}`,
    `${list}?serviceId=${ids.water}&status=Ended`,
    `${list}?pincode=${ids.pincode}`,
    `${list}?userId=${ids.customer}`,
    `${list}?slot=${encodeURIComponent(SLOTS[1]!)}`,
    `${list}?endingWithin=7`,
    `${list}?search=Sharma`,
    `${list}?search=Ka`,
    `${list}?search=${ids.phone}`,
    `${list}?search=Meera%20Sharma&status=Paused`,
    '/api/subscription/export-subscriptions?status=Paused',
    '/api/subscription/export-subscriptions?search=Sharma',
    `/api/subscription/get-subscription/${ids.subscription}`,
    `/api/subscription/calendar/${ids.subscription}`,
    `/api/order/get-customer-orders?userId=${ids.customer}`,
    `/api/order/get-customer-orders?userId=${ids.customer}&page=2&limit=5`,
  ];

  it('answers each call without a sequential scan of a large table', async () => {
    const failures: string[] = [];
    for (const url of calls()) {
      const { scans } = await explain(url);
      for (const scan of scans) failures.push(`${url}: ${scan}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('skips to a deep page through the index of its sort, then reads only that page', async () => {
    const reads = (node: PlanNode, found: string[] = []): string[] => {
      if (node['Index Name']) found.push(`${node['Node Type']} ${node['Index Name']}`);
      for (const child of node.Plans ?? []) reads(child, found);
      return found;
    };
    const { plans, res } = await explain(`${list}?page=150&limit=10`);
    expect(res.json().result.subscriptions).toHaveLength(10);
    const page = plans
      .map((plan) => reads(plan))
      .find((r) => r.includes('Index Scan subscriptions_pkey'));
    // The skipped subscriptions are index entries, not rows: the rows are the page's ten.
    expect(page).toContain('Index Only Scan subscriptions_created_idx');
    expect(page).toContain('Index Scan subscriptions_pkey');
  });

  it('totals the filters the counters split from subscription_counts, exactly', async () => {
    for (const query of [
      '',
      'status=Paused',
      `serviceId=${ids.water}&status=Active`,
      `pincode=${ids.pincode}`,
      `slot=${encodeURIComponent(SLOTS[2]!)}`,
    ]) {
      const { texts, res } = await explain(`${list}?${query}`);
      expect(
        texts.some((t) => t.includes('"subscription_counts"')),
        query,
      ).toBe(true);
      expect(
        texts.some((t) => /count\(/i.test(t) && t.includes('from "subscriptions"')),
        query,
      ).toBe(false);
      // The kept count equals the rows it stands for.
      const where = new URLSearchParams(query);
      const conditions: string[] = [];
      const params: unknown[] = [];
      for (const [key, column] of [
        ['status', 'status'],
        ['serviceId', 'category_id'],
        ['pincode', 'pincode'],
        ['slot', 'slot'],
      ] as const) {
        const value = where.get(key);
        if (value) {
          params.push(value);
          conditions.push(`${column} = $${params.length}`);
        }
      }
      const [counted] = await raw(
        `SELECT count(*)::int AS n FROM subscriptions ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`,
        params,
      );
      expect(res.json().result.totalRecords, query).toBe(counted!.n);
    }
  });
});
