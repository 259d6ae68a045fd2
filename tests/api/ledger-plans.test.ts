/**
 * Plan tests of the account ledger calls (issue 36), as tests/api/subscription-plans.test.ts
 * does: on seed:large's customers and orders with ten account entries a customer (analysed),
 * every statement get-account and export-ledger run is EXPLAINed with its own parameters and
 * must not read a large table sequentially (the entries page and their count for one customer
 * by account_entries_customer_idx, the deposits by the returnables' customer indexes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLarge } from '@server/db/seed/large';
import { bearer, createTestServer, type TestServer } from './helpers';

const LARGE_TABLES = [
  'account_entries',
  'account_dues',
  'customers',
  'orders',
  'returnable_entries',
  'returnable_balances',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

let s: TestServer;
let sink: { text: string; params: unknown[] }[] | null = null;
let customer = '';

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
  // Ten entries a customer, written without the balance trigger (the plans need rows, not sums).
  await raw('ALTER TABLE account_entries DISABLE TRIGGER account_entries_keep_balance');
  await raw(
    `INSERT INTO account_entries (customer_id, kind, amount, balance_after, method, reference,
       reference_key, at)
     SELECT c.id, CASE WHEN n % 2 = 0 THEN 'topup' ELSE 'adjustment' END, 1000 + n, 0,
       CASE WHEN n % 2 = 0 THEN 'UPI' END,
       CASE WHEN n % 2 = 0 THEN 'R' || c.id || n END, CASE WHEN n % 2 = 0 THEN 'R' || upper(c.id) || n END,
       now() - make_interval(days => n)
     FROM customers c CROSS JOIN generate_series(1, 10) AS n`,
  );
  await raw('ALTER TABLE account_entries ENABLE TRIGGER account_entries_keep_balance');
  // A third of the customers owe.
  await raw(
    `INSERT INTO account_dues (customer_id, owed, owed_since, billing_mode)
     SELECT id, 5000, now() - interval '40 days', 'postpaid' FROM customers
     WHERE abs(hashtext(id)) % 3 = 0 ON CONFLICT DO NOTHING`,
  );
  await raw('ANALYZE');
  const [one] = await raw(`SELECT id FROM customers ORDER BY id LIMIT 1 OFFSET 50`);
  customer = one!.id as string;
}, 300_000);

afterAll(() => s?.close());

function scansOf(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(node['Relation Name'] ?? '')) {
    found.push(node['Relation Name']!);
  }
  for (const child of node.Plans ?? []) scansOf(child, found);
  return found;
}

/** Calls the API, then EXPLAINs each statement it ran: the tables scanned whole. */
async function scansOfCall(url: string) {
  sink = [];
  const res = await s.app.inject({ method: 'GET', url, headers: bearer(s.superToken) });
  const statements = sink;
  sink = null;
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  const scans: string[] = [];
  for (const { text, params } of statements) {
    if (!/^\s*(select|with|\()/i.test(text)) continue;
    const [row] = await raw(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const plan = row!['QUERY PLAN'] as [{ Plan: PlanNode }] | string;
    const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan;
    for (const table of scansOf(parsed[0].Plan)) scans.push(`${table} in: ${text}`);
  }
  return scans;
}

describe('the account ledger calls are served by indexes', () => {
  it('answers get-account (first and a deep page) and the ledger CSV without a sequential scan', async () => {
    const failures: string[] = [];
    for (const url of [
      `/api/account/get-account/${customer}`,
      `/api/account/get-account/${customer}?page=2&limit=5`,
      `/api/account/export-ledger/${customer}`,
    ]) {
      for (const scan of await scansOfCall(url)) failures.push(`${url}: ${scan}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
