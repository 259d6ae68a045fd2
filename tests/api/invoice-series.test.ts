import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicesTable, ordersTable } from '@server/db/schema';
import { createTestServer, apiClient, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';

/**
 * Invoice and note series that hold a financial year at any size (issue 38): up to 999,999 the
 * form issued so far ('DS/26-27/000042'); from the millionth the year mark is its first year and
 * the number has 8 digits ('DS/26/01000000'), up to 99,999,999; past that a delivery is refused
 * with a 409 naming the series, and nothing changes. Never a cut, a duplicate or a gap.
 */
let s: TestServer;
let f: OrderFixtures;
const api = apiClient(() => s, 'order');
const settings = apiClient(() => s, 'settings');

/** GST's limit for a document number. */
const GST_MOST = 16;

const business = {
  legalName: 'Jalasri Water Services Private Limited',
  tradeName: 'Jalasri Water',
  gstin: '29AABCU9603R1ZJ',
  address: '14 3rd Cross, Jayanagar 4th Block',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560011',
  invoicePrefix: 'DS',
};

/** The financial year as the database numbers it now ('2026-27'), and its two marks. */
let fy = '';
let longMark = '';
let shortMark = '';

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  const now = await s.db.execute<{ fy: string }>(sql`SELECT financial_year(now()) AS fy`);
  fy = now.rows[0]!.fy;
  longMark = fy.slice(2);
  shortMark = fy.slice(2, 4);
}, 60_000);
afterAll(() => s.close());

const deliver = (orderId: string) => api.post('update-status', { orderId, status: 'Delivered' });

async function setSeries(year: string, last: number) {
  await s.db.execute(sql`
    INSERT INTO invoice_series (financial_year, last_number) VALUES (${year}, ${last})
    ON CONFLICT (financial_year) DO UPDATE SET last_number = excluded.last_number`);
}

async function seriesOf(year: string): Promise<number | undefined> {
  const { rows } = await s.db.execute<{ n: number }>(
    sql`SELECT last_number AS n FROM invoice_series WHERE financial_year = ${year}`,
  );
  return rows[0]?.n;
}

/** The invoice numbers of orders, in the order of `orderIds` (undefined: none). */
async function numbersOf(orderIds: string[]): Promise<(string | undefined)[]> {
  const rows = await s.db
    .select({ orderId: invoicesTable.orderId, invoiceNo: invoicesTable.invoiceNo })
    .from(invoicesTable)
    .where(inArray(invoicesTable.orderId, orderIds));
  const byOrder = new Map(rows.map((r) => [r.orderId, r.invoiceNo]));
  return orderIds.map((id) => byOrder.get(id));
}

const statusOf = async (id: string) =>
  (
    await s.db
      .select({ status: ordersTable.status })
      .from(ordersTable)
      .where(eq(ordersTable.id, id))
  )[0]?.status;

/** Orders delivered before the business details were saved: numbered by issue_missing_invoices(). */
const waiting: string[] = [];

describe('issue_missing_invoices() across the millionth number', () => {
  it('numbers the deliveries waiting for the business details in both forms, gap-free', async () => {
    // Delivered in another financial year, a minute apart, before any business details.
    for (let i = 0; i < 3; i++) {
      const order = await f.place({ kind: 'water', customer: i });
      expect((await deliver(order.id)).statusCode).toBe(200);
      waiting.push(order.id);
    }
    expect(await numbersOf(waiting)).toEqual([undefined, undefined, undefined]);
    for (const [i, id] of waiting.entries()) {
      await s.db
        .update(ordersTable)
        .set({ updatedAt: new Date(Date.UTC(2030, 5, 1, 6, i)) })
        .where(eq(ordersTable.id, id));
    }
    // Saving the details numbers nothing by itself; the seed's call does.
    const saved = await settings.post('save-business', business);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await numbersOf(waiting)).toEqual([undefined, undefined, undefined]);
    await setSeries('2030-31', 999_998);
    const made = await s.db.execute<{ n: number }>(sql`SELECT issue_missing_invoices() AS n`);
    expect(made.rows[0]!.n).toBe(3);
    expect(await numbersOf(waiting)).toEqual([
      'DS/30-31/999999',
      'DS/30/01000000',
      'DS/30/01000001',
    ]);
    expect(await seriesOf('2030-31')).toBe(1_000_001);
    const numbers = await s.db.execute<{ number: number }>(sql`
      SELECT number FROM invoices WHERE financial_year = '2030-31' ORDER BY number`);
    expect(numbers.rows.map((r) => r.number)).toEqual([999_999, 1_000_000, 1_000_001]);
  });
});

