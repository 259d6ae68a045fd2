import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accessoriesTable,
  categoriesTable,
  deliveryChargesTable,
  invoicesTable,
  ordersTable,
  pincodesTable,
  productsTable,
} from '@server/db/schema';
import { MOST_INVOICES } from '@server/modules/invoices/routes';
import { deniedMessage } from '@server/permissions';
import { financialYearOf } from '@shared/gst';
import { pinClock } from './clock';
import { apiClient, bearer, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures, type PlaceOptions } from './orderFixtures';

/**
 * order/invoice/{orderId} and order/invoices (issue 16, additions): a delivered order's GST tax
 * invoice, numbered once from a gap-free series per financial year (also when many ask at
 * once), frozen on its first download; and the invoices of a range of days as one PDF.
 */
let s: TestServer;
let f: OrderFixtures;
const api = apiClient(() => s, 'order');
const settings = apiClient(() => s, 'settings');

const SELLER_GSTIN = '29AABCU9603R1ZJ';
const NO_BUSINESS =
  'Save the business details under Settings first: a tax invoice needs the seller’s GSTIN.';
// The test's clock and the in-process server's, set just after midnight in India: the financial
// year and the day are India's, not the UTC day's.
pinClock();
afterAll(() => vi.useRealTimers());
/** This financial year's part of an invoice number: '26-27'. */
const FY = financialYearOf(new Date()).slice(2);
const numbered = (n: number, prefix = 'JW', fy = FY) =>
  `${prefix}/${fy}/${String(n).padStart(6, '0')}`;

const business = (extra: Record<string, unknown> = {}) => ({
  legalName: 'Jalasri Water Services Private Limited',
  tradeName: 'Jalasri Water',
  gstin: SELLER_GSTIN,
  address: '14 3rd Cross, Jayanagar 4th Block',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560011',
  phone: '080 2345 6789',
  email: 'accounts@jalasri.example.in',
  invoicePrefix: 'JW',
  ...extra,
});

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  // GST 18 % for what has no rate of its own; delivery 30, emergency 80.
  await s.db
    .insert(deliveryChargesTable)
    .values({ id: 'default', standardCharge: '30.00', emergencyCharge: '80.00', gst: '18.00' });
  // Jars: HSN 2201 at 12 %, returnable with ₹150 deposit. Taps: 3924 at 18 %. Oxygen cylinders
  // take their service's 2804 at 12 %. Laundry has no classification: the 18 % default, no HSN.
  await s.db
    .update(productsTable)
    .set({ hsnCode: '2201', gstRate: '12.00', returnable: true, deposit: '150.00' })
    .where(eq(productsTable.id, f.products.water.id));
  await s.db
    .update(accessoriesTable)
    .set({ hsnCode: '3924', gstRate: '18.00' })
    .where(eq(accessoriesTable.id, f.tap.id));
  await s.db
    .update(categoriesTable)
    .set({ hsnCode: '2804', gstRate: '12.00' })
    .where(eq(categoriesTable.id, f.services.oxygen.id));
  await s.db.insert(pincodesTable).values(['560001', '110001'].map((number) => ({ number })));
}, 60_000);
afterAll(() => s.close());

const place = async (opts: PlaceOptions) => f.place(opts);
const invoice = (orderId: string, token?: string | null) => api.get(`invoice/${orderId}`, token);
const deliver = (orderId: string) => api.post('update-status', { orderId, status: 'Delivered' });

/** The invoice numbers of orders, by order id. */
async function numbersOf(orderIds: string[]): Promise<Map<string, string>> {
  const rows = await s.db
    .select({ orderId: invoicesTable.orderId, invoiceNo: invoicesTable.invoiceNo })
    .from(invoicesTable)
    .where(inArray(invoicesTable.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r.invoiceNo]));
}

/** The serial part of invoice numbers, sorted. */
const serials = (numbers: Iterable<string>) =>
  [...numbers].map((n) => Number(n.split('/').at(-1))).sort((a, b) => a - b);

