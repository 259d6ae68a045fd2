import { count, eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessoriesTable,
  auditLogTable,
  creditNotesTable,
  creditNoteSeriesTable,
  deliveryChargesTable,
  invoicesTable,
  ordersTable,
  productsTable,
} from '@server/db/schema';
import type { InvoiceDocument } from '@server/modules/invoices/document';
import { addDays, indiaDay } from '@shared/time';
import { apiClient, bearer, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures, type PlaceOptions } from './orderFixtures';

/*
 * Credit and debit notes (issue 38): an invoiced order taken back from Delivered or cancelled
 * gets a credit note for everything its invoice has left, delivered again a debit note giving
 * it back, all in the status change's transaction and numbered gap-free; an admin credits part
 * of an invoice (order/add-credit-note), never more than a line has left; each note has its PDF
 * (order/credit-note/{id}); order/credit-notes lists a range of days; get-order answers them.
 */

let s: TestServer;
let f: OrderFixtures;
const order = apiClient(() => s, 'order');

const SELLER_GSTIN = '29AABCU9603R1ZJ';
/** The notes' number form: 'CN/26-27/000001'. */
const NOTE_NO = /^(CN|DN)\/\d\d-\d\d\/\d{6}$/;

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  const saved = await apiClient(() => s, 'settings').post('save-business', {
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
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // As the invoices' tests: jars HSN 2201 at 12 %, taps 3924 at 18 %, else 18 %.
  await s.db
    .insert(deliveryChargesTable)
    .values({ id: 'default', standardCharge: '30.00', emergencyCharge: '80.00', gst: '18.00' });
  await s.db
    .update(productsTable)
    .set({ hsnCode: '2201', gstRate: '12.00' })
    .where(eq(productsTable.id, f.products.water.id));
  await s.db
    .update(accessoriesTable)
    .set({ hsnCode: '3924', gstRate: '18.00' })
    .where(eq(accessoriesTable.id, f.tap.id));
}, 60_000);
afterAll(() => s.close());

interface Note {
  _id: string;
  noteNo: string;
  kind: 'credit' | 'debit';
  cause: string;
  reason: string;
  issuedAt: string;
  invoiceNo: string;
  orderId: string;
  order: { _id: string; orderId: string };
  customer: { _id: string; name: string };
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  total: number;
  by: { _id: string; name: string } | null;
}

interface InvoiceLineLeft {
  line: number;
  description: string;
  hsn: string;
  ratePercent: number;
  taxable: number;
  credited: number;
  left: number;
}

/** A Pending order (Aarav, Bengaluru, by default: 2 jars, a tap, ₹30 delivery). */
const place = (opts: Partial<PlaceOptions> = {}) =>
  f.place({ kind: 'water', quantity: 2, taps: 1, ...opts });

async function setStatus(orderId: string, status: string, reason?: string) {
  const res = await order.post('update-status', { orderId, status, ...(reason && { reason }) });
  expect(res.statusCode, res.body).toBe(200);
}

/** A Pending order delivered through the status call, as the panel delivers. */
async function delivered(opts: Partial<PlaceOptions> = {}) {
  const o = await place(opts);
  await setStatus(o.id, 'Delivered');
  return o;
}

