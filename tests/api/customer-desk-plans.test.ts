/**
 * Plan tests of the customer's desk (issue 37), as tests/api/query-plans.test.ts does for the
 * other lists: on seed:large's 30 000 orders and 20 000 customers, analysed, with notes for
 * every customer, the customer's Orders tab with each filter and the notes list are EXPLAINed
 * with their own parameters; none may read a large table sequentially, and the pages go
 * through the customer's own index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLarge } from '@server/db/seed/large';
import { bearer, createTestServer, type TestServer } from './helpers';

const LARGE_TABLES = ['orders', 'customers', 'customer_order_counts', 'customer_notes'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

let s: TestServer;
let sink: { text: string; params: unknown[] }[] | null = null;
const ids = { customer: '', water: '' };

async function raw(text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = (
    s.db as unknown as {
      $client: { query(t: string, p: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
    }
  ).$client;
  return (await client.query(text, params)).rows;
}

/** The day `n` days before today in India, `2026-11-24`. */
function daysAgo(n: number): string {
  const india = new Date(Date.now() + 5.5 * 60 * 60 * 1000 - n * 24 * 60 * 60 * 1000);
  return india.toISOString().slice(0, 10);
}

beforeAll(async () => {
  s = await createTestServer({
    database: { logger: { logQuery: (text, params) => void sink?.push({ text, params }) } },
  });
  await seedLarge(s.handle, {
    orders: 30_000,
    customers: 20_000,
    tickets: 0,
    returns: 0,
    audit: 0,
    dataDir: s.config.dataDir,
    reset: true,
  });
  // Three notes for every customer.
  await raw(
    `INSERT INTO customer_notes (id, customer_id, body, admin_name, created_at)
     SELECT c.id || '-' || n, c.id, 'Call before delivering', 'Asha Rao',
            now() - make_interval(hours => n)
     FROM customers c CROSS JOIN generate_series(1, 3) AS n`,
  );
  await raw('ANALYZE');
  const [busiest] = await raw(
    `SELECT customer_id FROM orders GROUP BY customer_id ORDER BY count(*) DESC, customer_id LIMIT 1`,
  );
  ids.customer = busiest!.customer_id as string;
  const [water] = await raw(`SELECT id FROM categories WHERE kind = 'water'`);
  ids.water = water!.id as string;
}, 300_000);

afterAll(() => s?.close());

function walk(node: PlanNode, visit: (n: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** Calls the API, then EXPLAINs each statement it ran: the sequential scans and the indexes used. */
async function explain(url: string) {
  sink = [];
  const res = await s.app.inject({ method: 'GET', url, headers: bearer(s.superToken) });
  const statements = sink;
  sink = null;
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  const scans: string[] = [];
  const indexes = new Set<string>();
  for (const { text, params } of statements) {
    if (!/^\s*(select|with|\()/i.test(text)) continue;
    const [row] = await raw(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const plan = row!['QUERY PLAN'] as [{ Plan: PlanNode }] | string;
    const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan;
    walk(parsed[0].Plan, (n) => {
      if (n['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(n['Relation Name'] ?? '')) {
        scans.push(`${n['Relation Name']} in: ${text}`);
      }
      if (n['Index Name']) indexes.add(n['Index Name']);
    });
  }
  return { scans, indexes, res };
}

describe("the customer's Orders tab and notes are served by the customer's indexes", () => {
  const orders = () => `/api/order/get-customer-orders?userId=${ids.customer}`;
  const calls = () => [
    orders(),
    `${orders()}&status=Delivered`,
    `${orders()}&serviceId=${ids.water}`,
    `${orders()}&serviceId=${ids.water}&status=Pending&page=2&limit=5`,
    `${orders()}&from=${daysAgo(60)}&to=${daysAgo(0)}`,
    `${orders()}&from=${daysAgo(30)}&status=Delivered&serviceId=${ids.water}`,
    `/api/user/notes/${ids.customer}`,
    `/api/user/notes/${ids.customer}?page=2&limit=2`,
  ];

  it('answers each call without a sequential scan of a large table', async () => {
    const failures: string[] = [];
    for (const url of calls()) {
      const { scans } = await explain(url);
      for (const scan of scans) failures.push(`${url}: ${scan}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("pages the orders and notes through the customer's own indexes", async () => {
    for (const url of calls().slice(0, 6)) {
      const { indexes } = await explain(url);
      expect([...indexes], url).toContain('orders_customer_created_idx');
    }
    const { indexes, res } = await explain(`/api/user/notes/${ids.customer}`);
    expect([...indexes]).toContain('customer_notes_customer_idx');
    expect(res.json().result).toMatchObject({ totalRecords: 3, currentPage: 1, totalPages: 1 });
  }, 300_000);
});
