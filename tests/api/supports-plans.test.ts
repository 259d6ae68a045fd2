/**
 * Plan tests of the ticket list (issue 37), as tests/api/ledger-plans.test.ts does: on seed:large's
 * customers and tickets (analysed), every statement support/tickets and support/export-tickets
 * run is EXPLAINed with its own parameters and must not read a large table sequentially; the
 * pages walk the indexes the list was given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLarge } from '@server/db/seed/large';
import { bearer, createTestServer, type TestServer } from './helpers';

const LARGE_TABLES = ['support_tickets', 'support_replies', 'customers', 'orders'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

let s: TestServer;
let sink: { text: string; params: unknown[] }[] | null = null;
let surname = '';

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
    orders: 2_000,
    customers: 20_000,
    tickets: 30_000,
    returns: 0,
    audit: 0,
    dataDir: s.config.dataDir,
    reset: true,
  });
  await raw('ANALYZE');
  const [one] = await raw(
    `SELECT c.last_name FROM support_tickets t JOIN customers c ON c.id = t.customer_id
     ORDER BY t.created_at DESC LIMIT 1`,
  );
  surname = one!.last_name as string;
}, 300_000);

afterAll(() => s?.close());

function walk(node: PlanNode, visit: (n: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** Calls the API, then EXPLAINs each statement it ran: large tables scanned whole, indexes used. */
async function plansOfCall(url: string) {
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
  return { scans, indexes: [...indexes] };
}

describe('the ticket list is served by indexes', () => {
  it('answers each filter, a search, a deep page and the CSV without a sequential scan', async () => {
    const failures: string[] = [];
    for (const url of [
      '/api/support/tickets',
      '/api/support/tickets?page=200&limit=10',
      '/api/support/tickets?status=unresolved',
      '/api/support/tickets?status=resolved&page=50',
      '/api/support/tickets?type=3',
      '/api/support/tickets?status=unresolved&type=2&from=2025-01-01&to=2030-12-31',
      '/api/support/tickets?from=2026-01-01',
      `/api/support/tickets?search=${surname}`,
      `/api/support/tickets?search=${surname}&status=unresolved&page=2`,
      '/api/support/tickets?search=98',
      '/api/support/export-tickets?status=unresolved',
      `/api/support/export-tickets?search=${surname}`,
    ]) {
      for (const scan of (await plansOfCall(url)).scans) failures.push(`${url}: ${scan}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('walks the list indexes: by status, by time, and a search by customer', async () => {
    expect((await plansOfCall('/api/support/tickets?page=20')).indexes).toContain(
      'support_tickets_created_id_idx',
    );
    expect((await plansOfCall('/api/support/tickets?status=unresolved')).indexes).toContain(
      'support_tickets_status_created_idx',
    );
    expect((await plansOfCall(`/api/support/tickets?search=${surname}`)).indexes).toContain(
      'support_tickets_customer_created_idx',
    );
  }, 300_000);
});

describe("seed:large keeps each ticket's latest reply", () => {
  it('writes last_reply_at and last_reply_by as the newest reply of each ticket', async () => {
    const [row] = await raw(`SELECT
        count(*) FILTER (WHERE t.last_reply_at IS DISTINCT FROM r.date)::int AS wrong_time,
        count(*) FILTER (WHERE t.last_reply_by IS DISTINCT FROM r.admin_name)::int AS wrong_name,
        count(*) FILTER (WHERE r.date IS NOT NULL)::int AS answered
      FROM support_tickets t LEFT JOIN LATERAL (
        SELECT date, admin_name FROM support_replies WHERE ticket_id = t.id
        ORDER BY date DESC LIMIT 1
      ) r ON true`);
    expect(row).toMatchObject({ wrong_time: 0, wrong_name: 0 });
    expect(row!.answered).toBeGreaterThan(1000);
  }, 60_000);
});
