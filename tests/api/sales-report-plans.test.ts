/**
 * Plan tests of the reports (issue 38), as tests/api/statement-plans.test.ts does for the
 * statements: rollups the size two years of a large operator leave (sales_daily for 731 days of
 * 5 services, 300 pin codes and 100 riders: about 300,000 rows; sales_monthly; collections per
 * day), 60,000 invoices and 6,000 credit notes, analysed. Every statement a report call runs is
 * EXPLAINed (ANALYZE: they only read) with its own parameters: none reads a large table whole,
 * the rollups are read by their primary keys, and a year by pin code reads whole months from
 * sales_monthly rather than 366 days a pin code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, indiaDay } from '@shared/time';
import { bearer, createTestServer, type TestServer } from './helpers';

const LARGE_TABLES = ['sales_daily', 'sales_monthly', 'invoices', 'credit_notes', 'orders'];
const PINCODES = 300;
const RIDERS = 100;
const INVOICES = 60_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

let s: TestServer;
let sink: { text: string; params: unknown[] }[] | null = null;

const TODAY = indiaDay();
const FIRST_DAY = addDays(TODAY, -730);

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
  // The rollups as the triggers leave them: a row per day and key of each dimension.
  await raw(
    `INSERT INTO sales_daily (dim, day, key, invoices, credit_notes, taxable, tax, amount)
     SELECT k.dim, d::date, k.key, 20, 1, 2000, 240, 2240
       FROM generate_series('${FIRST_DAY}'::date, '${TODAY}'::date, interval '1 day') d
      CROSS JOIN (
        SELECT 'service' AS dim, 'service-' || i AS key FROM generate_series(1, 5) i
        UNION ALL SELECT 'pincode', (560000 + i)::text FROM generate_series(1, ${PINCODES}) i
        UNION ALL SELECT 'rider', 'rider-' || i FROM generate_series(1, ${RIDERS}) i
        UNION ALL SELECT 'rider', ''
      ) k
      ORDER BY 1, 2, 3`,
  );
  await raw(
    `INSERT INTO sales_monthly (dim, month, key, invoices, credit_notes, taxable, tax, amount)
     SELECT dim, date_trunc('month', day::timestamp)::date, key, sum(invoices), sum(credit_notes),
            sum(taxable), sum(tax), sum(amount)
       FROM sales_daily GROUP BY 1, 2, 3`,
  );
  await raw(
    `INSERT INTO collections_daily (day, payments, collected)
     SELECT d::date, 40, 4000000
       FROM generate_series('${FIRST_DAY}'::date, '${TODAY}'::date, interval '1 day') d`,
  );
  // Invoices and notes with their documents stored (so the register builds none, and no order
  // is read), without their orders: foreign keys and triggers off for these inserts.
  const document = (kind: string) =>
    `jsonb_build_object('version', 1, 'invoiceNo', 'DS/25-26/' || lpad(i::text, 6, '0'),
       'orderNo', 'OD' || i, 'issuedAt', '2025-01-01T00:00:00Z', 'kind', '${kind}',
       'buyer', jsonb_build_object('name', 'Customer ' || i, 'phone', '9000000000',
                                   'address', '1 Main Road', 'state', 'Delhi'),
       'placeOfSupply', jsonb_build_object('state', 'Delhi', 'code', '07'),
       'figures', jsonb_build_object('taxablePaise', 10000, 'cgstPaise', 900, 'sgstPaise', 900,
                                     'igstPaise', 0, 'taxPaise', 1800, 'totalPaise', 11800))`;
  await raw(`SET session_replication_role = replica`);
  try {
    await raw(
      `INSERT INTO invoices (order_id, financial_year, number, invoice_no, issued_at, seller,
         document)
       SELECT 'order-' || i, '2025-26', i, 'DS/25-26/' || lpad(i::text, 6, '0'),
              '${FIRST_DAY}'::timestamptz + i * interval '17 minutes', '{}'::jsonb,
              ${document('invoice')}
         FROM generate_series(1, ${INVOICES}) i`,
    );
    await raw(
      `INSERT INTO credit_notes (id, kind, order_id, financial_year, number, note_no, issued_at,
         cause, reason, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, document)
       SELECT 'note-' || i, 'credit', 'order-' || (i * 10), '2025-26', i,
              'CN/25-26/' || lpad(i::text, 6, '0'),
              '${FIRST_DAY}'::timestamptz + i * interval '170 minutes' + interval '1 minute',
              'cancelled', 'Cancelled', 10000, 900, 900, 0, 11800,
              ${document('credit')} || jsonb_build_object('noteNo', 'CN/25-26/' || i)
         FROM generate_series(1, ${INVOICES / 10}) i`,
    );
  } finally {
    await raw(`SET session_replication_role = origin`);
  }
  await raw('ANALYZE');
}, 600_000);

afterAll(() => s?.close());

/** Every node of a plan. */
function nodesOf(node: PlanNode, found: PlanNode[] = []): PlanNode[] {
  found.push(node);
  for (const child of node.Plans ?? []) nodesOf(child, found);
  return found;
}