describe('deliveries across the millionth number', () => {
  it('gives the 999,999th the old form and the millionth and the next the 8-digit form', async () => {
    await setSeries(fy, 999_998);
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await f.place({ kind: 'water', customer: i }));
    for (const order of orders) {
      const res = await deliver(order.id);
      expect(res.statusCode, res.body).toBe(200);
    }
    const numbers = await numbersOf(orders.map((o) => o.id));
    expect(numbers).toEqual([
      `DS/${longMark}/999999`,
      `DS/${shortMark}/01000000`,
      `DS/${shortMark}/01000001`,
    ]);
    for (const no of numbers) expect(no!.length).toBeLessThanOrEqual(GST_MOST);
    expect(new Set(numbers).size).toBe(3);
    expect(await seriesOf(fy)).toBe(1_000_001);

    // The downloaded PDF is named and headed by the whole number.
    const res = await api.get(`invoice/${orders[1]!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-DS-${shortMark}-01000000.pdf"`,
    );
  });

  it('keeps every number within 16 characters with a 3-letter prefix, up to the last', async () => {
    const { rows } = await s.db.execute<{ a: string; b: string; c: string; d: string }>(sql`
      SELECT invoice_number('INV', ${fy}, 1) AS a, invoice_number('INV', ${fy}, 999999) AS b,
             invoice_number('INV', ${fy}, 1000000) AS c, invoice_number('INV', ${fy}, 99999999) AS d`);
    expect(rows[0]).toEqual({
      a: `INV/${longMark}/000001`,
      b: `INV/${longMark}/999999`,
      c: `INV/${shortMark}/01000000`,
      d: `INV/${shortMark}/99999999`,
    });
    for (const no of Object.values(rows[0]!)) expect(no.length).toBeLessThanOrEqual(GST_MOST);
  });

  it('refuses a delivery past 99,999,999 with a 409 naming the series, changing nothing', async () => {
    await setSeries(fy, 99_999_999);
    const order = await f.place({ kind: 'water', customer: 1 });
    const full = `The DS series of ${fy} is full: number 100000000 is past the 99,999,999 it holds a financial year.`;

    const res = await deliver(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, message: full });
    expect(await statusOf(order.id)).toBe('Pending');
    expect(await numbersOf([order.id])).toEqual([undefined]);
    expect(await seriesOf(fy)).toBe(99_999_999);

    // Many at once: the same answer, and none of them delivered.
    const other = await f.place({ kind: 'laundry', customer: 2 });
    const bulk = await api.post('bulk-update-status', {
      orderIds: [order.id, other.id],
      status: 'Delivered',
    });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json()).toEqual({ statusCode: 409, message: full });
    expect([await statusOf(order.id), await statusOf(other.id)]).toEqual(['Pending', 'Pending']);
    expect(await numbersOf([order.id, other.id])).toEqual([undefined, undefined]);
    expect(await seriesOf(fy)).toBe(99_999_999);

    // The last number of the year is still given.
    await setSeries(fy, 99_999_998);
    expect((await deliver(order.id)).statusCode).toBe(200);
    expect(await numbersOf([order.id])).toEqual([`DS/${shortMark}/99999999`]);
    expect((await deliver(other.id)).statusCode).toBe(409);
    expect(await statusOf(other.id)).toBe('Pending');
  });
});

describe('next_note_number()', () => {
  const next = async (kind: string) => {
    const { rows } = await s.db.execute<{
      financial_year: string;
      number: number;
      note_no: string;
    }>(sql`SELECT * FROM next_note_number(${kind}, now())`);
    return rows[0]!;
  };

  it('numbers credit notes from 1 per financial year, gap-free', async () => {
    expect(await next('credit')).toEqual({
      financial_year: fy,
      number: 1,
      note_no: `CN/${longMark}/000001`,
    });
    expect((await next('credit')).note_no).toBe(`CN/${longMark}/000002`);
    // A rolled-back transaction gives its number back.
    await expect(
      s.db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ note_no: string }>(
          sql`SELECT note_no FROM next_note_number('credit', now())`,
        );
        expect(rows[0]!.note_no).toBe(`CN/${longMark}/000003`);
        throw new Error('the note was not written after all');
      }),
    ).rejects.toThrow('the note was not written after all');
    expect((await next('credit')).note_no).toBe(`CN/${longMark}/000003`);
    // Debit notes have a series of their own.
    expect((await next('debit')).note_no).toBe(`DN/${longMark}/000001`);
  });

  it('takes the 8-digit form from the millionth note, and refuses past the last', async () => {
    await s.db.execute(sql`UPDATE credit_note_series SET last_number = 999999
      WHERE kind = 'credit' AND financial_year = ${fy}`);
    expect((await next('credit')).note_no).toBe(`CN/${shortMark}/01000000`);
    await s.db.execute(sql`UPDATE credit_note_series SET last_number = 99999999
      WHERE kind = 'credit' AND financial_year = ${fy}`);
    await expect(next('credit')).rejects.toMatchObject({
      cause: expect.objectContaining({
        code: '54000',
        message: `The CN series of ${fy} is full: number 100000000 is past the 99,999,999 it holds a financial year.`,
      }),
    });
  });
});
