/**
 * Plan tests of emergencies on a clock (issue 40), as tests/api/credit-note-plans.test.ts does
 * for the credit notes: on 30,000 orders of seed:large (a few percent of them emergencies, each
 * with its status history), analysed, every statement that report/emergencies, its CSV and
 * live/open-emergencies run is EXPLAINed with its own parameters: none reads a large table
 * whole; the range walks orders_emergency_created_idx, a delivered emergency's Delivered step
 * order_status_history_order_idx, the open emergencies orders_open_emergencies_idx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLarge } from '@server/db/seed/large';
import { addDays, indiaDay } from '@shared/time';
import { bearer, createTestServer, type TestServer } from './helpers';

const LARGE_TABLES = ['orders', 'order_status_history', 'customers', 'riders'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

let s: TestServer;
let sink: { text: string; params: unknown[] }[] | null = null;
const TODAY = indiaDay();

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
    orders: 30_000,
    customers: 5_000,
    tickets: 0,
    returns: 0,
    audit: 0,
    subscriptions: 0,
    accounts: 0,
    dataDir: s.config.dataDir,
    reset: true,
  });
  await raw('ANALYZE');
}, 600_000);

afterAll(() => s?.close());

function walk(node: PlanNode, visit: (node: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** Calls the API, then EXPLAINs each read it ran: the large tables scanned whole, the indexes. */
async function explain(url: string) {
  sink = [];
  const res = await s.app.inject({ method: 'GET', url, headers: bearer(s.superToken) });
  const statements = sink;
  sink = null;
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  const scans: string[] = [];
  const indexes = new Set<string>();
  const explained = new Set<string>();
  for (const { text, params } of statements) {
    if (!/^\s*(select|with|\()/i.test(text) || explained.has(text)) continue;
    explained.add(text);
    const [row] = await raw(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const plan = row!['QUERY PLAN'] as [{ Plan: PlanNode }] | string;
    const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan;
    walk(parsed[0].Plan, (node) => {
      const table = node['Relation Name'] ?? '';
      if (node['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(table)) {
        scans.push(`${table} in: ${text}`);
      }
      if (node['Index Name']) indexes.add(node['Index Name']);
    });
  }
  return { scans, indexes, body: res.body };
}

describe('emergency report plans', () => {
  it('has emergencies to read, delivered, open and in the range', async () => {
    const [n] = await raw(
      `SELECT count(*) FILTER (WHERE status = 'Delivered')::int AS delivered,
              count(*) FILTER (WHERE status IN ('Pending', 'Out for Delivery'))::int AS open,
              count(*)::int AS all
         FROM orders WHERE is_emergency`,
    );
    expect(n!.delivered).toBeGreaterThan(300);
    expect(n!.open).toBeGreaterThan(0);
  });

  it('reads a quarter of emergencies through their index, the Delivered steps by order', async () => {
    const from = addDays(TODAY, -91);
    for (const page of [1, 5]) {
      const { scans, indexes, body } = await explain(
        `/api/report/emergencies?from=${from}&to=${TODAY}&limit=50&page=${page}`,
      );
      expect(scans, `page ${page}`).toEqual([]);
      expect([...indexes], `page ${page}`).toEqual(
        expect.arrayContaining(['orders_emergency_created_idx', 'order_status_history_order_idx']),
      );
      const result = JSON.parse(body).result;
      expect(result.totals.emergencies).toBeGreaterThan(100);
      expect(result.emergencies.length).toBeGreaterThan(0);
    }
  });

  it('reads a week the same way', async () => {
    const { scans, indexes } = await explain(
      `/api/report/emergencies?from=${addDays(TODAY, -6)}&to=${TODAY}`,
    );
    expect(scans).toEqual([]);
    expect([...indexes]).toContain('orders_emergency_created_idx');
  });

  it('streams the CSV by a seek on the same index', async () => {
    const { scans, indexes } = await explain(
      `/api/report/export-emergencies?from=${addDays(TODAY, -91)}&to=${TODAY}`,
    );
    expect(scans).toEqual([]);
    expect([...indexes]).toEqual(
      expect.arrayContaining(['orders_emergency_created_idx', 'order_status_history_order_idx']),
    );
  });

  it('reads the open emergencies from their own small index', async () => {
    const { scans, indexes, body } = await explain('/api/live/open-emergencies');
    expect(scans).toEqual([]);
    expect([...indexes]).toContain('orders_open_emergencies_idx');
    expect(JSON.parse(body).result.emergencies.length).toBeGreaterThan(0);
  });

  it('looks up a delivered emergency’s delivery for the orders lists by its history', async () => {
    const { scans, indexes } = await explain(
      '/api/order/view-all-orders?emergency=true&status=Delivered&limit=50&page=3',
    );
    expect(scans).toEqual([]);
    expect([...indexes]).toContain('order_status_history_order_idx');
  });
});
