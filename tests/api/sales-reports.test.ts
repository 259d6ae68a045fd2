import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkCounters } from '@server/db/counters';
import {
  creditNotesTable,
  deliveryChargesTable,
  invoicesTable,
  ordersTable,
  pincodesTable,
} from '@server/db/schema';
import { saveDemoBusiness } from '@server/db/seed/invoices';
import type { NoteDocument } from '@server/modules/creditNotes/document';
import { documentsOf, invoiceColumns } from '@server/modules/invoices/repository';
import { splitRange } from '@server/modules/reports/repository';
import { placeOrder } from '@server/modules/orders/placeOrder';
import { deniedMessage } from '@server/permissions';
import { addDays, indiaDay, indiaMidnight } from '@shared/time';
import { pinClock } from './clock';
import { apiClient, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures, type PlaceOptions } from './orderFixtures';
import { assignToRider, createRider, type RiderDto } from './riderFixtures';

/**
 * report/sales, report/export-sales and report/export-sales-register (issue 38): sales per day,
 * week, month, service, pin code and rider from the rollups (sales_daily, sales_monthly,
 * collections_daily), their CSV, and the register of every invoice and note of a range.
 */
let s: TestServer;
let f: OrderFixtures;
const report = apiClient(() => s, 'report');
const orders = apiClient(() => s, 'order');
const account = apiClient(() => s, 'account');

pinClock();
afterAll(() => vi.useRealTimers());

const TODAY = indiaDay(new Date());
/** Two days with sales, one between them without, in the past; and today. */
const DAY_A = addDays(TODAY, -20);
const DAY_EMPTY = addDays(TODAY, -19);
const DAY_B = addDays(TODAY, -18);
/** `hour` o'clock in India on `day`. */
const at = (day: string, hour: number) => new Date(indiaMidnight(day).getTime() + hour * 3600_000);

/** A sale as the rollup counts it: taxable value and tax in paise, signed. */
interface Sale {
  day: string;
  service: string;
  pincode: string;
  rider: string;
  invoices: number;
  notes: number;
  taxable: number;
  tax: number;
}
const sales: Sale[] = [];
let riders: RiderDto[] = [];
let creditNote: { noteNo: string; invoiceNo: string; orderNo: string; totalPaise: number };

/** Places an order with GST at 18 % of its taxable value (as its invoice computes it). */
async function place(opts: PlaceOptions) {
  const order = f.newOrder(opts);
  const goods =
    order.price * (order.quantity ?? 1) +
    (order.accessories ?? []).reduce((t, a) => t + a.amount * a.quantity, 0);
  const taxable = goods + (order.deliveryCharge ?? 0) + (order.emergencyCharge ?? 0);
  return placeOrder(s.db, { ...order, gst: Math.round(taxable * 18) / 100 });
}

