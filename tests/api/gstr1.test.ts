import { randomUUID } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accessoriesTable,
  categoriesTable,
  creditNotesTable,
  customersTable,
  deliveryChargesTable,
  invoicesTable,
  productsTable,
} from '@server/db/schema';
import type { NoteDocument } from '@server/modules/creditNotes/document';
import type { InvoiceDocument } from '@server/modules/invoices/document';
import { CSV_HEADINGS, GSTR1_TABLES } from '@server/modules/gst/gstr1';
import { computeInvoice, gstinCheckChar, type InvoiceLine } from '@shared/gst';
import { indiaDay, indiaMidnight } from '@shared/time';
import { pinClock } from './clock';
import { apiClient, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures, type PlaceOptions } from './orderFixtures';

/**
 * GET gst/gstr1 and gst/gstr1-summary (issue 38): a month's GSTR-1 from its invoices and
 * credit and debit notes, as the offline tool's JSON, one table's CSV or a zip of them all, and
 * its figures for the screen. The month: households in the seller's state (Karnataka) and in
 * Delhi, an inter-state invoice above ₹1 lakh (B2CL), two registered buyers (one in the state,
 * one in Maharashtra), and notes against each kind of invoice.
 */
let s: TestServer;
let f: OrderFixtures;
const api = apiClient(() => s, 'gst');
const settings = apiClient(() => s, 'settings');

const SELLER_GSTIN = '29AABCU9603R1ZJ';
const withCheck = (first14: string) => first14 + gstinCheckChar(first14);
const PRIYA_GSTIN = withCheck('29AAFCP1234Q1Z');
const KAVYA_GSTIN = withCheck('27AAGCK5678M1Z');

// The clock at noon (India) on the 15th of this month, so that last month and this one are
// whole months away from any midnight the test's orders are placed at.
pinClock(new Date(indiaMidnight(`${indiaDay().slice(0, 7)}-15`).getTime() + 12 * 3600_000));
afterAll(() => vi.useRealTimers());

const monthBack = (back: number) => {
  const [y, m] = indiaDay().slice(0, 7).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 7);
};
const THIS = monthBack(0);
const LAST = monthBack(1);
const EARLIER = monthBack(2);
const NEXT = monthBack(-1);
const fp = (month: string) => `${month.slice(5)}${month.slice(0, 4)}`;
/** 10:00 India time on `day` of `month`. */
const at = (month: string, day: number, hour = 10) =>
  new Date(indiaMidnight(`${month}-${String(day).padStart(2, '0')}`).getTime() + hour * 3600_000);

const business = {
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
};

/** Order ids of last month's invoices, by what they stand for. */
const orders: Record<string, string> = {};

async function place(name: string, opts: PlaceOptions) {
  const order = await f.place({ status: 'Delivered', ...opts });
  orders[name] = order.id;
  return order.id;
}

async function documentOf(orderId: string): Promise<InvoiceDocument> {
  // The invoice's download builds and stores its document (as GSTR-1 would).
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/order/invoice/${orderId}`,
    headers: { authorization: `Bearer ${s.superToken}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await s.db
    .select({ document: invoicesTable.document })
    .from(invoicesTable)
    .where(eq(invoicesTable.orderId, orderId));
  return row!.document as InvoiceDocument;
}

/**
 * A credit or debit note against an order's invoice, as server/modules/creditNotes will issue
 * it: numbered from its series as next_note_number() does, its document built from the invoice's (the lines picked,
 * `quantity` of each when given), figures positive.
 */