/** The last number given in this financial year. */
async function lastNumber(): Promise<number> {
  const result = await s.db.execute<{ n: number | null }>(
    sql`SELECT max(number)::int AS n FROM invoices WHERE financial_year = ${financialYearOf(new Date())}`,
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * Makes `calls` on PostgreSQL while another session holds the invoice series (LOCK TABLE):
 * each call's transaction gets as far as numbering and waits there, so that at least `waiting`
 * of them are in flight at once (the pool has 10 connections) before the series is let go. On
 * PGlite, one connection, the calls take turns.
 */
async function allAtOnce<T>(calls: () => Promise<T>, waiting: number): Promise<T> {
  if (s.kind !== 'postgres') return calls();
  const blocker = new pg.Client({ connectionString: s.config.databaseUrl });
  await blocker.connect();
  try {
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE invoice_series IN EXCLUSIVE MODE');
    const answers = calls();
    let seen = 0;
    for (let tries = 0; seen < waiting; tries++) {
      if (tries > 500) throw new Error(`only ${seen} calls waited for the series together`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Within a transaction the activity view is a snapshot: cleared to see the calls.
      await blocker.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await blocker.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      seen = rows[0]!.n;
    }
    await blocker.query('COMMIT');
    return await answers;
  } finally {
    await blocker.query('ROLLBACK').catch(() => {});
    await blocker.end();
  }
}

/** The text of a PDF with its lines joined by spaces, and its page count. */
async function readPdf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: pdf });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/\s+/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** Downloads an order's invoice: its number (from the file name) and its text. */
async function download(orderId: string) {
  const res = await invoice(orderId);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const name = /filename="invoice-(.+)\.pdf"/.exec(String(res.headers['content-disposition']));
  expect(name).not.toBeNull();
  return { file: name![1]!, ...(await readPdf(res.rawPayload)) };
}

/** Twenty orders delivered before the business details existed, and one more. */
const early: string[] = [];
let shared = '';

describe('before the business details are saved', () => {
  it('answers 404 for an order that does not exist', async () => {
    const res = await invoice('no-such-order');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: 'This order does not exist.' });
  });

  it('answers 409 for an order not delivered yet', async () => {
    const order = await place({ kind: 'water', status: 'Out for Delivery' });
    const res = await invoice(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      message: `Order ${order.orderId} is Out for Delivery: a tax invoice is issued once the order is delivered.`,
    });
  });

  it('answers 409 until the business details are saved, numbering nothing', async () => {
    for (let i = 0; i < 21; i++) {
      const kind = (['water', 'oxygen', 'laundry'] as const)[i % 3]!;
      const order = await place({ kind, customer: i % 4, status: 'Delivered' });
      early.push(order.id);
    }
    shared = early.pop()!;
    const res = await invoice(early[0]!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, message: NO_BUSINESS });
    expect((await numbersOf([...early, shared])).size).toBe(0);
  });
});

