import { eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountEntriesTable,
  accountStatementsTable,
  customersTable,
  returnableBalancesTable,
} from '@server/db/schema';
import { createBusinessRepository } from '@server/modules/business/repository';
import { indiaDay, indiaMidnight } from '@shared/time';
import { pinClock } from './clock';
import { apiClient, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';

/**
 * account/statement/{userId}, account/statements and account/get-statements (issue 36): a
 * customer's month from the ledger (opening, every entry, totals, closing, amount due), numbered
 * once per past month and the same bytes every time after; the current month a draft; every
 * postpaid customer's statement of a month in one streamed PDF; the month's numbered list.
 */
let s: TestServer;
let f: OrderFixtures;
const api = apiClient(() => s, 'account');

// The middle of this month in India, so that "last month" and "this month" are whole months
// whatever day the test runs.
const realToday = indiaDay();
pinClock(new Date(indiaMidnight(`${realToday.slice(0, 7)}-15`).getTime() + 12 * 3_600_000));
afterAll(() => vi.useRealTimers());

/** The month `back` months before this one: '2026-10'. */
function monthBack(back: number): string {
  const [y, m] = realToday.slice(0, 7).split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 7);
}
const M0 = monthBack(0);
const M1 = monthBack(1);
const M2 = monthBack(2);
const M3 = monthBack(3);
const yymm = (month: string) => `${month.slice(2, 4)}${month.slice(5, 7)}`;
/** An instant in India: day `day` of `month` at `hour`:00. */
const at = (month: string, day: number, hour = 10) =>
  new Date(indiaMidnight(`${month}-${String(day).padStart(2, '0')}`).getTime() + hour * 3_600_000);

const ids = { a: '', b: '', c: '', d: '' };
let orderNo = '';

async function entry(customerId: string, values: Partial<typeof accountEntriesTable.$inferInsert>) {
  await s.db
    .insert(accountEntriesTable)
    .values({ customerId, kind: 'adjustment', amount: 0, ...values });
}

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  [ids.a, ids.b, ids.c, ids.d] = f.customers.map((c) => c.id) as [string, string, string, string];
  for (const id of [ids.a, ids.b, ids.c]) {
    await s.db
      .update(customersTable)
      .set({ billingMode: 'postpaid' })
      .where(eq(customersTable.id, id));
  }
  await createBusinessRepository(s.db).save(
    {
      legalName: 'Jalasri Water Services Private Limited',
      tradeName: 'Jalasri Water',
      gstin: '29AABCU9603R1ZJ',
      address: '14 3rd Cross, Jayanagar 4th Block',
      city: 'Bengaluru',
      state: 'Karnataka',
      stateCode: '29',
      pincode: '560011',
      phone: '080 2345 6789',
      email: 'accounts@jalasri.example.in',
      invoicePrefix: 'JW',
      overdueDays: 30,
    },
    null,
  );
  // Aarav holds two jars and the deposit for them.
  await s.db.insert(returnableBalancesTable).values({
    customerId: ids.a,
    itemId: f.products.water.id,
    itemKind: 'product',
    itemName: '20 L jar',
    categoryId: f.services.water.id,
    issued: 2,
    outstanding: 2,
    deposit: '300.00',
  });
  const order = await f.place({ kind: 'water', customer: 0 });
  orderNo = order.orderId;
  // Aarav (postpaid): two months of entries, and one this month.
  await entry(ids.a, { kind: 'order_charged', amount: -50_000, orderId: order.id, at: at(M2, 3) });
  await entry(ids.a, {
    kind: 'payment',
    amount: 30_000,
    method: 'UPI',
    reference: 'UPI 4123-5567',
    at: at(M2, 10),
  });
  await entry(ids.a, { kind: 'subscription_day_charged', amount: -9_000, at: at(M1, 2) });
  await entry(ids.a, {
    kind: 'payment',
    amount: 20_000,
    method: 'Cash',
    reference: 'R-1001',
    at: at(M1, 20),
  });
  await entry(ids.a, { kind: 'adjustment', amount: -1_500, reason: 'Broken jar', at: at(M1, 25) });
  await entry(ids.a, { kind: 'order_charged', amount: -4_000, at: at(M0, 1) });
  // Priya (postpaid): a payment two months ago only, so last month closes in credit.
  await entry(ids.b, { kind: 'payment', amount: 10_000, method: 'Cash', at: at(M2, 5) });
  // Rohan (postpaid): only this month. Kavya (prepaid): last month.
  await entry(ids.c, { kind: 'topup', amount: 5_000, method: 'Cash', at: at(M0, 2) });
  await entry(ids.d, { kind: 'topup', amount: 7_000, method: 'Cash', at: at(M1, 2) });
}, 60_000);
afterAll(() => s.close());

