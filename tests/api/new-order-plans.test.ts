/**
 * Plan tests of New order's reads (issue 37), as tests/api/statement-plans.test.ts does: on
 * 20,000 customers with two addresses each, analysed, every read that user/add-user (the phone
 * already used?) and all-users' search with `withAddress` (each match's default address) run is
 * EXPLAINed with its own parameters: the phone lookup and the addresses read for a page must not
 * read the customers or their addresses whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from './helpers';

const LARGE_TABLES = ['customers', 'customer_addresses'];
const CUSTOMERS = 10_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

let s: TestServer;
let sink: { text: string; params: unknown[] }[] | null = null;

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
    `INSERT INTO customers (id, first_name, last_name, email, phone)
     SELECT '0190' || lpad(to_hex(i), 4, '0') || '-0000-7000-8000-' || lpad(to_hex(i), 12, '0'),
            'Name' || i, 'Surname' || (i % 500), 'c' || i || '@example.in',
            (9000000000 + i)::text
       FROM generate_series(1, ${CUSTOMERS}) i`,
  );
  await raw(
    `INSERT INTO customer_addresses (id, customer_id, full_address, city, state, pincode, is_default)
     SELECT 'a' || k || id, id, k || ' Main Road', 'Bengaluru', 'Karnataka', '560001', k = 1
       FROM customers CROSS JOIN generate_series(1, 2) k`,
  );
  await raw(`INSERT INTO pincodes (id, number) VALUES ('pc-560001', '560001')`);
  await raw('ANALYZE');
}, 600_000);

afterAll(() => s?.close());

function scansOf(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(node['Relation Name'] ?? '')) {
    found.push(node['Relation Name']!);
  }
  for (const child of node.Plans ?? []) scansOf(child, found);
  return found;
}

/** Calls the API, then EXPLAINs each read it ran: the large tables scanned whole. */
async function explain(method: 'GET' | 'POST', url: string, payload?: object) {
  sink = [];
  const res = await s.app.inject({ method, url, headers: bearer(s.superToken), payload });
  const statements = sink;
  sink = null;
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
  const scans: string[] = [];
  const reads: string[] = [];
  for (const { text, params } of statements) {
    if (!/^\s*(select|with|\()/i.test(text)) continue;
    reads.push(text);
    const [row] = await raw(`EXPLAIN (FORMAT JSON) ${text}`, params);
    const plan = row!['QUERY PLAN'] as [{ Plan: PlanNode }] | string;
    const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan;
    for (const table of scansOf(parsed[0].Plan)) scans.push(`${table} in: ${text}`);
  }
  return { scans, reads };
}

describe('New order plans', () => {
  it('add-user looks the phone up through an index', async () => {
    const { scans, reads } = await explain('POST', '/api/user/add-user', {
      firstName: 'Meera',
      phone: '8123456789',
      address: '7 16th Main',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    });
    expect(reads.some((text) => /"phone" =/.test(text))).toBe(true);
    expect(scans).toEqual([]);
  });

  it("the customer search reads each match's default address through an index", async () => {
    // The search itself is query-plans.test.ts's; here, the addresses read for its page.
    for (const search of ['9000001234', 'Surname17', 'Name123', '']) {
      const { scans, reads } = await explain(
        'GET',
        `/api/user/all-users?status=All&withAddress=true&limit=10${search ? `&search=${search}` : ''}`,
      );
      expect(
        reads.some((text) => /customer_addresses/.test(text)),
        search,
      ).toBe(true);
      expect(
        scans.filter((scan) => scan.startsWith('customer_addresses')),
        search,
      ).toEqual([]);
    }
  });
});
