/**
 * Plan tests of the credit notes (issue 38), as tests/api/statement-plans.test.ts does for the
 * statements: on 12,000 orders with their invoices (seed:large) and a credit note for most
 * invoices, spread over five years and analysed, every statement the notes' reads run is
 * EXPLAINed with its own parameters: none reads a large table whole, and the range lists walk
 * credit_notes_issued_idx, an order's notes credit_notes_order_idx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLarge } from '@server/db/seed/large';
import { addDays, indiaDay } from '@shared/time';
import { bearer, createTestServer, type TestServer } from './helpers';

const LARGE_TABLES = ['credit_notes', 'invoices', 'orders', 'customers', 'order_accessories'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

let s: TestServer;
let sink: { text: string; params: unknown[] }[] | null = null;
let noteCount = 0;
const ids = { note: '', order: '' };

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
    orders: 12_000,
    customers: 3_000,
    tickets: 0,
    returns: 0,
    audit: 0,
    subscriptions: 0,
    accounts: 0,
    dataDir: s.config.dataDir,
    reset: true,
  });
  // A credit note for five invoices in six, a day after each, moved back 0 to 4 years: five
  // years of notes, so a month or a year is a small part of the table. The document is a stub
  // with no lines: the reads measured here never print it.
  await raw(
    `INSERT INTO credit_notes (id, kind, order_id, financial_year, number, note_no, issued_at,
       cause, reason, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, document)
     SELECT 'note-' || k, CASE WHEN k % 7 = 0 THEN 'debit' ELSE 'credit' END, order_id, 'T', k,
            'CN/T/' || k,
            issued_at + interval '1 day' - make_interval(years => (k % 5)::int),
            'takenBack', 'Taken back', 10000, 600, 600, 0, 11200,
            '{"version": 1, "figures": {"lines": []}}'::jsonb
       FROM (SELECT i.*, row_number() OVER (ORDER BY i.order_id) AS k FROM invoices i) x
      WHERE k % 6 <> 0`,
  );
  await raw('ANALYZE');
  const [one] = await raw(
    `SELECT id, order_id FROM credit_notes ORDER BY issued_at DESC, id DESC LIMIT 1`,
  );
  ids.note = one!.id as string;
  ids.order = one!.order_id as string;
  const [counted] = await raw(`SELECT count(*)::int AS n FROM credit_notes`);
  noteCount = counted!.n as number;
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
  const noteIndexes = new Set<string>();
  for (const { text, params } of statements) {
    if (!/^\s*(select|with|\()/i.test(text)) continue;
    const [row] = await raw(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const plan = row!['QUERY PLAN'] as [{ Plan: PlanNode }] | string;
    const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan;
    walk(parsed[0].Plan, (node) => {
      const table = node['Relation Name'] ?? '';
      if (node['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(table)) {
        scans.push(`${table} in: ${text}`);
      }
      // A bitmap index scan names its index but not its table.
      const index = node['Index Name'] ?? '';
      if (index.startsWith('credit_notes_')) noteIndexes.add(index);
    });
  }
  return { scans, noteIndexes: [...noteIndexes].sort(), json: res.json() };
}

describe('credit note plans', () => {
  it('has notes enough to plan against', () => {
    expect(noteCount).toBeGreaterThan(5_000);
  });

  it("a month's list, a deep page and a year's list walk credit_notes_issued_idx", async () => {
    const today = indiaDay();
    const monthStart = `${today.slice(0, 7)}-01`;
    for (const [from, to, page] of [
      [addDays(today, -30), today, 1],
      [addDays(today, -30), today, 5],
      [addDays(monthStart, -365), addDays(monthStart, -1), 1],
      [addDays(monthStart, -365), addDays(monthStart, -1), 100],
    ] as const) {
      const url = `/api/order/credit-notes?from=${from}&to=${to}&page=${page}&limit=10`;
      const { scans, noteIndexes, json } = await explain(url);
      expect(json.result.creditNotes.length, url).toBe(10);
      expect(scans, url).toEqual([]);
      // The range through its index; the page's notes then by their primary key.
      expect(noteIndexes, url).toEqual(['credit_notes_issued_idx', 'credit_notes_pkey']);
    }
  });

  it("an order's view reads its notes through credit_notes_order_idx", async () => {
    const { scans, noteIndexes, json } = await explain(`/api/order/get-order/${ids.order}`);
    expect(json.result.order.creditNotes.length).toBeGreaterThan(0);
    expect(scans).toEqual([]);
    expect(noteIndexes).toContain('credit_notes_order_idx');
    expect(noteIndexes).not.toContain('credit_notes_issued_idx');
  });
});