async function readPdf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/\s+/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

async function statement(userId: string, month: string) {
  const res = await api.get(`statement/${userId}?month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const file = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))![1]!;
  return { file, bytes: res.rawPayload, ...(await readPdf(res.rawPayload)) };
}

const familyId = (id: string) => id.replace(/-/g, '').slice(-10);
const message = (res: { body: string }) => (JSON.parse(res.body) as { message: string }).message;

describe('a customer statement', () => {
  it('states the month: opening, every entry with its balance, totals, closing, amount due', async () => {
    const first = await statement(ids.a, M2);
    expect(first.file).toBe(`statement-ST-${yymm(M2)}-000001-${familyId(ids.a)}.pdf`);
    expect(first.text).toContain(`ST/${yymm(M2)}/000001`);
    expect(first.text).toContain('Jalasri Water');
    expect(first.text).toContain('GSTIN: 29AABCU9603R1ZJ');
    expect(first.text).toContain('Aarav Sharma');
    expect(first.text).toContain(familyId(ids.a));
    expect(first.text).toContain('12 MG Road, Shivajinagar');
    expect(first.text).toContain('Postpaid (billed monthly)');
    expect(first.text).toContain(`Order charged: order ${orderNo}`);
    expect(first.text).toContain('UPI 4123-5567');
    expect(first.text).toMatch(/Opening balance ₹0\.00/);
    expect(first.text).toContain('Totals of the month 500.00 300.00 -200.00');
    expect(first.text).toContain('Amount due ₹200.00');
    expect(first.text).toContain('Page 1 of 1');
    expect(first.text).toMatch(/DEPOSITS HELD FOR JARS AND CYLINDERS .*20 L jar 2 300\.00/);

    const second = await statement(ids.a, M1);
    expect(second.text).toContain(`ST/${yymm(M1)}/000001`);
    expect(second.text).toContain('-200.00');
    expect(second.text).toContain('Subscription day charged');
    expect(second.text).toContain('R-1001');
    expect(second.text).toContain('Broken jar');
    expect(second.text).toContain('Totals of the month 105.00 200.00 -105.00');
    expect(second.text).toContain('Amount due ₹105.00');
    // This month's charge is not last month's.
    expect(second.text).not.toContain('-145.00');

    const [row] = await s.db
      .select()
      .from(accountStatementsTable)
      .where(eq(accountStatementsTable.number, `ST/${yymm(M1)}/000001`));
    expect(row).toMatchObject({
      customerId: ids.a,
      opening: -20_000,
      debits: 10_500,
      credits: 20_000,
      closing: -10_500,
    });
  });

  it('made again is the same statement, byte for byte', async () => {
    const once = await statement(ids.a, M2);
    const again = await statement(ids.a, M2);
    expect(again.file).toBe(once.file);
    expect(Buffer.compare(once.bytes, again.bytes)).toBe(0);
    const [{ n }] = (
      await s.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM account_statements WHERE customer_id = ${ids.a}`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(2);
  });

  it('this month is a draft to date, without a number, kept nowhere', async () => {
    const draft = await statement(ids.a, M0);
    expect(draft.file).toBe(`statement-${M0}-${familyId(ids.a)}.pdf`);
    expect(draft.text).toContain('Draft (not numbered)');
    expect(draft.text).toContain('Amount due ₹145.00');
    const stored = await s.db
      .select()
      .from(accountStatementsTable)
      .where(sql`month = ${`${M0}-01`}`);
    expect(stored).toEqual([]);
  });

  it('refuses a bad month, a month not begun, a month before the account, an unknown customer', async () => {
    for (const month of ['2026-13', '26-11', '']) {
      const res = await api.get(`statement/${ids.a}?month=${month}`);
      expect(res.statusCode, month).toBe(400);
      expect(message(res)).toMatch(/Month/);
    }
    const next = await api.get(`statement/${ids.a}?month=${monthBack(-1)}`);
    expect(next.statusCode).toBe(400);
    expect(message(next)).toMatch(/has not begun yet/);
    const before = await api.get(`statement/${ids.a}?month=${M3}`);
    expect(before.statusCode).toBe(400);
    expect(message(before)).toMatch(
      /Aarav Sharma's account starts on .* Choose .* or a later month/,
    );
    const missing = await api.get(`statement/0190c0de-0000-7000-8000-000000000000?month=${M1}`);
    expect(missing.statusCode).toBe(404);
  });
});