async function getOrder(id: string) {
  const res = await order.get(`get-order/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.order as {
    orderId: string;
    status: string;
    invoice: {
      invoiceNo: string;
      issuedAt: string;
      creditNotes: number;
      lines: InvoiceLineLeft[];
    } | null;
    creditNotes: Note[];
  };
}

const notesOf = async (id: string) => (await getOrder(id)).creditNotes;

/** The invoice's document as stored (frozen at delivery). */
async function invoiceOf(id: string) {
  const [row] = await s.db
    .select({ invoiceNo: invoicesTable.invoiceNo, document: invoicesTable.document })
    .from(invoicesTable)
    .where(eq(invoicesTable.orderId, id));
  return row as { invoiceNo: string; document: InvoiceDocument | null } | undefined;
}

const rupees = (paise: number) => paise / 100;

/** What is written that a refused call must not change. */
async function written() {
  const [notes] = await s.db.select({ n: count() }).from(creditNotesTable);
  const series = await s.db.select().from(creditNoteSeriesTable);
  const [audit] = await s.db.select({ n: count() }).from(auditLogTable);
  return { notes: notes!.n, series, audit: audit!.n };
}

async function readPdf(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: pdf });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

const addCredit = (body: unknown) => order.post('add-credit-note', body);

describe('notes issued by status changes', () => {
  it('freezes the invoice document when the order is delivered, before any download', async () => {
    const o = await delivered();
    const invoice = await invoiceOf(o.id);
    expect(invoice?.invoiceNo).toMatch(/^JW\//);
    expect(invoice?.document?.figures.totalPaise).toBe(30600);
  });

  it('takes back a delivered order: a credit note for the whole invoice, in the same change', async () => {
    const o = await delivered();
    const invoice = (await invoiceOf(o.id))!;
    const { figures } = invoice.document!;
    await setStatus(o.id, 'Pending', 'Customer was not home; jars came back');
    const got = await getOrder(o.id);
    expect(got.status).toBe('Pending');
    expect(got.creditNotes).toHaveLength(1);
    const [note] = got.creditNotes;
    expect(note).toMatchObject({
      noteNo: expect.stringMatching(/^CN\//),
      kind: 'credit',
      cause: 'takenBack',
      reason: 'Customer was not home; jars came back',
      invoiceNo: invoice.invoiceNo,
      orderId: o.orderId,
      order: { _id: o.id, orderId: o.orderId },
      customer: { _id: f.customers[0]!.id, name: 'Aarav Sharma' },
      taxable: rupees(figures.taxablePaise),
      cgst: rupees(figures.cgstPaise),
      sgst: rupees(figures.sgstPaise),
      igst: 0,
      tax: rupees(figures.taxPaise),
      total: rupees(figures.totalPaise),
      by: { name: expect.any(String) },
    });
    expect(note!.noteNo).toMatch(NOTE_NO);
    expect(note!.total).toBe(306);
    // The status change's audit row names the note it issued.
    const [audit] = await s.db
      .select()
      .from(auditLogTable)
      .orderBy(sql`${auditLogTable.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({
      action: 'update-status',
      recordId: o.id,
      summary: `Marked order #${o.orderId} as Pending`,
      changes: [
        { field: 'Status', from: 'Delivered', to: 'Pending' },
        { field: 'Credit note', from: null, to: note!.noteNo },
      ],
    });
    // The invoice stays as it was; every line has nothing left.
    expect(got.invoice).toMatchObject({ invoiceNo: invoice.invoiceNo, creditNotes: 1 });
    expect(got.invoice!.lines).toEqual([
      {
        line: 1,
        description: '20 L Jar',
        hsn: '2201',
        ratePercent: 12,
        taxable: 180,
        credited: 180,
        left: 0,
      },
      {
        line: 2,
        description: 'Tap',
        hsn: '3924',
        ratePercent: 18,
        taxable: 60,
        credited: 60,
        left: 0,
      },
      {
        line: 3,
        description: 'Delivery charge',
        hsn: '2201',
        ratePercent: 12,
        taxable: 30,
        credited: 30,
        left: 0,
      },
    ]);
    expect((await invoiceOf(o.id))!.document).toEqual(invoice.document);
  });

  it('delivers it again: a debit note restores what was credited, on the same invoice', async () => {
    const o = await delivered();
    const invoiceNo = (await invoiceOf(o.id))!.invoiceNo;
    await setStatus(o.id, 'Pending', 'Wrong address');
    await setStatus(o.id, 'Delivered', 'Delivered to the right address');
    const got = await getOrder(o.id);
    expect(got.invoice!.invoiceNo).toBe(invoiceNo);
    const [credit, debit] = got.creditNotes;
    expect(debit).toMatchObject({
      noteNo: expect.stringMatching(/^DN\//),
      kind: 'debit',
      cause: 'redelivered',
      reason: 'Delivered to the right address',
      invoiceNo,
      taxable: credit!.taxable,
      tax: credit!.tax,
      total: credit!.total,
    });
    expect(got.invoice!.lines.map((l) => l.left)).toEqual([180, 60, 30]);
    // Taken back again: a second credit note for the whole invoice.
    await setStatus(o.id, 'Out for Delivery', 'Going out again');
    const notes = await notesOf(o.id);
    expect(notes.map((n) => [n.kind, n.cause, n.total])).toEqual([
      ['credit', 'takenBack', 306],
      ['debit', 'redelivered', 306],
      ['credit', 'takenBack', 306],
    ]);
  });

  it('cancels an already credited order: nothing more is issued', async () => {
    const o = await delivered();
    await setStatus(o.id, 'Pending', 'Customer away');
    await setStatus(o.id, 'Cancelled', 'Customer moved');
    const notes = await notesOf(o.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ cause: 'takenBack' });
  });

  it('cancels a delivered order: a credit note with the cause cancelled', async () => {
    const o = await delivered();
    await setStatus(o.id, 'Cancelled', 'Jars were leaking');
    const [note, ...more] = await notesOf(o.id);
    expect(more).toEqual([]);
    expect(note).toMatchObject({ cause: 'cancelled', reason: 'Jars were leaking', total: 306 });
  });

  it('issues nothing for an order without an invoice, nor for the everyday steps', async () => {
    const o = await place();
    await setStatus(o.id, 'Out for Delivery');
    await setStatus(o.id, 'Pending');
    await setStatus(o.id, 'Cancelled', 'Ordered twice');
    expect(await notesOf(o.id)).toEqual([]);
    const d = await delivered();
    expect(await notesOf(d.id)).toEqual([]);
  });

  it('taxes a buyer in another state with IGST, as the invoice did', async () => {
    // Rohan, New Delhi: IGST at the full rate.
    const o = await delivered({ customer: 2 });
    await setStatus(o.id, 'Pending', 'Refused at the door');
    const [note] = await notesOf(o.id);
    expect(note).toMatchObject({ taxable: 270, cgst: 0, sgst: 0, igst: 36, tax: 36, total: 306 });
  });

  it('numbers the credit notes of a bulk take-back one after the other, in one transaction', async () => {
    const orders = [await delivered(), await delivered(), await delivered()];
    const res = await order.post('bulk-update-status', {
      orderIds: orders.map((o) => o.id),
      status: 'Out for Delivery',
      reason: 'Van broke down; jars came back',
    });
    expect(res.statusCode, res.body).toBe(200);
    const serials = [];
    for (const o of orders) {
      const [note] = await notesOf(o.id);
      expect(note).toMatchObject({ cause: 'takenBack', reason: 'Van broke down; jars came back' });
      serials.push(Number(note!.noteNo.split('/').at(-1)));
    }
    serials.sort((a, b) => a - b);
    expect(serials).toEqual([serials[0], serials[0]! + 1, serials[0]! + 2]);
  });

  it('numbers 10 take-backs made at once with no gap and no duplicate', async () => {
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await delivered({ customer: i % 4 }));
    const [before] = await s.db
      .select({ last: sql<number>`max(${creditNotesTable.number})::int` })
      .from(creditNotesTable)
      .where(eq(creditNotesTable.kind, 'credit'));
    const answers = await Promise.all(
      orders.map((o) =>
        order.post('update-status', { orderId: o.id, status: 'Pending', reason: 'Taken back' }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const serials: number[] = [];
    for (const o of orders) {
      const notes = await notesOf(o.id);
      expect(notes).toHaveLength(1);
      serials.push(Number(notes[0]!.noteNo.split('/').at(-1)));
    }
    const first = (before?.last ?? 0) + 1;
    expect(serials.sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => first + i));
  }, 60_000);

  it('moves sales_daily by the note’s figures: down for a credit note, back up for a debit note', async () => {
    const o = await delivered();
    const [orderRow] = await s.db
      .select({ categoryId: ordersTable.categoryId })
      .from(ordersTable)
      .where(eq(ordersTable.id, o.id));
    const rollup = async () => {
      const { rows } = await s.db.execute<{
        taxable: string;
        tax: string;
        amount: string;
        credit_notes: number;
      }>(sql`SELECT taxable::text, tax::text, amount::text, credit_notes
               FROM sales_daily
              WHERE dim = 'service' AND key = ${orderRow!.categoryId}
                AND day = order_day(now())`);
      const r = rows[0]!;
      return {
        taxable: Number(r.taxable),
        tax: Number(r.tax),
        amount: Number(r.amount),
        notes: r.credit_notes,
      };
    };
    const before = await rollup();
    await setStatus(o.id, 'Pending', 'Taken back');
    const [credit] = await notesOf(o.id);
    const after = await rollup();
    expect(after.notes).toBe(before.notes + 1);
    expect(after.taxable).toBeCloseTo(before.taxable - credit!.taxable, 2);
    expect(after.tax).toBeCloseTo(before.tax - credit!.tax, 2);
    expect(after.amount).toBeCloseTo(before.amount - credit!.total, 2);
    await setStatus(o.id, 'Delivered', 'Delivered after all');
    const again = await rollup();
    expect(again.notes).toBe(before.notes);
    expect(again.taxable).toBeCloseTo(before.taxable, 2);
    expect(again.amount).toBeCloseTo(before.amount, 2);
  });

  it('never lets a note be changed or removed', async () => {
    const o = await delivered();
    await setStatus(o.id, 'Pending', 'Taken back');
    const [note] = await notesOf(o.id);
    await expect(
      s.db.update(creditNotesTable).set({ reason: 'x' }).where(eq(creditNotesTable.id, note!._id)),
    ).rejects.toThrow();
    await expect(
      s.db.delete(creditNotesTable).where(eq(creditNotesTable.id, note!._id)),
    ).rejects.toThrow();
  });
});