/** What the orders delivered now hold: one sale each, on the day their invoice was issued. */
async function recordSales(orderIds: string[]) {
  const rows = await s.db
    .select({
      issuedAt: invoicesTable.issuedAt,
      service: ordersTable.categoryId,
      pincode: ordersTable.pincode,
      rider: ordersTable.riderId,
      amount: ordersTable.amount,
      delivery: ordersTable.deliveryCharge,
      emergency: ordersTable.emergencyCharge,
      gst: ordersTable.gst,
    })
    .from(ordersTable)
    .innerJoin(invoicesTable, eq(invoicesTable.orderId, ordersTable.id))
    .where(inArray(ordersTable.id, orderIds));
  expect(rows).toHaveLength(orderIds.length);
  const paise = (v: string) => Math.round(Number(v) * 100);
  for (const r of rows) {
    sales.push({
      day: indiaDay(r.issuedAt),
      service: r.service,
      pincode: r.pincode,
      rider: r.rider ?? '',
      invoices: 1,
      notes: 0,
      taxable: paise(r.amount) + paise(r.delivery) + paise(r.emergency),
      tax: paise(r.gst),
    });
  }
}

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  await s.db
    .insert(deliveryChargesTable)
    .values({ id: 'default', standardCharge: '30.00', emergencyCharge: '80.00', gst: '18.00' });
  // The business details saved first: each delivery numbers its invoice as it happens.
  await saveDemoBusiness(s.db);
  await s.db
    .insert(pincodesTable)
    .values([
      { number: '560001', area: 'Shivajinagar', city: 'Bengaluru' },
      { number: '110001', area: 'Connaught Place', city: 'New Delhi' },
    ])
    .onConflictDoNothing();

  // Day A and day B: delivered an hour after they were placed at 10 in India.
  const dayA = [
    await place({ kind: 'water', customer: 0, status: 'Delivered', createdAt: at(DAY_A, 10) }),
    await place({ kind: 'oxygen', customer: 2, status: 'Delivered', createdAt: at(DAY_A, 10) }),
  ];
  const dayB = [
    await place({ kind: 'laundry', customer: 1, status: 'Delivered', createdAt: at(DAY_B, 10) }),
    await place({
      kind: 'water',
      customer: 3,
      taps: 1,
      status: 'Delivered',
      createdAt: at(DAY_B, 10),
    }),
  ];
  await recordSales([...dayA, ...dayB].map((o) => o.id));

  // Today: two jars for one rider, a cylinder for another, a laundry with none, delivered
  // through the API.
  riders = [
    await createRider(s, { name: 'Imran Qureshi', pincodes: ['560001'] }),
    await createRider(s, { name: 'Suresh Pillai', pincodes: ['110001'] }),
  ];
  const jars = [
    await place({ kind: 'water', customer: 0 }),
    await place({ kind: 'water', customer: 0 }),
  ];
  const cylinder = await place({ kind: 'oxygen', customer: 2 });
  const laundry = await place({ kind: 'laundry', customer: 1 });
  await assignToRider(
    s.db,
    jars.map((o) => o.id),
    riders[0]!._id,
  );
  await assignToRider(s.db, [cylinder.id], riders[1]!._id);
  const today = [...jars, cylinder, laundry];
  for (const o of today) {
    const res = await orders.post('update-status', { orderId: o.id, status: 'Delivered' });
    expect(res.statusCode, res.body).toBe(200);
  }
  await recordSales(today.map((o) => o.id));

  // A credit note today taking back day A's cylinder whole, as server/modules/creditNotes
  // issues one: the next number of the series and the invoice's document.
  const credited = dayA[1]!;
  const [row] = await s.db
    .select(invoiceColumns)
    .from(invoicesTable)
    .where(eq(invoicesTable.orderId, credited.id));
  const [invoice] = await documentsOf(s.db, [row!], 18);
  const now = new Date();
  const number = await s.db.execute<{ financial_year: string; number: number; note_no: string }>(
    sql`SELECT * FROM next_note_number('credit', ${now.toISOString()}::timestamptz)`,
  );
  const n = number.rows[0]!;
  const figures = invoice!.figures;
  const document: NoteDocument = {
    version: 1,
    kind: 'credit',
    noteNo: n.note_no,
    issuedAt: now.toISOString(),
    invoiceNo: invoice!.invoiceNo,
    invoiceIssuedAt: invoice!.issuedAt,
    orderNo: invoice!.orderNo,
    seller: invoice!.seller,
    buyer: invoice!.buyer,
    placeOfSupply: invoice!.placeOfSupply,
    reason: 'Order cancelled after delivery',
    figures,
  };
  await s.db.insert(creditNotesTable).values({
    kind: 'credit',
    orderId: credited.id,
    financialYear: n.financial_year,
    number: n.number,
    noteNo: n.note_no,
    issuedAt: now,
    cause: 'takenBack',
    reason: document.reason,
    taxablePaise: figures.taxablePaise,
    cgstPaise: figures.cgstPaise,
    sgstPaise: figures.sgstPaise,
    igstPaise: figures.igstPaise,
    totalPaise: figures.totalPaise,
    document,
  });
  creditNote = {
    noteNo: n.note_no,
    invoiceNo: invoice!.invoiceNo,
    orderNo: invoice!.orderNo,
    totalPaise: figures.totalPaise,
  };
  sales.push({
    day: TODAY,
    service: credited.categoryId,
    pincode: credited.pincode,
    rider: '',
    invoices: 0,
    notes: 1,
    taxable: -figures.taxablePaise,
    tax: -(figures.cgstPaise + figures.sgstPaise + figures.igstPaise),
  });

  // Money received: a payment recorded today, and a payment and a top-up on day B.
  const paid = await account.post('record-payment', {
    userId: f.customers[0]!.id,
    amount: 500,
    method: 'UPI',
    reference: 'UPI-REPORTS-0001',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await s.db.execute(sql`
    INSERT INTO account_entries (customer_id, kind, amount, method, reference, at)
    VALUES (${f.customers[1]!.id}, 'payment', 25000, 'Cash', 'R-77', ${at(DAY_B, 12).toISOString()}::timestamptz),
           (${f.customers[1]!.id}, 'topup', 10000, 'Cash', 'R-78', ${at(DAY_B, 13).toISOString()}::timestamptz),
           (${f.customers[1]!.id}, 'refund', -5000, 'Cash', 'R-79', ${at(DAY_B, 14).toISOString()}::timestamptz)`);
}, 120_000);
afterAll(() => s.close());