async function issueNote(
  kind: 'credit' | 'debit',
  orderId: string,
  issuedAt: Date,
  pick: (line: InvoiceLine) => boolean = () => true,
  quantity?: number,
) {
  const invoice = await documentOf(orderId);
  // Numbered as the server numbers a note: the next of the kind's series for the financial year.
  const numbered = await s.db.execute<{ financial_year: string; number: number; note_no: string }>(
    sql`SELECT * FROM next_note_number(${kind}, ${issuedAt.toISOString()}::timestamptz)`,
  );
  const { financial_year, number, note_no } = numbered.rows[0]!;
  const figures = computeInvoice({
    lines: invoice.figures.lines.filter(pick).map((l) => ({
      description: l.description,
      hsn: l.hsn,
      quantity: quantity ?? l.quantity,
      unitPaise: l.unitPaise,
      ratePercent: l.ratePercent,
    })),
    sellerStateCode: invoice.seller.stateCode,
    buyerStateCode: invoice.placeOfSupply.code,
  });
  const document: NoteDocument = {
    version: 1,
    kind,
    noteNo: note_no,
    issuedAt: issuedAt.toISOString(),
    invoiceNo: invoice.invoiceNo,
    invoiceIssuedAt: invoice.issuedAt,
    orderNo: invoice.orderNo,
    seller: invoice.seller,
    buyer: invoice.buyer,
    placeOfSupply: invoice.placeOfSupply,
    reason: 'Test',
    figures,
  };
  await s.db.insert(creditNotesTable).values({
    id: randomUUID(),
    kind,
    orderId,
    financialYear: financial_year,
    number,
    noteNo: note_no,
    issuedAt,
    cause: kind === 'credit' ? 'part' : 'redelivered',
    reason: 'Test',
    taxablePaise: figures.taxablePaise,
    cgstPaise: figures.cgstPaise,
    sgstPaise: figures.sgstPaise,
    igstPaise: figures.igstPaise,
    totalPaise: figures.totalPaise,
    document,
  });
  return note_no;
}

const gstr1 = (query: string) => api.get(`gstr1?${query}`);
const summary = (month: string) => api.get(`gstr1-summary?month=${month}`);

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  await s.db
    .insert(deliveryChargesTable)
    .values({ id: 'default', standardCharge: '30.00', emergencyCharge: '80.00', gst: '18.00' });
  // Jars 2201 at 12 % with a ₹150 deposit (not part of any value); taps 3924 at 18 %; oxygen
  // 2804 at 12 %; laundry the service 999712 at 18 % (no unit or quantity in the HSN summary).
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
  await s.db
    .update(categoriesTable)
    .set({ hsnCode: '999712', gstRate: '18.00' })
    .where(eq(categoriesTable.id, f.services.laundry.id));
}, 60_000);
afterAll(() => s?.close());

describe('before the business details are saved', () => {
  it('answers 409 for the file and the summary', async () => {
    for (const res of [await gstr1(`month=${LAST}`), await summary(LAST)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        statusCode: 409,
        message: 'Save the business details under Settings first: GSTR-1 needs the seller’s GSTIN.',
      });
    }
  });
});

/** The month's documents' figures, read from the database after GSTR-1 has built them. */
async function monthFigures(month: string) {
  const start = indiaMidnight(`${month}-01`);
  const end = indiaMidnight(`${monthBack(-1 + monthsBetween(month))}-01`);
  const invoices = await s.db
    .select({ document: invoicesTable.document })
    .from(invoicesTable)
    .where(and(gte(invoicesTable.issuedAt, start), lt(invoicesTable.issuedAt, end)));
  const notes = await s.db
    .select()
    .from(creditNotesTable)
    .where(and(gte(creditNotesTable.issuedAt, start), lt(creditNotesTable.issuedAt, end)));
  const sum = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
  for (const { document } of invoices) {
    const d = document as InvoiceDocument;
    expect(d, 'every invoice of the month has its document').not.toBeNull();
    sum.taxable += d.figures.taxablePaise;
    sum.igst += d.figures.igstPaise;
    sum.cgst += d.figures.cgstPaise;
    sum.sgst += d.figures.sgstPaise;
  }
  for (const n of notes) {
    const sign = n.kind === 'credit' ? -1 : 1;
    sum.taxable += sign * n.taxablePaise;
    sum.igst += sign * n.igstPaise;
    sum.cgst += sign * n.cgstPaise;
    sum.sgst += sign * n.sgstPaise;
  }
  return {
    net: sum,
    invoices: invoices.length,
    credit: notes.filter((n) => n.kind === 'credit').length,
    debit: notes.filter((n) => n.kind === 'debit').length,
  };
}

/** How many months `month` is before this one. */
function monthsBetween(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const [ty, tm] = THIS.split('-').map(Number) as [number, number];
  return (ty - y) * 12 + (tm - m);
}

const paise = (rupees: number) => Math.round(rupees * 100);