describe('order/add-credit-note', () => {
  it('credits part of a line at its rate, and later take-backs credit only what is left', async () => {
    const o = await delivered();
    const before = await written();
    const res = await addCredit({
      orderId: o.id,
      lines: [{ line: 1, amount: 50 }],
      reason: 'One jar was short-filled',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { creditNote } = res.json().result as { creditNote: Note };
    expect(res.json().message).toBe(`Credit note ${creditNote.noteNo} issued.`);
    expect(creditNote).toMatchObject({
      kind: 'credit',
      cause: 'part',
      reason: 'One jar was short-filled',
      taxable: 50,
      cgst: 3,
      sgst: 3,
      tax: 6,
      total: 56,
    });
    // Its audit row, in words.
    const after = await written();
    expect(after.audit).toBe(before.audit + 1);
    const [audit] = await s.db
      .select()
      .from(auditLogTable)
      .orderBy(sql`${auditLogTable.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({
      resource: 'order',
      action: 'add-credit-note',
      recordId: o.id,
      summary: `Issued a credit note of ₹56.00 for order #${o.orderId}`,
      changes: expect.arrayContaining([
        { field: 'Credit note', from: null, to: creditNote.noteNo },
      ]),
    });

    let lines = (await getOrder(o.id)).invoice!.lines;
    expect(lines[0]).toMatchObject({ taxable: 180, credited: 50, left: 130 });

    // Two lines at once, amounts as text too.
    const two = await addCredit({
      orderId: o.id,
      lines: [
        { line: 2, amount: '10.50' },
        { line: 1, amount: 0.01 },
      ],
      reason: 'Tap price corrected',
    });
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().result.creditNote).toMatchObject({ taxable: 10.51 });
    lines = (await getOrder(o.id)).invoice!.lines;
    expect(lines.map((l) => l.left)).toEqual([129.99, 49.5, 30]);

    // Taken back: what is left, and the tax credited adds up to the invoice's exactly.
    await setStatus(o.id, 'Pending', 'Customer returned everything');
    const notes = await notesOf(o.id);
    expect(notes.map((n) => n.cause)).toEqual(['part', 'part', 'takenBack']);
    const sum = (pick: (n: Note) => number) =>
      Math.round(notes.reduce((t, n) => t + pick(n) * 100, 0));
    const { figures } = (await invoiceOf(o.id))!.document!;
    expect(sum((n) => n.taxable)).toBe(figures.taxablePaise);
    expect(sum((n) => n.tax)).toBe(figures.taxPaise);
    expect(sum((n) => n.total)).toBe(figures.totalPaise);

    // Delivered again: the debit note gives back the take-back only; the parts stay credited.
    await setStatus(o.id, 'Delivered', 'Delivered again');
    const debit = (await notesOf(o.id)).at(-1)!;
    expect(debit).toMatchObject({ kind: 'debit', cause: 'redelivered' });
    expect(debit.taxable).toBe(notes[2]!.taxable);
    expect(debit.total).toBe(notes[2]!.total);
    lines = (await getOrder(o.id)).invoice!.lines;
    expect(lines.map((l) => l.left)).toEqual([129.99, 49.5, 30]);
  });

  it('refuses more than a line has left with 409, naming the line and what is left, writing nothing', async () => {
    const o = await delivered();
    const first = await addCredit({
      orderId: o.id,
      lines: [{ line: 1, amount: 60 }],
      reason: 'One jar short',
    });
    expect(first.statusCode, first.body).toBe(200);
    const before = await written();
    const res = await addCredit({
      orderId: o.id,
      lines: [
        { line: 3, amount: 5 },
        { line: 1, amount: 120.01 },
      ],
      reason: 'Too much',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      message: 'Line 1, 20 L Jar, has ₹120.00 left to credit. Nothing was issued.',
    });
    expect(await written()).toEqual(before);
    // Exactly what is left is fine; then nothing is.
    const rest = await addCredit({
      orderId: o.id,
      lines: [{ line: 1, amount: 120 }],
      reason: 'All jars returned',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const none = await addCredit({
      orderId: o.id,
      lines: [{ line: 1, amount: 1 }],
      reason: 'Again',
    });
    expect(none.json()).toEqual({
      statusCode: 409,
      message: 'Line 1, 20 L Jar, has ₹0.00 left to credit. Nothing was issued.',
    });
  });

  it('refuses bad input with 400, an unknown order with 404, an order without an invoice with 409', async () => {
    const o = await delivered();
    const pending = await place();
    const before = await written();
    const cases: [unknown, number, string][] = [
      [
        { orderId: 'no-such-order', lines: [{ line: 1, amount: 10 }], reason: 'x' },
        404,
        'This order does not exist.',
      ],
      [
        { orderId: pending.id, lines: [{ line: 1, amount: 10 }], reason: 'Short' },
        409,
        `Order ${pending.orderId} has no tax invoice: a credit note is issued against an invoice, once the order is delivered.`,
      ],
      [{ orderId: o.id, lines: [{ line: 1, amount: 10 }] }, 400, 'Reason is required.'],
      [
        { orderId: o.id, lines: [{ line: 1, amount: 10 }], reason: '   ' },
        400,
        'Reason is required.',
      ],
      [
        { orderId: o.id, lines: [{ line: 1, amount: 0 }], reason: 'Short' },
        400,
        'Line 1: the amount to credit must be more than ₹0.',
      ],
      [
        { orderId: o.id, lines: [{ line: 2, amount: -5 }], reason: 'Short' },
        400,
        'Line 2: the amount to credit must be more than ₹0.',
      ],
      [
        { orderId: o.id, lines: [{ line: 1, amount: 10.005 }], reason: 'Short' },
        400,
        "Line 1: '10.005' is not an amount in rupees and paise, such as 120.50.",
      ],
      [
        { orderId: o.id, lines: [{ line: 1, amount: 'ten' }], reason: 'Short' },
        400,
        "Line 1: 'ten' is not an amount in rupees and paise, such as 120.50.",
      ],
      [
        { orderId: o.id, lines: [], reason: 'Short' },
        400,
        'Give at least one line of the invoice to credit.',
      ],
      [
        { orderId: o.id, reason: 'Short' },
        400,
        'Lines are required: [{ "line": 1, "amount": 120.5 }], the invoice lines to credit.',
      ],
      [
        {
          orderId: o.id,
          lines: [
            { line: 1, amount: 5 },
            { line: 1, amount: 6 },
          ],
          reason: 'Short',
        },
        400,
        'Line 1 is named twice: name it once.',
      ],
      [
        { orderId: o.id, lines: [{ line: 0, amount: 5 }], reason: 'Short' },
        400,
        'A line number is 1 or more: line 1 is the first.',
      ],
      [
        { orderId: o.id, lines: [{ line: 9, amount: 5 }], reason: 'Short' },
        400,
        `Invoice ${(await invoiceOf(o.id))!.invoiceNo} has 3 lines: there is no line 9.`,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await addCredit(body);
      expect(res.json(), JSON.stringify(body)).toEqual({ statusCode: status, message });
    }
    expect(await written()).toEqual(before);
  });
});

describe('order/credit-note/{creditNoteId}', () => {
  it('answers the credit note as a PDF: number, invoice, seller, buyer, lines, totals, words, reason', async () => {
    const o = await delivered();
    const invoice = (await invoiceOf(o.id))!;
    await setStatus(o.id, 'Pending', 'Customer was not home');
    const [note] = await notesOf(o.id);
    const res = await order.get(`credit-note/${note!._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="credit-note-${note!.noteNo.replace(/\//g, '-')}.pdf"`,
    );
    const text = await readPdf(res.rawPayload);
    const day = (iso: string) =>
      new Intl.DateTimeFormat('en-IN', {
        timeZone: 'Asia/Kolkata',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }).format(new Date(iso));
    for (const part of [
      'Credit Note',
      note!.noteNo,
      `Note date ${day(note!.issuedAt)}`,
      `Against invoice ${invoice.invoiceNo} of ${day(invoice.document!.issuedAt)}`,
      'Reason: Customer was not home',
      'Jalasri Water',
      `GSTIN: ${SELLER_GSTIN}`,
      o.orderId,
      'Place of supply Karnataka (29)',
      'Aarav Sharma',
      '20 L Jar 2201 12% 180.00 10.80 @ 6% 10.80 @ 6% 201.60',
      'Tap 3924 18% 60.00 5.40 @ 9% 5.40 @ 9% 70.80',
      'Delivery charge 2201 12% 30.00 1.80 @ 6% 1.80 @ 6% 33.60',
      'Taxable value ₹270.00',
      'CGST ₹18.00',
      'SGST ₹18.00',
      'Credit Note total (incl. GST) ₹306.00',
      'Rupees Three Hundred Six Only',
      'This is a computer-generated credit note.',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('IGST');
  });

  it('answers a debit note as one, with IGST across states', async () => {
    const o = await delivered({ customer: 2 });
    await setStatus(o.id, 'Pending', 'Refused');
    await setStatus(o.id, 'Delivered', 'Accepted the next day');
    const debit = (await notesOf(o.id)).at(-1)!;
    const res = await order.get(`credit-note/${debit._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="debit-note-${debit.noteNo.replace(/\//g, '-')}.pdf"`,
    );
    const text = await readPdf(res.rawPayload);
    for (const part of [
      'Debit Note',
      debit.noteNo,
      'Reason: Accepted the next day',
      'Rohan Mehta',
      'Place of supply Delhi (07)',
      'IGST ₹36.00',
      'Debit Note total (incl. GST) ₹306.00',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('answers 404 for an unknown note, and HEAD without the PDF', async () => {
    const res = await order.get('credit-note/no-such-note');
    expect(res.json()).toEqual({ statusCode: 404, message: 'This credit note does not exist.' });
    const o = await delivered();
    await setStatus(o.id, 'Cancelled', 'Cancelled by phone');
    const [note] = await notesOf(o.id);
    const head = await s.app.inject({
      method: 'HEAD',
      url: `/api/order/credit-note/${note!._id}`,
      headers: bearer(s.superToken),
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-disposition']).toContain('credit-note-CN-');
    expect(head.body).toBe('');
  });
});

describe('order/credit-notes', () => {
  const today = () => indiaDay();
  const list = (query: string) => order.get(`credit-notes?${query}`);

  it('lists the notes of a range newest first, with the range’s count and totals', async () => {
    const o = await delivered({ customer: 1 });
    await setStatus(o.id, 'Pending', 'Taken back');
    await setStatus(o.id, 'Delivered', 'Delivered again');
    const from = addDays(today(), -1);
    const to = addDays(today(), 1);
    const res = await list(`from=${from}&to=${to}&page=1&limit=2`);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    const [latest, before] = result.creditNotes as Note[];
    expect(latest).toMatchObject({
      kind: 'debit',
      cause: 'redelivered',
      orderId: o.orderId,
      order: { _id: o.id },
      customer: { name: 'Priya Iyer' },
      invoiceNo: (await invoiceOf(o.id))!.invoiceNo,
      total: 306,
    });
    expect(before).toMatchObject({ kind: 'credit', orderId: o.orderId });

    // The totals are the range's, every page.
    const [counted] = await s.db
      .select({
        credit: sql<number>`count(*) filter (where ${creditNotesTable.kind} = 'credit')::int`,
        debit: sql<number>`count(*) filter (where ${creditNotesTable.kind} = 'debit')::int`,
        creditTotal: sql<number>`coalesce(sum(${creditNotesTable.totalPaise}) filter (where ${creditNotesTable.kind} = 'credit'), 0)::int`,
        debitTotal: sql<number>`coalesce(sum(${creditNotesTable.totalPaise}) filter (where ${creditNotesTable.kind} = 'debit'), 0)::int`,
      })
      .from(creditNotesTable);
    expect(result.totalRecords).toBe(counted!.credit + counted!.debit);
    expect(result.totalPages).toBe(Math.ceil(result.totalRecords / 2));
    expect(result.totals.credit).toMatchObject({
      count: counted!.credit,
      total: counted!.creditTotal / 100,
    });
    expect(result.totals.debit).toMatchObject({
      count: counted!.debit,
      total: counted!.debitTotal / 100,
    });
    expect(result.totals.net.total).toBeCloseTo(
      (counted!.creditTotal - counted!.debitTotal) / 100,
      2,
    );

    // The last page, and a page past it (empty, same totals).
    const last = await list(`from=${from}&to=${to}&page=${result.totalPages}&limit=2`);
    expect(last.json().result.creditNotes.length).toBeGreaterThan(0);
    const past = await list(`from=${from}&to=${to}&page=${result.totalPages + 1}&limit=2`);
    expect(past.json().result).toMatchObject({ creditNotes: [], totals: result.totals });
  });

  it('answers an empty range with nothing', async () => {
    const res = await list('from=2020-01-01&to=2020-12-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      creditNotes: [],
      totalRecords: 0,
      totals: { credit: { count: 0, total: 0 }, debit: { count: 0, total: 0 } },
    });
  });

  it('refuses a range it cannot read with 400', async () => {
    for (const [query, message] of [
      ['to=2026-11-30', 'From is required: a date such as 2026-11-24.'],
      ['from=2026-11-01', 'To is required: a date such as 2026-11-24.'],
      ['from=2026-02-30&to=2026-03-01', 'From must be a date such as 2026-11-24.'],
      ['from=2026-11-30&to=2026-11-01', 'The "from" date must not be after the "to" date.'],
      [
        'from=2025-04-01&to=2026-04-02',
        'The list covers at most a year (366 days). Choose a shorter range.',
      ],
      ['from=2026-11-01&to=2026-11-30&limit=0', 'Limit must be between 1 and 1000.'],
      ['from=2026-11-01&to=2026-11-30&page=0', 'Page number should be greater than or equal to 1'],
    ]) {
      const res = await list(query!);
      expect(res.json(), query).toEqual({ statusCode: 400, message });
    }
    // A whole leap year is one year.
    expect((await list('from=2028-01-01&to=2028-12-31')).statusCode).toBe(200);
  });
});

describe('who may', () => {
  it('refuses the calls to an admin without the Orders group', async () => {
    const admin = await s.createAdmin({ permissions: { supports: true } });
    for (const res of [
      await order.get('credit-notes?from=2026-11-01&to=2026-11-30', admin.token),
      await order.get('credit-note/any', admin.token),
      await order.post('add-credit-note', {}, admin.token),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });
});