/** The rows of report/sales (status 200 expected). */
async function salesReport(query: string) {
  const res = await report.get(`sales?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as {
    from: string;
    to: string;
    groupBy: string;
    rows: {
      key: string;
      label: string;
      start?: string;
      end?: string;
      invoices: number;
      creditNotes: number;
      taxable: number;
      tax: number;
      amount: number;
      collections?: number;
    }[];
    totals: {
      invoices: number;
      creditNotes: number;
      taxable: number;
      tax: number;
      amount: number;
      collections: number;
    };
  };
}

/** The expected figures of the sales picked, in rupees. */
function expected(picked: Sale[]) {
  const taxable = picked.reduce((t, x) => t + x.taxable, 0);
  const tax = picked.reduce((t, x) => t + x.tax, 0);
  return {
    invoices: picked.reduce((t, x) => t + x.invoices, 0),
    creditNotes: picked.reduce((t, x) => t + x.notes, 0),
    taxable: taxable / 100,
    tax: tax / 100,
    amount: (taxable + tax) / 100,
  };
}

const figures = (r: {
  invoices: number;
  creditNotes: number;
  taxable: number;
  tax: number;
  amount: number;
}) => ({
  invoices: r.invoices,
  creditNotes: r.creditNotes,
  taxable: r.taxable,
  tax: r.tax,
  amount: r.amount,
});

/** The Monday of the week of `day`. */
function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

describe('sales per period', () => {
  it('gives every day of the range, a day without sales at 0, and what each day sold', async () => {
    const r = await salesReport(`from=${DAY_A}&to=${TODAY}&groupBy=day`);
    expect(r.rows).toHaveLength(21);
    expect(r.rows.map((row) => row.key)).toEqual(
      Array.from({ length: 21 }, (_, i) => addDays(DAY_A, i)),
    );
    const day = (d: string) => r.rows.find((row) => row.key === d)!;
    // Day A: a jar (120 + 21.60) and a cylinder (680 + 122.40).
    expect(figures(day(DAY_A))).toEqual({
      invoices: 2,
      creditNotes: 0,
      taxable: 800,
      tax: 144,
      amount: 944,
    });
    expect(day(DAY_A).label).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(figures(day(DAY_EMPTY))).toEqual({
      invoices: 0,
      creditNotes: 0,
      taxable: 0,
      tax: 0,
      amount: 0,
    });
    expect(day(DAY_EMPTY).collections).toBe(0);
    expect(figures(day(DAY_B))).toEqual({ ...expected(sales.filter((x) => x.day === DAY_B)) });
    expect(day(DAY_B).amount).toBe(295);
    // Today: four deliveries less the credit note of day A's cylinder (802.40).
    expect(figures(day(TODAY))).toEqual({
      invoices: 4,
      creditNotes: 1,
      taxable: 310, // 990 - 680
      tax: 55.8, // 178.20 - 122.40
      amount: 365.8, // 1168.20 - 802.40
    });
    expect(creditNote.totalPaise).toBe(80240);
    // Money received: payments and top-ups, not refunds.
    expect(day(DAY_B).collections).toBe(350);
    expect(day(TODAY).collections).toBe(500);
    expect(r.totals).toEqual({ ...expected(sales), collections: 850 });
  });

  it('sums the days into weeks from Monday and into months, cut to the range', async () => {
    const days = await salesReport(`from=${DAY_A}&to=${TODAY}&groupBy=day`);
    for (const [group, first] of [
      ['week', mondayOf],
      ['month', (d: string) => `${d.slice(0, 8)}01`],
    ] as const) {
      const r = await salesReport(`from=${DAY_A}&to=${TODAY}&groupBy=${group}`);
      const want = new Map<string, (typeof days.rows)[number][]>();
      for (const d of days.rows) want.set(first(d.key), [...(want.get(first(d.key)) ?? []), d]);
      expect(r.rows).toHaveLength(want.size);
      for (const [row, [, inside]] of r.rows.map((row, i) => [row, [...want][i]!] as const)) {
        expect(row.start).toBe(inside[0]!.key);
        expect(row.end).toBe(inside.at(-1)!.key);
        expect(row.key).toBe(row.start);
        const sum = (pick: (d: (typeof inside)[number]) => number) =>
          Math.round(inside.reduce((t, d) => t + pick(d) * 100, 0)) / 100;
        expect(figures(row)).toEqual({
          invoices: sum((d) => d.invoices),
          creditNotes: sum((d) => d.creditNotes),
          taxable: sum((d) => d.taxable),
          tax: sum((d) => d.tax),
          amount: sum((d) => d.amount),
        });
        expect(row.collections).toBe(sum((d) => d.collections!));
      }
      expect(r.rows[0]!.start).toBe(DAY_A);
      expect(r.rows.at(-1)!.end).toBe(TODAY);
      expect(r.totals).toEqual(days.totals);
      if (group === 'week') expect(r.rows[0]!.label).toMatch(/^Week of /);
      else expect(r.rows[0]!.label).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    }
  });

  it('is groupBy=day when none is given', async () => {
    const r = await salesReport(`from=${DAY_B}&to=${DAY_B}`);
    expect(r.groupBy).toBe('day');
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]!.amount).toBe(295);
  });
});

describe('sales per service, pin code and rider', () => {
  /** The expected rows of a dimension: one per key, the largest amount first. */
  function byKey(pick: (x: Sale) => string, from = DAY_A) {
    const keys = new Map<string, Sale[]>();
    for (const x of sales.filter((x) => x.day >= from)) {
      keys.set(pick(x), [...(keys.get(pick(x)) ?? []), x]);
    }
    return [...keys]
      .map(([key, picked]) => ({ key, ...expected(picked) }))
      .sort((a, b) => b.amount - a.amount || (a.key < b.key ? -1 : 1));
  }

  it('gives each service its sales under its name, the credit note taken off its service', async () => {
    const r = await salesReport(`from=${DAY_A}&to=${TODAY}&groupBy=service`);
    expect(r.rows.map((row) => ({ key: row.key, ...figures(row) }))).toEqual(
      byKey((x) => x.service),
    );
    const name = (id: string) => r.rows.find((row) => row.key === id)?.label;
    expect(name(f.services.water.id)).toBe(f.services.water.name);
    expect(name(f.services.oxygen.id)).toBe(f.services.oxygen.name);
    // Two cylinders delivered, one credited whole.
    const oxygen = r.rows.find((row) => row.key === f.services.oxygen.id)!;
    expect(figures(oxygen)).toEqual({
      invoices: 2,
      creditNotes: 1,
      taxable: 680,
      tax: 122.4,
      amount: 802.4,
    });
    // The largest amount first: the cylinders' 802.40 before the jars' 637.20.
    expect(r.rows.slice(0, 2).map((row) => row.key)).toEqual([
      f.services.oxygen.id,
      f.services.water.id,
    ]);
    expect(r.totals).toMatchObject(expected(sales));
    expect(r.totals.collections).toBe(850);
  });

  it('names a pin code by its area and city, and the number alone when it has none', async () => {
    const r = await salesReport(`from=${DAY_A}&to=${TODAY}&groupBy=pincode`);
    expect(r.rows.map((row) => ({ key: row.key, ...figures(row) }))).toEqual(
      byKey((x) => x.pincode),
    );
    const label = (pin: string) => r.rows.find((row) => row.key === pin)?.label;
    expect(label('560001')).toBe('560001 · Shivajinagar, Bengaluru');
    expect(label('110001')).toBe('110001 · Connaught Place, New Delhi');
    expect(label('400050')).toBe('400050');
  });

  it('gives each rider their deliveries, and "No rider" the rest', async () => {
    const r = await salesReport(`from=${DAY_A}&to=${TODAY}&groupBy=rider`);
    expect(r.rows.map((row) => ({ key: row.key, ...figures(row) }))).toEqual(byKey((x) => x.rider));
    const row = (key: string) => r.rows.find((x) => x.key === key)!;
    expect(row(riders[0]!._id).label).toBe('Imran Qureshi');
    expect(figures(row(riders[0]!._id))).toMatchObject({ invoices: 2, amount: 283.2 });
    expect(row(riders[1]!._id).label).toBe('Suresh Pillai');
    expect(row('').label).toBe('No rider');
    // Day A and day B's four and today's laundry, less the cylinder credited.
    expect(figures(row(''))).toMatchObject({ invoices: 5, creditNotes: 1 });
  });

  it('reads whole months and the days around them to the same figures', async () => {
    // From the first of a month about three months back: whole months from sales_monthly.
    const far = `${addDays(TODAY, -80).slice(0, 8)}01`;
    for (const group of ['service', 'pincode', 'rider'] as const) {
      const near = await salesReport(`from=${DAY_A}&to=${TODAY}&groupBy=${group}`);
      const wide = await salesReport(`from=${far}&to=${TODAY}&groupBy=${group}`);
      expect(wide.rows).toEqual(near.rows);
    }
    // A range starting after day A leaves day A's sales out.
    const later = await salesReport(`from=${DAY_EMPTY}&to=${TODAY}&groupBy=service`);
    expect(later.rows.map((row) => ({ key: row.key, ...figures(row) }))).toEqual(
      byKey((x) => x.service, DAY_EMPTY),
    );
  });

  it('splits a range into whole months and the days before and after them', () => {
    expect(splitRange('2026-01-15', '2026-03-10')).toEqual({
      head: ['2026-01-15', '2026-01-31'],
      months: ['2026-02-01', '2026-03-01'],
      tail: ['2026-03-01', '2026-03-10'],
    });
    // A whole year: months alone (the day ranges are empty, first after last).
    const year = splitRange('2026-01-01', '2026-12-31');
    expect(year.months).toEqual(['2026-01-01', '2027-01-01']);
    expect(year.head[0] > year.head[1] && year.tail[0] > year.tail[1]).toBe(true);
    // Within one month: days alone.
    const days = splitRange('2026-02-03', '2026-02-28');
    expect(days.head).toEqual(['2026-02-03', '2026-02-28']);
    expect(days.months[0]).toBe(days.months[1]);
    expect(splitRange('2026-02-01', '2026-02-28').months).toEqual(['2026-02-01', '2026-03-01']);
  });
});

/** A CSV answer's records (BOM gone, RFC 4180 quotes undone), header first. */
function csvRows(body: string): string[][] {
  const text = body.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('CSV', () => {
  it('gives the report as CSV with the same rows and a Total line', async () => {
    const json = await salesReport(`from=${DAY_A}&to=${TODAY}&groupBy=service`);
    const res = await report.get(`export-sales?from=${DAY_A}&to=${TODAY}&groupBy=service`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/filename="sales-by-service-/);
    const [head, ...lines] = csvRows(res.body);
    expect(head).toEqual([
      'Service',
      'Key',
      'Invoices',
      'Credit notes',
      'Taxable value',
      'Tax',
      'Amount',
    ]);
    expect(lines.slice(0, -1)).toEqual(
      json.rows.map((r) => [
        r.label,
        r.key,
        String(r.invoices),
        String(r.creditNotes),
        String(r.taxable),
        String(r.tax),
        String(r.amount),
      ]),
    );
    expect(lines.at(-1)).toEqual([
      'Total',
      '',
      String(json.totals.invoices),
      String(json.totals.creditNotes),
      String(json.totals.taxable),
      String(json.totals.tax),
      String(json.totals.amount),
    ]);
  });

  it('gives periods their days and collections', async () => {
    const res = await report.get(`export-sales?from=${DAY_B}&to=${TODAY}&groupBy=month`);
    expect(res.statusCode).toBe(200);
    const [head, ...lines] = csvRows(res.body);
    expect(head).toEqual([
      'Month',
      'From',
      'To',
      'Invoices',
      'Credit notes',
      'Taxable value',
      'Tax',
      'Amount',
      'Collections',
    ]);
    expect(lines[0]![1]).toBe(DAY_B);
    expect(lines.at(-1)![0]).toBe('Total');
    expect(lines.at(-1)!.at(-1)).toBe('850');
  });
});

describe('the sales register', () => {
  it('lists every invoice and the credit note by date, adding up to invoices less notes', async () => {
    const res = await report.get(`export-sales-register?from=${DAY_A}&to=${TODAY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [head, ...lines] = csvRows(res.body);
    expect(head).toEqual([
      'Date',
      'Document type',
      'Number',
      'Against invoice',
      'Order ID',
      'Customer',
      'Buyer GSTIN',
      'Place of supply',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
    ]);
    expect(lines).toHaveLength(9);
    const dates = lines.map((l) => l[0]!);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe(DAY_A);
    expect(lines.filter((l) => l[1] === 'Invoice')).toHaveLength(8);
    const note = lines.find((l) => l[1] === 'Credit note')!;
    expect(note.slice(0, 5)).toEqual([
      TODAY,
      'Credit note',
      creditNote.noteNo,
      creditNote.invoiceNo,
      creditNote.orderNo,
    ]);
    expect(note.at(-1)).toBe(String(-creditNote.totalPaise / 100));
    // The cylinder went to Delhi from a Delhi business: CGST and SGST, no IGST.
    expect(note[7]).toBe('07-Delhi');
    expect(Number(note[9])).toBeLessThan(0);
    expect(note[11]).toBe('0');
    // A Bengaluru jar: IGST.
    const jar = lines.find((l) => l[1] === 'Invoice' && l[7] === '29-Karnataka')!;
    expect(jar[5]).toBe('Aarav Sharma');
    expect(jar[4]).toMatch(/^OD/);
    expect(Number(jar[11])).toBeGreaterThan(0);
    for (const l of lines) {
      const [taxable, cgst, sgst, igst, total] = l.slice(8).map(Number) as number[];
      expect(Math.round((taxable! + cgst! + sgst! + igst!) * 100)).toBe(Math.round(total! * 100));
    }
    const total = lines.reduce((t, l) => t + Math.round(Number(l.at(-1)) * 100), 0);
    const invoices = lines
      .filter((l) => l[1] === 'Invoice')
      .reduce((t, l) => t + Math.round(Number(l.at(-1)) * 100), 0);
    expect(total).toBe(invoices - creditNote.totalPaise);
    // The same as the sales report's amount (the orders' GST is their invoices').
    const r = await salesReport(`from=${DAY_A}&to=${TODAY}&groupBy=month`);
    expect(total / 100).toBe(r.totals.amount);
  });

  it('holds only the days asked for', async () => {
    const res = await report.get(`export-sales-register?from=${DAY_B}&to=${DAY_B}`);
    expect(res.statusCode).toBe(200);
    const [, ...lines] = csvRows(res.body);
    expect(lines.map((l) => [l[0], l[1]])).toEqual([
      [DAY_B, 'Invoice'],
      [DAY_B, 'Invoice'],
    ]);
    const empty = await report.get(`export-sales-register?from=${DAY_EMPTY}&to=${DAY_EMPTY}`);
    expect(empty.statusCode).toBe(200);
    expect(csvRows(empty.body)).toHaveLength(1);
  });
});