interface Item {
  num: number;
  itm_det: Record<string, number>;
}
type Json = Record<string, unknown> & {
  b2b: { ctin: string; inv: (Record<string, unknown> & { itms: Item[] })[] }[];
  b2cl: { pos: string; inv: (Record<string, unknown> & { itms: Item[] })[] }[];
  b2cs: Record<string, number | string>[];
  cdnr: { ctin: string; nt: (Record<string, unknown> & { ntty: string; itms: Item[] })[] }[];
  cdnur: (Record<string, unknown> & { ntty: string; itms: Item[] })[];
  hsn: { hsn_b2b: Record<string, number | string>[]; hsn_b2c: Record<string, number | string>[] };
  doc_issue: {
    doc_det: { doc_num: number; docs: Record<string, number | string>[] }[];
  };
};

describe("last month's GSTR-1", () => {
  let json: Json;
  const notes: Record<string, string> = {};

  beforeAll(async () => {
    expect((await settings.post('save-business', business)).statusCode).toBe(200);
    // Registered buyers: their invoices carry the GSTIN from when they are numbered.
    await s.db
      .update(customersTable)
      .set({ gstin: PRIYA_GSTIN, legalName: 'Priya Foods Private Limited' })
      .where(eq(customersTable.id, f.customers[1]!.id));
    await s.db
      .update(customersTable)
      .set({ gstin: KAVYA_GSTIN, legalName: 'Kavya Traders LLP' })
      .where(eq(customersTable.id, f.customers[3]!.id));
    const [aarav, priya, rohan, kavya] = [0, 1, 2, 3];
    await place('aaravJars', {
      kind: 'water',
      customer: aarav,
      quantity: 2,
      createdAt: at(LAST, 3),
    });
    await place('aaravLaundry', {
      kind: 'laundry',
      customer: aarav,
      quantity: 5,
      createdAt: at(LAST, 4),
    });
    await place('rohanJar', {
      kind: 'water',
      customer: rohan,
      quantity: 1,
      createdAt: at(LAST, 5),
    });
    // 200 cylinders to Delhi: ₹1,30,030 taxable, ₹1,45,633.60 with IGST: B2CL.
    await place('rohanOxygen', {
      kind: 'oxygen',
      customer: rohan,
      quantity: 200,
      createdAt: at(LAST, 6),
    });
    await place('priyaJars', {
      kind: 'water',
      customer: priya,
      quantity: 3,
      taps: 2,
      createdAt: at(LAST, 7),
    });
    await place('priyaLaundry', {
      kind: 'laundry',
      customer: priya,
      quantity: 1,
      createdAt: at(LAST, 8),
    });
    await place('kavyaOxygen', {
      kind: 'oxygen',
      customer: kavya,
      quantity: 2,
      createdAt: at(LAST, 9),
    });
    // Notes: Aarav's jars credited whole (B2CS nets them out), Priya's taps (CDNR), 10 of
    // Rohan's cylinders (CDNUR), Rohan's jar's delivery charged again (a debit note, B2CS),
    // Kavya's cylinders credited whole (CDNR).
    notes.aarav = await issueNote('credit', orders.aaravJars!, at(LAST, 20));
    notes.priya = await issueNote(
      'credit',
      orders.priyaJars!,
      at(LAST, 21),
      (l) => l.hsn === '3924',
    );
    notes.rohan = await issueNote(
      'credit',
      orders.rohanOxygen!,
      at(LAST, 22),
      (l) => l.description === '10 L Cylinder',
      10,
    );
    notes.rohanDebit = await issueNote(
      'debit',
      orders.rohanJar!,
      at(LAST, 23),
      (l) => l.description === 'Delivery charge',
    );
    notes.kavya = await issueNote('credit', orders.kavyaOxygen!, at(LAST, 24));
    // This month: one household invoice so far.
    await place('thisMonth', {
      kind: 'water',
      customer: aarav,
      quantity: 1,
      createdAt: at(THIS, 2),
    });

    const res = await gstr1(`month=${LAST}&format=json`);
    expect(res.statusCode, res.body).toBe(200);
    json = res.json();
  }, 60_000);

  it('is named for the seller and the period, and is not provisional', async () => {
    const res = await gstr1(`month=${LAST}`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="gstr1-${SELLER_GSTIN}-${fp(LAST)}.json"`,
    );
    expect(res.headers['x-provisional']).toBe('false');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("has the offline tool's keys, exactly", () => {
    expect(Object.keys(json)).toEqual([
      'gstin',
      'fp',
      'b2b',
      'b2cl',
      'b2cs',
      'cdnr',
      'cdnur',
      'hsn',
      'doc_issue',
    ]);
    expect(json.gstin).toBe(SELLER_GSTIN);
    expect(json.fp).toBe(fp(LAST));
    expect(Object.keys(json.hsn)).toEqual(['hsn_b2b', 'hsn_b2c']);
    expect(Object.keys(json.doc_issue)).toEqual(['doc_det']);
    const itemKeys = ['txval', 'rt', 'iamt', 'camt', 'samt', 'csamt'];
    for (const buyer of json.b2b) {
      expect(Object.keys(buyer)).toEqual(['ctin', 'inv']);
      for (const inv of buyer.inv) {
        expect(Object.keys(inv)).toEqual(['inum', 'idt', 'val', 'pos', 'rchrg', 'inv_typ', 'itms']);
        for (const item of inv.itms) {
          expect(Object.keys(item)).toEqual(['num', 'itm_det']);
          expect(Object.keys(item.itm_det)).toEqual(itemKeys);
        }
      }
    }
    for (const group of json.b2cl) {
      expect(Object.keys(group)).toEqual(['pos', 'inv']);
      for (const inv of group.inv) {
        expect(Object.keys(inv)).toEqual(['inum', 'idt', 'val', 'itms']);
        for (const item of inv.itms) {
          expect(Object.keys(item.itm_det)).toEqual(['txval', 'rt', 'iamt', 'csamt']);
        }
      }
    }
    for (const row of json.b2cs) {
      expect(Object.keys(row)).toEqual([
        'sply_ty',
        'pos',
        'typ',
        'rt',
        'txval',
        'iamt',
        'camt',
        'samt',
        'csamt',
      ]);
    }
    for (const buyer of json.cdnr) {
      expect(Object.keys(buyer)).toEqual(['ctin', 'nt']);
      for (const note of buyer.nt) {
        expect(Object.keys(note)).toEqual([
          'ntty',
          'nt_num',
          'nt_dt',
          'val',
          'pos',
          'rchrg',
          'inv_typ',
          'itms',
        ]);
        for (const item of note.itms) expect(Object.keys(item.itm_det)).toEqual(itemKeys);
      }
    }
    for (const note of json.cdnur) {
      expect(Object.keys(note)).toEqual(['ntty', 'nt_num', 'nt_dt', 'val', 'typ', 'pos', 'itms']);
      for (const item of note.itms) {
        expect(Object.keys(item.itm_det)).toEqual(['txval', 'rt', 'iamt', 'csamt']);
      }
    }
    for (const row of [...json.hsn.hsn_b2b, ...json.hsn.hsn_b2c]) {
      expect(Object.keys(row)).toEqual([
        'num',
        'hsn_sc',
        'desc',
        'uqc',
        'qty',
        'rt',
        'txval',
        'iamt',
        'camt',
        'samt',
        'csamt',
      ]);
    }
    for (const nature of json.doc_issue.doc_det) {
      expect(Object.keys(nature)).toEqual(['doc_num', 'docs']);
      for (const doc of nature.docs) {
        expect(Object.keys(doc)).toEqual(['num', 'from', 'to', 'totnum', 'cancel', 'net_issue']);
      }
    }
  });

  it('lists B2B invoices per buyer GSTIN: CGST and SGST within the state, IGST across', async () => {
    expect(json.b2b.map((b) => b.ctin)).toEqual([KAVYA_GSTIN, PRIYA_GSTIN]);
    const [kavya, priya] = json.b2b;
    expect(kavya!.inv).toHaveLength(1);
    const k = kavya!.inv[0]!;
    expect(k).toMatchObject({ pos: '27', rchrg: 'N', inv_typ: 'R' });
    // 2 cylinders at ₹650 and ₹30 delivery, 12 % IGST.
    expect(k.val).toBe(1489.6);
    expect(k.itms).toEqual([
      { num: 1, itm_det: { txval: 1330, rt: 12, iamt: 159.6, camt: 0, samt: 0, csamt: 0 } },
    ]);
    expect(k.idt).toBe(`09-${LAST.slice(5)}-${LAST.slice(0, 4)}`);
    expect(priya!.inv).toHaveLength(2);
    const jars = priya!.inv[0]!;
    // 3 jars at ₹90 and ₹30 delivery at 12 %; 2 taps at ₹60 at 18 %; the deposit apart.
    expect(jars.pos).toBe('29');
    expect(jars.itms).toEqual([
      { num: 1, itm_det: { txval: 300, rt: 12, iamt: 0, camt: 18, samt: 18, csamt: 0 } },
      { num: 2, itm_det: { txval: 120, rt: 18, iamt: 0, camt: 10.8, samt: 10.8, csamt: 0 } },
    ]);
    expect(jars.val).toBe(477.6);
  });

  it('lists the inter-state household invoice above ₹1 lakh in B2CL by place of supply', () => {
    expect(json.b2cl).toHaveLength(1);
    expect(json.b2cl[0]!.pos).toBe('07');
    expect(json.b2cl[0]!.inv).toEqual([
      {
        inum: expect.any(String),
        idt: `06-${LAST.slice(5)}-${LAST.slice(0, 4)}`,
        val: 145633.6,
        itms: [{ num: 1, itm_det: { txval: 130030, rt: 12, iamt: 15603.6, csamt: 0 } }],
      },
    ]);
  });

  it('sums the other household invoices in B2CS by place and rate, net of their notes', () => {
    // Aarav's jars (29, 12 %) were credited whole: no row. Rohan's jar to Delhi at 12 % (₹90 +
    // ₹30) and its delivery charged again (₹30); Aarav's laundry within the state at 18 %.
    expect(json.b2cs).toEqual([
      {
        sply_ty: 'INTER',
        pos: '07',
        typ: 'OE',
        rt: 12,
        txval: 150,
        iamt: 18,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
      {
        sply_ty: 'INTRA',
        pos: '29',
        typ: 'OE',
        rt: 18,
        txval: 230,
        iamt: 0,
        camt: 20.7,
        samt: 20.7,
        csamt: 0,
      },
    ]);
  });

  it('lists notes to registered buyers in CDNR and those against B2CL in CDNUR', () => {
    expect(json.cdnr.map((b) => [b.ctin, b.nt.map((n) => n.nt_num)])).toEqual([
      [KAVYA_GSTIN, [notes.kavya]],
      [PRIYA_GSTIN, [notes.priya]],
    ]);
    expect(json.cdnr[1]!.nt[0]).toEqual({
      ntty: 'C',
      nt_num: notes.priya,
      nt_dt: `21-${LAST.slice(5)}-${LAST.slice(0, 4)}`,
      val: 141.6,
      pos: '29',
      rchrg: 'N',
      inv_typ: 'R',
      itms: [
        { num: 1, itm_det: { txval: 120, rt: 18, iamt: 0, camt: 10.8, samt: 10.8, csamt: 0 } },
      ],
    });
    expect(notes.priya).toMatch(/^CN\//);
    expect(json.cdnur).toEqual([
      {
        ntty: 'C',
        nt_num: notes.rohan,
        nt_dt: `22-${LAST.slice(5)}-${LAST.slice(0, 4)}`,
        val: 7280,
        typ: 'B2CL',
        pos: '07',
        itms: [{ num: 1, itm_det: { txval: 6500, rt: 12, iamt: 780, csamt: 0 } }],
      },
    ]);
  });

  it('splits the HSN summary into B2B and B2C, credit notes taken off', () => {
    // Kavya's cylinders were credited whole: 2804 is gone from B2B.
    expect(json.hsn.hsn_b2b).toEqual([
      {
        num: 1,
        hsn_sc: '2201',
        desc: '20 L Jar',
        uqc: 'NOS',
        qty: 3,
        rt: 12,
        txval: 300,
        iamt: 0,
        camt: 18,
        samt: 18,
        csamt: 0,
      },
      {
        num: 2,
        hsn_sc: '999712',
        desc: 'Shirt Wash & Iron',
        uqc: 'NA',
        qty: 0,
        rt: 18,
        txval: 70,
        iamt: 0,
        camt: 6.3,
        samt: 6.3,
        csamt: 0,
      },
    ]);
    expect(json.hsn.hsn_b2c.map((r) => [r.hsn_sc, r.rt, r.qty, r.txval])).toEqual([
      ['2201', 12, 1, 150],
      ['2804', 12, 190, 123530],
      ['999712', 18, 0, 230],
    ]);
  });

  it("adds up to the month's invoices less credit notes plus debit notes", async () => {
    const month = await monthFigures(LAST);
    const items = [
      ...json.b2b.flatMap((b) => b.inv.flatMap((i) => i.itms.map((t) => [1, t.itm_det] as const))),
      ...json.b2cl.flatMap((b) => b.inv.flatMap((i) => i.itms.map((t) => [1, t.itm_det] as const))),
      ...json.b2cs.map((r) => [1, r as Record<string, number>] as const),
      ...json.cdnr.flatMap((b) =>
        b.nt.flatMap((n) => n.itms.map((t) => [n.ntty === 'C' ? -1 : 1, t.itm_det] as const)),
      ),
      ...json.cdnur.flatMap((n) =>
        n.itms.map((t) => [n.ntty === 'C' ? -1 : 1, t.itm_det] as const),
      ),
    ];
    const total = (field: string) =>
      items.reduce((sum, [sign, d]) => sum + sign * paise(Number(d[field] ?? 0)), 0);
    expect({
      taxable: total('txval'),
      igst: total('iamt'),
      cgst: total('camt'),
      sgst: total('samt'),
    }).toEqual(month.net);
    const hsn = [...json.hsn.hsn_b2b, ...json.hsn.hsn_b2c];
    const hsnTotal = (field: string) => hsn.reduce((sum, r) => sum + paise(Number(r[field])), 0);
    expect({
      taxable: hsnTotal('txval'),
      igst: hsnTotal('iamt'),
      cgst: hsnTotal('camt'),
      sgst: hsnTotal('samt'),
    }).toEqual(month.net);
    // 7 invoices, 4 credit notes and a debit note issued; none cancelled.
    const counted = Object.fromEntries(
      json.doc_issue.doc_det.map((d) => [
        d.doc_num,
        d.docs.reduce((n, x) => n + Number(x.totnum), 0),
      ]),
    );
    expect(counted).toEqual({ 1: month.invoices, 5: month.credit, 4: month.debit });
    expect([month.invoices, month.credit, month.debit]).toEqual([7, 4, 1]);
  });

  it('gives each series its first and last number in documents issued', async () => {
    const numbers = await s.db
      .select({ no: invoicesTable.invoiceNo })
      .from(invoicesTable)
      .where(
        and(
          gte(invoicesTable.issuedAt, indiaMidnight(`${LAST}-01`)),
          lt(invoicesTable.issuedAt, indiaMidnight(`${THIS}-01`)),
        ),
      )
      .orderBy(invoicesTable.number);
    const credit = [notes.aarav, notes.priya, notes.rohan, notes.kavya].sort();
    expect(json.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        docs: [
          {
            num: 1,
            from: numbers[0]!.no,
            to: numbers.at(-1)!.no,
            totnum: 7,
            cancel: 0,
            net_issue: 7,
          },
        ],
      },
      {
        doc_num: 5,
        docs: [{ num: 1, from: credit[0], to: credit[3], totnum: 4, cancel: 0, net_issue: 4 }],
      },
      {
        doc_num: 4,
        docs: [
          {
            num: 1,
            from: notes.rohanDebit,
            to: notes.rohanDebit,
            totnum: 1,
            cancel: 0,
            net_issue: 1,
          },
        ],
      },
    ]);
  });

  it('summarises each table for the screen with the same figures', async () => {
    const res = await summary(LAST);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const month = await monthFigures(LAST);
    expect(body.message).toMatch(/^GSTR-1 of /);
    expect(body.result).toMatchObject({
      month: LAST,
      fp: fp(LAST),
      gstin: SELLER_GSTIN,
      provisional: false,
      fileName: `gstr1-${SELLER_GSTIN}-${fp(LAST)}.json`,
      rowsWithoutHsn: 0,
    });
    const byTable = Object.fromEntries(
      (body.result.tables as { table: string; taxable: number }[]).map((t) => [t.table, t]),
    );
    expect(Object.keys(byTable)).toEqual([...GSTR1_TABLES]);
    expect(byTable.b2b).toEqual({
      table: 'b2b',
      count: 3,
      documents: 3,
      taxable: 1820,
      tax: 229.8,
    });
    expect(byTable.b2cl).toMatchObject({ count: 1, documents: 1, taxable: 130030 });
    expect(byTable.b2cs).toMatchObject({ count: 2, documents: 5, taxable: 380 });
    expect(byTable.cdnr).toMatchObject({ count: 2, documents: 2, taxable: -1450 });
    expect(byTable.cdnur).toMatchObject({ count: 1, documents: 1, taxable: -6500 });
    expect(byTable.hsn_b2b).toMatchObject({ count: 2, documents: 5 });
    expect(byTable.hsn_b2c).toMatchObject({ count: 3, documents: 7 });
    expect(byTable.doc_issue).toEqual({
      table: 'doc_issue',
      count: 3,
      documents: 12,
      taxable: null,
      tax: null,
    });
    const tablesTaxable = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur'].reduce(
      (sum, t) => sum + paise(byTable[t].taxable),
      0,
    );
    expect(tablesTaxable).toBe(month.net.taxable);
    expect(paise(body.result.totals.net.taxable)).toBe(month.net.taxable);
    expect(body.result.totals.invoices.count).toBe(7);
    expect(body.result.totals.creditNotes.count).toBe(4);
    expect(body.result.totals.debitNotes.count).toBe(1);
  });

  it("writes each table's CSV with the offline tool's headings", async () => {
    const expectedRows: Record<string, number> = {
      b2b: 4,
      b2cl: 1,
      b2cs: 2,
      cdnr: 2,
      cdnur: 1,
      hsn_b2b: 2,
      hsn_b2c: 3,
      doc_issue: 3,
    };
    for (const table of GSTR1_TABLES) {
      const res = await gstr1(`month=${LAST}&format=csv&table=${table}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="gstr1-${SELLER_GSTIN}-${fp(LAST)}-${table}.csv"`,
      );
      const lines = res.body.split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines[0]).toBe(CSV_HEADINGS[table].join(','));
      expect(lines.length - 2, table).toBe(expectedRows[table]);
    }
    const b2b = (await gstr1(`month=${LAST}&format=csv&table=b2b`)).body.split('\r\n');
    expect(b2b[1]).toBe(
      `${KAVYA_GSTIN},Kavya Traders LLP,${json.b2b[0]!.inv[0]!.inum},` +
        `09-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(LAST.slice(5)) - 1]}-${LAST.slice(0, 4)},` +
        '1489.6,27-Maharashtra,N,,Regular B2B,,12,1330,0',
    );
    const b2cs = (await gstr1(`month=${LAST}&format=csv&table=b2cs`)).body.split('\r\n');
    expect(b2cs.slice(1, 3)).toEqual(['OE,07-Delhi,,12,150,0,', 'OE,29-Karnataka,,18,230,0,']);
    const hsn = (await gstr1(`month=${LAST}&format=csv&table=hsn_b2b`)).body.split('\r\n');
    expect(hsn[1]).toBe('2201,20 L Jar,NOS-NUMBERS,3,336,12,300,0,18,18,0');
    const docs = (await gstr1(`month=${LAST}&format=csv&table=doc_issue`)).body.split('\r\n');
    expect(docs[1]).toMatch(/^Invoices for outward supply,JW\/.+,JW\/.+,7,0$/);
  });

  it('zips every table as its CSV', async () => {
    const res = await gstr1(`month=${LAST}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="gstr1-${SELLER_GSTIN}-${fp(LAST)}.zip"`,
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(GSTR1_TABLES.map((t) => `${t}.csv`));
    for (const table of GSTR1_TABLES) {
      const alone = await gstr1(`month=${LAST}&format=csv&table=${table}`);
      expect(strFromU8(files[`${table}.csv`]!), table).toBe(alone.body);
    }
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await s.app.inject({
      method: 'HEAD',
      url: `/api/gst/gstr1?month=${LAST}&format=csv&table=b2cs`,
      headers: { authorization: `Bearer ${s.superToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="gstr1-${SELLER_GSTIN}-${fp(LAST)}-b2cs.csv"`,
    );
  });

  it('marks the month still open as provisional, to date', async () => {
    const res = await gstr1(`month=${THIS}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-provisional']).toBe('true');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="gstr1-${SELLER_GSTIN}-${fp(THIS)}-provisional.json"`,
    );
    const open: Json = res.json();
    expect(open.b2cs).toEqual([
      {
        sply_ty: 'INTRA',
        pos: '29',
        typ: 'OE',
        rt: 12,
        txval: 120,
        iamt: 0,
        camt: 7.2,
        samt: 7.2,
        csamt: 0,
      },
    ]);
    const zip = await gstr1(`month=${THIS}&format=csv`);
    expect(zip.headers['content-disposition']).toBe(
      `attachment; filename="gstr1-${SELLER_GSTIN}-${fp(THIS)}-provisional.zip"`,
    );
    const csv = await gstr1(`month=${THIS}&format=csv&table=hsn_b2c`);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="gstr1-${SELLER_GSTIN}-${fp(THIS)}-hsn_b2c-provisional.csv"`,
    );
    const sum = await summary(THIS);
    expect(sum.json().result).toMatchObject({
      provisional: true,
      fileName: `gstr1-${SELLER_GSTIN}-${fp(THIS)}-provisional.json`,
    });
    expect(sum.json().message).toMatch(/\(provisional\)$/);
  });

  it('answers a month before any invoice with empty tables', async () => {
    const res = await gstr1('month=2020-01');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      gstin: SELLER_GSTIN,
      fp: '012020',
      b2b: [],
      b2cl: [],
      b2cs: [],
      cdnr: [],
      cdnur: [],
      hsn: { hsn_b2b: [], hsn_b2c: [] },
      doc_issue: { doc_det: [] },
    });
    const sum = await summary('2020-01');
    expect(sum.json().result.totals.invoices).toEqual({ count: 0, taxable: 0, tax: 0 });
  });
});

describe('documents issued when the series changes form', () => {
  it('gives one row per form: the millionth invoice and the next', async () => {
    // The series of the month's financial year moved on to 999,998: its next two invoices
    // are the last of the 6-digit form and the first of the 8-digit one.
    const first = await place('formA', { kind: 'water', customer: 0, createdAt: at(EARLIER, 10) });
    const [{ fy } = { fy: '' }] = (
      await s.db.execute<{ fy: string }>(
        sql`SELECT financial_year AS fy FROM invoices WHERE order_id = ${first}`,
      )
    ).rows;
    await s.db.execute(
      sql`UPDATE invoice_series SET last_number = 999998 WHERE financial_year = ${fy}`,
    );
    await place('formB', { kind: 'water', customer: 0, createdAt: at(EARLIER, 11) });
    await place('formC', { kind: 'water', customer: 0, createdAt: at(EARLIER, 12) });
    const res = await gstr1(`month=${EARLIER}&format=csv&table=doc_issue`);
    expect(res.statusCode).toBe(200);
    const y = fy.slice(2);
    const short = fy.slice(2, 4);
    const [, ...rows] = res.body.trim().split('\r\n');
    const firstNo = (
      await s.db
        .select({ no: invoicesTable.invoiceNo })
        .from(invoicesTable)
        .where(eq(invoicesTable.orderId, first))
    )[0]!.no;
    expect(rows).toEqual([
      `Invoices for outward supply,${firstNo},JW/${y}/999999,2,0`,
      `Invoices for outward supply,JW/${short}/01000000,JW/${short}/01000000,1,0`,
    ]);
  });
});

describe('refusals', () => {
  it.each([
    ['', 'Month is required, such as 2026-11.'],
    ['month=2026-13', 'Month must be a year and month such as 2026-11.'],
    ['month=26-11', 'Month must be a year and month such as 2026-11.'],
    [`month=${LAST}&format=pdf`, 'Format must be json or csv.'],
    [`month=${LAST}&format=csv&table=b2x`, `Table must be one of ${GSTR1_TABLES.join(', ')}.`],
    [
      `month=${LAST}&table=b2b`,
      'A table is chosen for CSV only: add format=csv, or leave the table out for the whole JSON.',
    ],
  ])('400 for %s', async (query, message) => {
    const res = await gstr1(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
  });

  it('400 for a month not yet begun', async () => {
    const next = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'UTC',
      month: 'long',
      year: 'numeric',
    });
    const label = (m: string) => next.format(new Date(`${m}-01T00:00:00Z`));
    const message =
      `${label(NEXT)} has not begun yet: choose ${label(THIS)} (provisional, to date) or an ` +
      'earlier month.';
    for (const res of [await gstr1(`month=${NEXT}`), await summary(NEXT)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, message });
    }
  });

  it('400 for the summary without a month', async () => {
    const res = await api.get('gstr1-summary');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Month is required, such as 2026-11.');
  });
});