describe("a month's statements", () => {
  it('one per postpaid customer with entries or a balance, numbered in customer order', async () => {
    const res = await api.get(`statements?month=${M1}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`statements-${M1}.pdf`);
    const { text } = await readPdf(res.rawPayload);
    // Aarav was numbered first (above); Priya (in credit) next; Rohan (nothing) and Kavya
    // (prepaid) have none.
    expect(text.match(/Account statement/g)).toHaveLength(2);
    expect(text).toContain(`ST/${yymm(M1)}/000001`);
    expect(text).toContain(`ST/${yymm(M1)}/000002`);
    expect(text).toContain('Priya Iyer');
    expect(text).toContain('In credit ₹100.00');
    expect(text).toContain('None held.');
    expect(text).not.toContain('Rohan Mehta');
    expect(text).not.toContain('Kavya Reddy');

    // Made again: the same numbers, none added.
    const again = await readPdf((await api.get(`statements?month=${M1}`)).rawPayload);
    expect(again.text).not.toContain(`ST/${yymm(M1)}/000003`);

    // Two months ago both had entries: numbered by customer id (Aarav's came first, above).
    const older = await readPdf((await api.get(`statements?month=${M2}`)).rawPayload);
    expect(older.text.indexOf('Aarav Sharma')).toBeLessThan(older.text.indexOf('Priya Iyer'));
    expect(older.text).toContain(`ST/${yymm(M2)}/000002`);
  });

  it('lists the numbered statements of a month, newest first, with a search', async () => {
    const res = await api.get(`get-statements?month=${M1}&limit=10`);
    expect(res.statusCode, res.body).toBe(200);
    const { result } = JSON.parse(res.body) as {
      result: {
        statements: {
          number: string;
          userId: string;
          opening: number;
          closing: number;
          customer: { name: string };
        }[];
        totalRecords: number;
      };
    };
    expect(result.totalRecords).toBe(2);
    expect(result.statements.map((x) => x.number)).toEqual([
      `ST/${yymm(M1)}/000002`,
      `ST/${yymm(M1)}/000001`,
    ]);
    expect(result.statements[1]).toMatchObject({ userId: ids.a, opening: -200, closing: -105 });

    const page2 = JSON.parse((await api.get(`get-statements?month=${M1}&limit=1&page=2`)).body);
    expect(page2.result.statements.map((x: { number: string }) => x.number)).toEqual([
      `ST/${yymm(M1)}/000001`,
    ]);
    const found = JSON.parse((await api.get(`get-statements?month=${M1}&search=Priya`)).body);
    expect(found.result.totalRecords).toBe(1);
    expect(found.result.statements[0].customer.name).toBe('Priya Iyer');
    const none = JSON.parse((await api.get(`get-statements?month=${M3}`)).body);
    expect(none.result).toMatchObject({ statements: [], totalRecords: 0 });
  });
});