describe('bad input', () => {
  const cases: [string, RegExp][] = [
    [`from=${TODAY}&to=${DAY_A}`, /"from" date must not be after the "to" date/],
    [`from=2025-01-01&to=2026-01-02`, /at most 366 days/],
    [`from=2026-02-30&to=2026-03-01`, /From must be a date such as/],
    [`from=${DAY_A}&to=tomorrow`, /To must be a date such as/],
    [`to=${TODAY}`, /From is required/],
    [`from=${DAY_A}&to=${TODAY}&groupBy=year`, /groupBy must be one of day, week, month/],
  ];
  it.each(cases)('refuses %s with a message', async (query, message) => {
    for (const path of ['sales', 'export-sales']) {
      const res = await report.get(`${path}?${query}`);
      expect(res.statusCode, `${path}?${query}`).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('takes a whole year, a leap year included', async () => {
    const r = await salesReport(`from=2024-01-01&to=2024-12-31&groupBy=month`);
    expect(r.rows).toHaveLength(12);
    expect(r.rows.every((row) => row.amount === 0)).toBe(true);
  });

  it('refuses a register of more than a year or out of order', async () => {
    const long = await report.get(`export-sales-register?from=2025-01-01&to=2026-01-02`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 366 days/);
    const backwards = await report.get(`export-sales-register?from=${TODAY}&to=${DAY_A}`);
    expect(backwards.statusCode).toBe(400);
  });

  it('is for admins with the Orders permission', async () => {
    const clerk = await s.createAdmin({ permissions: { userManagement: true } });
    for (const path of [
      `sales?from=${DAY_A}&to=${TODAY}`,
      `export-sales?from=${DAY_A}&to=${TODAY}`,
      `export-sales-register?from=${DAY_A}&to=${TODAY}`,
    ]) {
      const res = await report.get(path, clerk.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(deniedMessage('orders'));
    }
  });
});

it('keeps rollups that agree with the invoices, notes and payments they sum', async () => {
  expect(await checkCounters(s.db)).toEqual([]);
});