/**
 * Calls the API, then EXPLAIN ANALYZEs each read it ran: the large tables scanned whole, the
 * indexes used, and how many rollup rows were read.
 */
async function explain(url: string) {
  sink = [];
  const res = await s.app.inject({ method: 'GET', url, headers: bearer(s.superToken) });
  const statements = sink;
  sink = null;
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  const scans: string[] = [];
  const indexes = new Set<string>();
  let rollupRows = 0;
  let reads = 0;
  for (const { text, params } of statements) {
    if (!/^\s*(select|with|\()/i.test(text)) continue;
    reads += 1;
    const [row] = await raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
    const plan = row!['QUERY PLAN'] as [{ Plan: PlanNode }] | string;
    const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan;
    for (const node of nodesOf(parsed[0].Plan)) {
      const table = node['Relation Name'] ?? '';
      if (node['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(table)) {
        scans.push(`${table} in: ${text}`);
      }
      if (node['Index Name']) indexes.add(node['Index Name']);
      if (
        /^(Index|Index Only|Bitmap Heap) Scan$/.test(node['Node Type']) &&
        (table === 'sales_daily' || table === 'sales_monthly')
      ) {
        rollupRows += (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
      }
    }
  }
  return { scans, indexes, rollupRows, reads, body: res.body };
}

describe('sales report plans', () => {
  const yearAgo = addDays(TODAY, -365);

  it('reads a year per day, week or month from sales_daily by its primary key', async () => {
    for (const group of ['day', 'week', 'month']) {
      const { scans, indexes, rollupRows } = await explain(
        `/api/report/sales?from=${yearAgo}&to=${TODAY}&groupBy=${group}`,
      );
      expect(scans, group).toEqual([]);
      expect([...indexes], group).toContain('sales_daily_dim_day_key_pk');
      // The service dimension alone: five rows a day.
      expect(rollupRows, group).toBe(5 * 366);
    }
  });

  it('reads a year per service, pin code or rider as whole months and the days around them', async () => {
    // From the 15th: half a month of days at each end, and eleven whole months.
    const from = `${yearAgo.slice(0, 8)}15`;
    const to = addDays(`${TODAY.slice(0, 8)}15`, -1);
    for (const [group, keys] of [
      ['service', 5],
      ['pincode', PINCODES],
      ['rider', RIDERS + 1],
    ] as const) {
      const { scans, indexes, rollupRows, body } = await explain(
        `/api/report/sales?from=${from}&to=${to}&groupBy=${group}`,
      );
      expect(scans, group).toEqual([]);
      expect([...indexes], group).toEqual(
        expect.arrayContaining(['sales_daily_dim_day_key_pk', 'sales_monthly_dim_month_key_pk']),
      );
      // At most 62 days and 12 months a key, where the days alone would be 366.
      expect(rollupRows, group).toBeLessThanOrEqual(keys * (62 + 12));
      expect(rollupRows, group).toBeGreaterThanOrEqual(keys * 11);
      expect(JSON.parse(body).result.rows).toHaveLength(keys);
    }
  });

  it('streams the sales register through the invoices and credit notes by date', async () => {
    const from = addDays(TODAY, -400);
    const { scans, indexes, reads } = await explain(
      `/api/report/export-sales-register?from=${from}&to=${addDays(from, 40)}`,
    );
    expect(scans).toEqual([]);
    expect([...indexes]).toEqual(
      expect.arrayContaining(['invoices_issued_idx', 'credit_notes_issued_idx']),
    );
    // Batches of 1,000: about 3,400 invoices over 41 days.
    expect(reads).toBeGreaterThan(4);
  });
});