describe('invoice numbers', () => {
  beforeAll(async () => {
    const saved = await settings.post('save-business', business());
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('answers HEAD for an order delivered before the details were saved, numbering nothing', async () => {
    const [order] = await s.db
      .select({ orderNo: ordersTable.orderId })
      .from(ordersTable)
      .where(eq(ordersTable.id, early[0]!));
    const res = await s.app.inject({
      method: 'HEAD',
      url: `/api/order/invoice/${early[0]}`,
      headers: bearer(s.superToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${order!.orderNo}.pdf"`,
    );
    expect((await numbersOf([...early, shared])).size).toBe(0);
  });

  it('numbers 20 orders downloaded at once, and one order downloaded 20 times at once, 1 to 21 with no gap or duplicate', async () => {
    const answers = await allAtOnce(
      () =>
        Promise.all([
          ...early.map((id) => invoice(id)),
          ...Array.from({ length: 20 }, () => invoice(shared)),
        ]),
      10,
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const numbers = await numbersOf([...early, shared]);
    expect(numbers.size).toBe(21);
    expect(serials(numbers.values())).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    // Every download of the one order got the same invoice.
    const names = new Set(answers.slice(20).map((res) => res.headers['content-disposition']));
    expect([...names]).toEqual([
      `attachment; filename="invoice-${numbers.get(shared)!.replace(/\//g, '-')}.pdf"`,
    ]);
    expect(numbers.get(shared)).toMatch(/^JW\/\d\d-\d\d\/0000\d\d$/);
  }, 60_000);

  it('numbers 20 deliveries made at once through the order status call, with no gap', async () => {
    const before = await lastNumber();
    const orders: { id: string }[] = [];
    for (let i = 0; i < 20; i++) orders.push(await place({ kind: 'water', customer: i % 4 }));
    const answers = await allAtOnce(() => Promise.all(orders.map((o) => deliver(o.id))), 10);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const numbers = await numbersOf(orders.map((o) => o.id));
    expect(numbers.size).toBe(20);
    expect(serials(numbers.values())).toEqual(Array.from({ length: 20 }, (_, i) => before + i + 1));
    // Downloading later keeps the number the delivery gave.
    const { file } = await download(orders[0]!.id);
    expect(file).toBe(numbers.get(orders[0]!.id)!.replace(/\//g, '-'));
  }, 60_000);

  it('gives the number of a delivery rolled back to the next delivery', async () => {
    const before = await lastNumber();
    const undone = await place({ kind: 'laundry' });
    const next = await place({ kind: 'laundry' });
    await expect(
      s.db.transaction(async (tx) => {
        await tx
          .update(ordersTable)
          .set({ status: 'Delivered' })
          .where(eq(ordersTable.id, undone.id));
        const [row] = await tx
          .select({ number: invoicesTable.number })
          .from(invoicesTable)
          .where(eq(invoicesTable.orderId, undone.id));
        expect(row?.number).toBe(before + 1);
        throw new Error('the rider could not deliver after all');
      }),
    ).rejects.toThrow('the rider could not deliver after all');
    expect((await deliver(next.id)).statusCode).toBe(200);
    const numbers = await numbersOf([undone.id, next.id]);
    expect(numbers.get(undone.id)).toBeUndefined();
    expect(numbers.get(next.id)).toBe(numbered(before + 1));
  });

  it('starts a new series on 1 April, India time', async () => {
    const [a, b, c] = [
      await place({ kind: 'water' }),
      await place({ kind: 'water' }),
      await place({ kind: 'water' }),
    ];
    const issue = async (id: string, at: string) => {
      const result = await s.db.execute<{ no: string }>(
        sql`SELECT issue_invoice(${id}, ${at}::timestamptz) AS no`,
      );
      return result.rows[0]!.no;
    };
    // 23:59 on 31 March 2031 in India, then 00:01 on 1 April (still 31 March in UTC).
    expect(await issue(a.id, '2031-03-31T18:29:00Z')).toBe(numbered(1, 'JW', '30-31'));
    expect(await issue(b.id, '2031-03-31T18:31:00Z')).toBe(numbered(1, 'JW', '31-32'));
    expect(await issue(c.id, '2031-03-31T10:00:00Z')).toBe(numbered(2, 'JW', '30-31'));
    // Asking again answers the number given.
    expect(await issue(a.id, '2031-04-02T10:00:00Z')).toBe(numbered(1, 'JW', '30-31'));
    const { text } = await download(b.id);
    expect(text).toContain(numbered(1, 'JW', '31-32'));
    expect(text).toContain('1 Apr 2031');
  });
});

describe('the tax invoice', () => {
  let intra: { id: string; orderId: string };

  it('taxes a buyer in the seller’s state with CGST and SGST, and shows the deposit apart', async () => {
    // Aarav, Bengaluru: 2 jars (₹90, 12 %), a tap (₹60, 18 %), delivery ₹30 at the jars' 12 %.
    intra = await place({ kind: 'water', customer: 0, quantity: 2, taps: 1 });
    expect((await deliver(intra.id)).statusCode).toBe(200);
    const { file, text, pages } = await download(intra.id);
    const invoiceNo = (await numbersOf([intra.id])).get(intra.id)!;
    expect(file).toBe(invoiceNo.replace(/\//g, '-'));
    expect(pages).toBe(1);
    for (const part of [
      'Tax Invoice',
      'Jalasri Water',
      'Legal name: Jalasri Water Services Private Limited',
      `GSTIN: ${SELLER_GSTIN}`,
      'State: Karnataka, code 29',
      invoiceNo,
      intra.orderId,
      'Place of supply Karnataka (29)',
      'Aarav Sharma',
      '12 MG Road, Shivajinagar, Bengaluru, Karnataka, 560001',
      'Phone 9876543210',
      // The lines: value, CGST, SGST, total.
      '20 L Jar 2201 2 90.00 180.00 10.80 @ 6% 10.80 @ 6% 201.60',
      'Tap 3924 1 60.00 60.00 5.40 @ 9% 5.40 @ 9% 70.80',
      'Delivery charge 2201 1 30.00 30.00 1.80 @ 6% 1.80 @ 6% 33.60',
      'Taxable value ₹270.00',
      'CGST ₹18.00',
      'SGST ₹18.00',
      'Invoice total (incl. GST) ₹306.00',
      'Refundable deposit for returnable jars/cylinders (not taxed) ₹300.00',
      'Amount payable ₹606.00',
      'Rupees Six Hundred Six Only',
      'This is a computer-generated invoice.',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('IGST');
    // The HSN summary: jars and their delivery together, taps apart.
    expect(text).toContain('2201 12% 210.00 12.60 @ 6% 12.60 @ 6% 25.20');
    expect(text).toContain('3924 18% 60.00 5.40 @ 9% 5.40 @ 9% 10.80');
  });

  it('taxes a buyer in another state with IGST', async () => {
    // Rohan, New Delhi: laundry has no classification, so the settings' 18 %.
    const delhi = await place({ kind: 'laundry', customer: 2 });
    expect((await deliver(delhi.id)).statusCode).toBe(200);
    const { text } = await download(delhi.id);
    for (const part of [
      'Rohan Mehta',
      'Place of supply Delhi (07)',
      'Shirt Wash & Iron - 1 40.00 40.00 7.20 @ 18% 47.20',
      'Delivery charge - 1 30.00 30.00 5.40 @ 18% 35.40',
      'IGST ₹12.60',
      'Invoice total (incl. GST) ₹82.60',
      'Amount payable ₹82.60',
      'Rupees Eighty-Two and Sixty Paise Only',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('Refundable deposit');

    // Kavya, Mumbai: a cylinder at its service's HSN and rate, with an emergency charge.
    const mumbai = await place({ kind: 'oxygen', customer: 3, isEmergency: true });
    expect((await deliver(mumbai.id)).statusCode).toBe(200);
    const oxygen = (await download(mumbai.id)).text;
    for (const part of [
      'Place of supply Maharashtra (27)',
      '10 L Cylinder 2804 1 650.00 650.00 78.00 @ 12% 728.00',
      'Emergency delivery charge 2804 1 50.00 50.00 6.00 @ 12% 56.00',
      'IGST ₹87.60',
      'Amount payable ₹817.60',
      'Rupees Eight Hundred Seventeen and Sixty Paise Only',
    ]) {
      expect(oxygen).toContain(part);
    }
  });

  it('stays the same invoice after rates and the business details change', async () => {
    const first = await download(intra.id);
    await s.db
      .update(productsTable)
      .set({ gstRate: '5.00', name: 'Renamed Jar' })
      .where(eq(productsTable.id, f.products.water.id));
    const saved = await settings.post(
      'save-business',
      business({ legalName: 'Another Name Private Limited', tradeName: '' }),
    );
    expect(saved.statusCode).toBe(200);
    const again = await download(intra.id);
    expect(again.file).toBe(first.file);
    expect(again.text).toBe(first.text);
    expect(again.text).toContain('10.80 @ 6%');
    expect(again.text).not.toContain('Another Name');
    // Back as it was, for the tests below.
    await s.db
      .update(productsTable)
      .set({ gstRate: '12.00', name: f.products.water.name })
      .where(eq(productsTable.id, f.products.water.id));
    await settings.post('save-business', business());
  });

  it('gives an order taken by phone the GST its invoice charges', async () => {
    for (const customer of [f.customers[0]!, f.customers[2]!]) {
      const placed = await api.post('place-order', {
        customerId: customer.id,
        addressId: customer.addressId,
        productId: f.products.water.id,
        quantity: 3,
        isEmergency: true,
        paymentMethod: 'Cash on Delivery',
        accessories: [{ accessoryId: f.tap.id, quantity: 1 }],
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().result.order;
      expect((await deliver(order._id)).statusCode).toBe(200);
      await download(order._id);
      const [row] = await s.db
        .select({ document: invoicesTable.document })
        .from(invoicesTable)
        .where(eq(invoicesTable.orderId, order._id));
      const figures = (row!.document as { figures: { taxPaise: number; totalPaise: number } })
        .figures;
      expect(order.gst * 100).toBeCloseTo(figures.taxPaise, 6);
      expect(order.totalAmount * 100).toBeCloseTo(figures.totalPaise, 6);
    }
  });

  it('answers HEAD with the headers only, numbering nothing', async () => {
    const res = await s.app.inject({
      method: 'HEAD',
      url: `/api/order/invoice/${intra.id}`,
      headers: bearer(s.superToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoice-JW-/);
    expect(res.body).toBe('');
    const pending = await place({ kind: 'water' });
    const refused = await s.app.inject({
      method: 'HEAD',
      url: `/api/order/invoice/${pending.id}`,
      headers: bearer(s.superToken),
    });
    expect(refused.statusCode).toBe(409);
  });

  it('needs a session and the Orders Management permission', async () => {
    expect((await invoice(intra.id, null)).statusCode).toBe(401);
    const settingsOnly = await s.createAdmin({ permissions: { settings: true, others: true } });
    for (const res of [
      await invoice(intra.id, settingsOnly.token),
      await api.get('invoices?from=2026-01-01&to=2026-01-02', settingsOnly.token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, message: deniedMessage('orders') });
    }
    const orders = await s.createAdmin({ permissions: { orders: true } });
    expect((await invoice(intra.id, orders.token)).statusCode).toBe(200);
  });
});

/** Orders and their invoices inserted set-based on `day` (no triggers: the orders stay Pending). */
async function bulkInvoices(n: number, day: string, opts: { sameSecond?: number } = {}) {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const who = f.customers[0]!;
  await s.db.execute(sql`
    INSERT INTO orders (id, order_id, customer_id, category_id, product_id, price, amount, pincode,
                        address, delivery_charge)
    SELECT gen_random_uuid()::text, 'BK' || ${tag} || lpad(g::text, 5, '0'), ${who.id}, ${f.services.water.id},
           ${f.products.water.id}, 90, 90, ${who.address.pincode},
           ${JSON.stringify(who.address)}::jsonb, 30
      FROM generate_series(1, ${n}::int) g`);
  const fy = financialYearOf(new Date(`${day}T12:00:00+05:30`));
  // Several invoices a second (microseconds included): the batches' seek must tell them apart.
  await s.db.execute(sql`
    INSERT INTO invoices (order_id, financial_year, number, invoice_no, issued_at, seller)
    SELECT o.id, ${fy}, o.k, invoice_number(${tag}, ${fy}, o.k::int),
           ${`${day}T06:00:00.123456Z`}::timestamptz + (o.k / ${opts.sameSecond ?? 1}) * interval '1 second',
           invoice_seller(b)
      FROM (SELECT id, row_number() OVER (ORDER BY order_id) AS k
              FROM orders WHERE order_id LIKE ${`BK${tag}%`}) o,
           business_settings b`);
  return tag;
}

describe('order/invoices', () => {
  const range = (query: string) => api.get(`invoices?${query}`);

  it.each([
    ['from=2026-11-10', 'To is required: a date such as 2026-11-24.'],
    ['from=2026-11-10&to=2026-13-01', 'To must be a date such as 2026-11-24.'],
    ['from=10-11-2026&to=2026-11-12', 'From must be a date such as 2026-11-24.'],
    ['from=2026-11-12&to=2026-11-10', 'The "from" date must not be after the "to" date.'],
    ['from=2026-01-01&to=2026-02-01', 'A download covers at most 31 days. Choose a shorter range.'],
  ])('refuses %s', async (query, message) => {
    const res = await range(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
  });

  it('answers 404 for days without invoices', async () => {
    const res = await range('from=2020-01-01&to=2020-01-31');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      message: 'No invoices were issued from 1 Jan 2020 to 31 Jan 2020.',
    });
  });

  it(`refuses more than ${MOST_INVOICES.toLocaleString('en-IN')} invoices, saying how many there are`, async () => {
    await bulkInvoices(MOST_INVOICES + 1, '2033-06-15');
    const res = await range('from=2033-06-01&to=2033-07-01');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message:
        '2,001 invoices were issued from 1 Jun 2033 to 1 Jul 2033; a download holds at most 2,000. Choose fewer days.',
    });
  }, 60_000);

  it("puts each of the day's invoices on its own page, oldest first", async () => {
    // Today in India as the database issues invoices (issued_at is its now()), from the
    // database's clock rather than the test's.
    const [last] = (await s.db.execute<{ day: string }>(sql`SELECT order_day(now())::text AS day`))
      .rows;
    const today = last!.day;
    const res = await range(`from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoices-${today}-to-${today}.pdf"`,
    );
    const rows = await s.db.execute<{ invoice_no: string }>(sql`
      SELECT invoice_no FROM invoices
       WHERE order_day(issued_at) = ${today}::date ORDER BY issued_at, order_id`);
    const numbers = rows.rows.map((r) => r.invoice_no);
    expect(numbers.length).toBeGreaterThan(40);
    expect(res.headers['x-invoice-count']).toBe(String(numbers.length));
    const { text, pages } = await readPdf(res.rawPayload);
    expect(pages).toBe(numbers.length);
    const at = numbers.map((no) => text.indexOf(`Invoice No. ${no}`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // Every invoice read has its document now, built as it was read.
    const unbuilt = await s.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM invoices
       WHERE order_day(issued_at) = ${today}::date AND document IS NULL`);
    expect(unbuilt.rows[0]!.n).toBe(0);
  }, 60_000);

  it('reads a long range in batches, every invoice once', async () => {
    const tag = await bulkInvoices(250, '2034-08-20', { sameSecond: 7 });
    const res = await range('from=2034-08-14&to=2034-08-20');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-invoice-count']).toBe('250');
    const { text, pages } = await readPdf(res.rawPayload);
    expect(pages).toBe(250);
    const found = [...text.matchAll(new RegExp(`Invoice No\\. (${tag}/34-35/\\d{6})`, 'g'))].map(
      (m) => m[1],
    );
    // Oldest first; invoices of the same instant by their order's id, as the index has them.
    const expected = await s.db.execute<{ invoice_no: string }>(sql`
      SELECT invoice_no FROM invoices WHERE invoice_no LIKE ${`${tag}/%`}
       ORDER BY issued_at, order_id`);
    expect(found).toEqual(expected.rows.map((r) => r.invoice_no));
    expect(new Set(found).size).toBe(250);
    expect((await range('from=2034-08-21&to=2034-08-21')).statusCode).toBe(404);
  }, 120_000);
});
