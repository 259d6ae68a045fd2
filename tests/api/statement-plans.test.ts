/**
 * Plan tests of the monthly statements (issue 36), as tests/api/subscription-plans.test.ts does
 * for the subscriptions: on 6,000 customers (half postpaid) with 48,000 account entries over
 * three months, a year of statements before and 18,000 jars held, analysed, every statement a
 * statement call runs is EXPLAINed with its own parameters and must not read a large table
 * whole. (The entries' orders are joined by the orders' primary key; there are none here.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDay } from '@shared/time';
import { bearer, createTestServer, type TestServer } from './helpers';

const LARGE_TABLES = [
  'customers',
  'customer_addresses',
  'account_entries',
  'account_statements',
  'returnable_balances',
];
const CUSTOMERS = 6_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

let s: TestServer;
let sink: { text: string; params: unknown[] }[] | null = null;
let customerId = '';

/** The month `back` months before this one: '2026-10'. */
function monthBack(back: number): string {
  const [y, m] = indiaDay().slice(0, 7).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 7);
}
const LAST = monthBack(1);

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
  await raw(
    `INSERT INTO customers (id, first_name, last_name, email, phone, billing_mode)
     SELECT '0190' || lpad(to_hex(i), 4, '0') || '-0000-7000-8000-' || lpad(to_hex(i), 12, '0'),
            'Name' || i, 'Surname' || (i % 500), 'c' || i || '@example.in',
            lpad((9000000000 + i)::text, 10, '0'),
            CASE WHEN i % 2 = 0 THEN 'postpaid' ELSE 'prepaid' END
       FROM generate_series(1, ${CUSTOMERS}) i`,
  );
  await raw(
    `INSERT INTO customer_addresses (id, customer_id, full_address, city, state, pincode, is_default)
     SELECT 'a' || id, id, '1 Main Road', 'Bengaluru', 'Karnataka', '560001', true FROM customers`,
  );
  // Eight entries a customer: three months, a charge every ten days and a payment.
  await raw(
    `INSERT INTO account_entries (customer_id, kind, amount, method, at)
     SELECT c.id, CASE WHEN k % 3 = 2 THEN 'payment' ELSE 'subscription_day_charged' END,
            CASE WHEN k % 3 = 2 THEN 12000 ELSE -4500 END,
            CASE WHEN k % 3 = 2 THEN 'UPI' END,
            date_trunc('month', now()) - interval '2 months' + make_interval(days => k * 9)
       FROM customers c CROSS JOIN generate_series(0, 7) k`,
  );
  // Jars and cylinders held: three items for each customer.
  await raw(
    `INSERT INTO returnable_balances (customer_id, item_id, item_kind, item_name, category_id,
       issued, outstanding, deposit)
     SELECT c.id, 'item' || k, 'product', 'Item ' || k, 'water', 2, 2, 300
       FROM customers c CROSS JOIN generate_series(1, 3) k`,
  );
  // A year of statements before: the table a month's lookups pick from.
  await raw(
    `INSERT INTO account_statements (id, customer_id, month, number, opening, debits, credits,
       closing)
     SELECT c.id || '-' || k, c.id, (date_trunc('month', now()) - make_interval(months => k))::date,
            'OLD/' || k || '/' || c.id, 0, 0, 0, 0
       FROM customers c CROSS JOIN generate_series(3, 14) k WHERE c.billing_mode = 'postpaid'`,
  );
  await raw('ANALYZE');
  // Last month numbered, as the batch leaves it.
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/account/statements?month=${LAST}`,
    headers: bearer(s.superToken),
  });
  expect(res.statusCode).toBe(200);
  await raw('ANALYZE');
  const [one] = await raw(`SELECT id FROM customers ORDER BY id OFFSET 100 LIMIT 1`);
  customerId = one!.id as string;
}, 600_000);

afterAll(() => s?.close());

function scansOf(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(node['Relation Name'] ?? '')) {
    found.push(node['Relation Name']!);
  }
  for (const child of node.Plans ?? []) scansOf(child, found);
  return found;
}

/** Calls the API, then EXPLAINs each read it ran: the tables scanned whole. */
async function explain(url: string) {
  sink = [];
  const res = await s.app.inject({ method: 'GET', url, headers: bearer(s.superToken) });
  const statements = sink;
  sink = null;
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  const scans: string[] = [];
  let reads = 0;
  for (const { text, params } of statements) {
    if (!/^\s*(select|with|\()/i.test(text)) continue;
    reads += 1;
    const [row] = await raw(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const plan = row!['QUERY PLAN'] as [{ Plan: PlanNode }] | string;
    const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan;
    for (const table of scansOf(parsed[0].Plan)) scans.push(`${table} in: ${text}`);
  }
  return { scans, reads };
}

describe('statement plans', () => {
  it("a customer's statement reads its month through the indexes", async () => {
    const { scans, reads } = await explain(`/api/account/statement/${customerId}?month=${LAST}`);
    expect(reads).toBeGreaterThan(2);
    expect(scans).toEqual([]);
  });

  it("a month's list, its deep pages and its search read through the indexes", async () => {
    for (const query of [
      'page=1&limit=20',
      'page=150&limit=20',
      'search=Surname17',
      'search=9000000123',
    ]) {
      const { scans } = await explain(`/api/account/get-statements?month=${LAST}&${query}`);
      expect(scans, query).toEqual([]);
    }
  });

  it("the month's batch reads its customers and entries by batch through the indexes", async () => {
    const { scans, reads } = await explain(`/api/account/statements?month=${LAST}`);
    expect(reads).toBeGreaterThan(30);
    expect(scans).toEqual([]);
  });
});
