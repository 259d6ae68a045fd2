import { describe, expect, it } from 'vitest';
import type { InvoiceSeller } from '@server/db/schema';
import type { NoteDocument } from '@server/modules/creditNotes/document';
import {
  b2clLimitPaise,
  b2csCsvRows,
  classOf,
  docIssueCsvRows,
  gstDate,
  Gstr1Month,
  itemsByRate,
  placeLabel,
  returnPeriod,
  seriesOf,
  sheetDate,
  type Gstr1Invoice,
  type Gstr1Note,
} from '@server/modules/gst/gstr1';
import type { InvoiceDocument } from '@server/modules/invoices/document';
import { computeInvoice, type InvoiceLineInput } from '@shared/gst';

/**
 * The pure assembly of GSTR-1 (server/modules/gst/gstr1.ts), no database: which table a
 * document goes to, its rows, and a month's aggregates as invoices and notes are added.
 */

const seller: InvoiceSeller = {
  legalName: 'Jalasri Water Services Private Limited',
  tradeName: 'Jalasri Water',
  gstin: '29AABCU9603R1ZJ',
  address: '14 3rd Cross',
  city: 'Bengaluru',
  state: 'Karnataka',
  stateCode: '29',
  pincode: '560011',
  phone: '',
  email: '',
};

const jar = (quantity: number, unitPaise = 9000): InvoiceLineInput => ({
  description: '20 L Jar',
  hsn: '2201',
  quantity,
  unitPaise,
  ratePercent: 12,
});
const delivery: InvoiceLineInput = {
  description: 'Delivery charge',
  hsn: '2201',
  quantity: 1,
  unitPaise: 3000,
  ratePercent: 12,
};
const laundry: InvoiceLineInput = {
  description: 'Shirt Wash & Iron',
  hsn: '999712',
  quantity: 4,
  unitPaise: 4000,
  ratePercent: 18,
};

let serial = 0;
function invoice(
  lines: InvoiceLineInput[],
  opts: { pos?: string; gstin?: string; issuedAt?: string; invoiceNo?: string } = {},
): Gstr1Invoice {
  const pos = opts.pos ?? '29';
  const figures = computeInvoice({ lines, sellerStateCode: '29', buyerStateCode: pos });
  serial += 1;
  const document: InvoiceDocument = {
    version: 1,
    invoiceNo: opts.invoiceNo ?? `JW/26-27/${String(serial).padStart(6, '0')}`,
    issuedAt: opts.issuedAt ?? '2026-05-10T05:00:00.000Z',
    orderNo: `OD${serial}`,
    seller,
    buyer: { name: 'Buyer', phone: '9876543210', address: '1 Road', state: '' },
    placeOfSupply: { state: '', code: pos },
    figures,
  };
  return {
    document,
    buyerGstin: opts.gstin ?? null,
    buyerLegalName: opts.gstin ? 'Buyer Private Limited' : null,
  };
}

let noteSerial = 0;
function note(
  kind: 'credit' | 'debit',
  of: Gstr1Invoice,
  lines: InvoiceLineInput[] = of.document.figures.lines,
): Gstr1Note {
  noteSerial += 1;
  const figures = computeInvoice({
    lines,
    sellerStateCode: '29',
    buyerStateCode: of.document.placeOfSupply.code,
  });
  const document: NoteDocument = {
    version: 1,
    kind,
    noteNo: `${kind === 'credit' ? 'CN' : 'DN'}/26-27/${String(noteSerial).padStart(6, '0')}`,
    issuedAt: '2026-05-20T05:00:00.000Z',
    invoiceNo: of.document.invoiceNo,
    invoiceIssuedAt: of.document.issuedAt,
    orderNo: of.document.orderNo,
    seller,
    buyer: of.document.buyer,
    placeOfSupply: of.document.placeOfSupply,
    reason: 'Test',
    figures,
  };
  return { document, invoice: of };
}

describe('which table an invoice goes to', () => {
  it('B2B when the buyer had a GSTIN, whatever its size or place', () => {
    expect(classOf(invoice([jar(1)], { gstin: '29AAFCP1234Q1ZS' }))).toBe('b2b');
    expect(classOf(invoice([jar(2000, 10_000)], { pos: '07', gstin: '07AAFCP1234Q1Z1' }))).toBe(
      'b2b',
    );
  });

  it('a blank GSTIN is no GSTIN', () => {
    expect(classOf(invoice([jar(1)], { gstin: '' }))).toBe('b2cs');
  });

  it('B2CL only across states and above ₹1,00,000 with tax', () => {
    // ₹89,286 at 12 % is ₹1,00,000.32: above. Within the state it stays B2CS.
    const big = [jar(1, 8_928_600)];
    expect(classOf(invoice(big, { pos: '07' }))).toBe('b2cl');
    expect(classOf(invoice(big, { pos: '29' }))).toBe('b2cs');
    // Exactly ₹1,00,000 is not above it.
    const exact = invoice([{ ...jar(1), unitPaise: 10_000_000, ratePercent: 0 }], { pos: '07' });
    expect(exact.document.figures.totalPaise).toBe(1_00_000_00);
    expect(classOf(exact)).toBe('b2cs');
  });

  it('took ₹2,50,000 as the threshold until 31 July 2024 (India days)', () => {
    expect(b2clLimitPaise('2024-07-31T18:00:00.000Z')).toBe(2_50_000_00); // 23:30 IST
    expect(b2clLimitPaise('2024-07-31T18:30:00.000Z')).toBe(1_00_000_00); // 00:00 IST, 1 Aug
    const old = invoice([jar(1, 15_000_000)], { pos: '07', issuedAt: '2024-07-10T05:00:00.000Z' });
    expect(classOf(old)).toBe('b2cs');
  });
});

describe('values as the portal writes them', () => {
  it("dates on India's day", () => {
    // 23:45 IST on 31 May is 18:15 UTC; 00:15 IST on 1 June is 18:45 UTC the day before.
    expect(gstDate('2026-05-31T18:15:00.000Z')).toBe('31-05-2026');
    expect(gstDate('2026-05-31T18:45:00.000Z')).toBe('01-06-2026');
    expect(sheetDate('2026-05-31T18:45:00.000Z')).toBe('01-Jun-2026');
  });

  it('periods, places and series forms', () => {
    expect(returnPeriod('2026-05')).toBe('052026');
    expect(placeLabel('07')).toBe('07-Delhi');
    expect(seriesOf('JW/26-27/000042')).toEqual({ form: 'JW/26-27/######', serial: 42 });
    expect(seriesOf('JW/26/01000000')).toEqual({ form: 'JW/26/########', serial: 1_000_000 });
  });

  it('one item per rate, in the order the rates appear', () => {
    const i = invoice([jar(3), laundry, delivery]);
    expect(itemsByRate(i.document.figures)).toEqual([
      { ratePercent: 12, taxablePaise: 30_000, igstPaise: 0, cgstPaise: 1_800, sgstPaise: 1_800 },
      { ratePercent: 18, taxablePaise: 16_000, igstPaise: 0, cgstPaise: 1_440, sgstPaise: 1_440 },
    ]);
  });
});

describe('a month', () => {
  it('nets notes against household invoices into B2CS and leaves out rows brought to nothing', () => {
    const month = new Gstr1Month({ keepRows: true });
    const a = invoice([jar(2), delivery]);
    const b = invoice([jar(1), delivery], { pos: '07' });
    month.addInvoice(a);
    month.addInvoice(b);
    expect(month.addNote(note('credit', a))).toBe('b2cs');
    month.addNote(note('debit', b, [delivery]));
    expect(month.b2csJson()).toEqual([
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
    ]);
    expect(b2csCsvRows(month.b2csJson())).toEqual([['OE', '07-Delhi', '', 12, 150, 0, '']]);
  });

  it('keeps B2CL invoices per place of supply and their notes for CDNUR', () => {
    const month = new Gstr1Month({ keepRows: true });
    const big = invoice([jar(1000, 12_000)], { pos: '27' });
    const bigger = invoice([jar(1000, 13_000)], { pos: '07' });
    month.addInvoice(big);
    month.addInvoice(bigger);
    expect(month.addNote(note('credit', big, [jar(10, 12_000)]))).toBe('b2cl');
    expect(month.b2clJson().map((g) => [g.pos, g.inv.map((i) => i.inum)])).toEqual([
      ['07', [bigger.document.invoiceNo]],
      ['27', [big.document.invoiceNo]],
    ]);
    expect(month.cdnurJson()).toEqual([
      expect.objectContaining({ ntty: 'C', typ: 'B2CL', pos: '27', val: 1344 }),
    ]);
    // The summary holds none of them.
    const counting = new Gstr1Month({ keepRows: false });
    counting.addInvoice(big);
    counting.addNote(note('credit', big, [jar(10, 12_000)]));
    expect(counting.b2clJson()).toEqual([]);
    expect(counting.cdnurJson()).toEqual([]);
    expect(counting.summary().tables.find((t) => t.table === 'cdnur')).toMatchObject({
      count: 1,
      taxable: -1200,
    });
  });

  it("counts goods' quantities in the HSN summary, not the charges' or services'", () => {
    const month = new Gstr1Month({ keepRows: false });
    const a = invoice([jar(3), delivery, laundry]);
    month.addInvoice(a);
    month.addInvoice(invoice([jar(2), delivery], { gstin: '29AAFCP1234Q1ZS' }));
    month.addNote(note('credit', a, [jar(1)]));
    expect(month.hsnJson('b2c')).toEqual([
      {
        num: 1,
        hsn_sc: '2201',
        desc: '20 L Jar',
        uqc: 'NOS',
        qty: 2,
        rt: 12,
        txval: 210,
        iamt: 0,
        camt: 12.6,
        samt: 12.6,
        csamt: 0,
      },
      {
        num: 2,
        hsn_sc: '999712',
        desc: 'Shirt Wash & Iron',
        uqc: 'NA',
        qty: 0,
        rt: 18,
        txval: 160,
        iamt: 0,
        camt: 14.4,
        samt: 14.4,
        csamt: 0,
      },
    ]);
    expect(month.hsnJson('b2b').map((r) => [r.hsn_sc, r.qty, r.txval])).toEqual([['2201', 2, 210]]);
    expect(month.rowsWithoutHsn()).toBe(0);
    month.addInvoice(invoice([{ ...laundry, hsn: '' }]));
    expect(month.rowsWithoutHsn()).toBe(1);
  });

  it('gives one documents-issued row per series form, invoices then credit then debit notes', () => {
    const month = new Gstr1Month({ keepRows: false });
    const last = invoice([jar(1)], { invoiceNo: 'JW/26-27/999999' });
    month.addInvoice(invoice([jar(1)], { invoiceNo: 'JW/26/01000001' }));
    month.addInvoice(last);
    month.addInvoice(invoice([jar(1)], { invoiceNo: 'JW/26/01000000' }));
    month.addInvoice(invoice([jar(1)], { invoiceNo: 'JW/26-27/999998' }));
    month.addNote(note('debit', last, [delivery]));
    month.addNote(note('credit', last));
    expect(month.docIssueJson().doc_det.map((d) => [d.doc_num, d.docs])).toEqual([
      [
        1,
        [
          {
            num: 1,
            from: 'JW/26-27/999998',
            to: 'JW/26-27/999999',
            totnum: 2,
            cancel: 0,
            net_issue: 2,
          },
          {
            num: 2,
            from: 'JW/26/01000000',
            to: 'JW/26/01000001',
            totnum: 2,
            cancel: 0,
            net_issue: 2,
          },
        ],
      ],
      [5, [expect.objectContaining({ totnum: 1 })]],
      [4, [expect.objectContaining({ totnum: 1 })]],
    ]);
    expect(docIssueCsvRows(month.docIssueJson())[0]).toEqual([
      'Invoices for outward supply',
      'JW/26-27/999998',
      'JW/26-27/999999',
      2,
      0,
    ]);
  });

  it('answers totals that add up: invoices less credit plus debit notes', () => {
    const month = new Gstr1Month({ keepRows: false });
    const a = invoice([jar(2), delivery]);
    const b = invoice([laundry], { gstin: '29AAFCP1234Q1ZS' });
    month.addInvoice(a);
    month.addInvoice(b);
    month.addNote(note('credit', b));
    month.addNote(note('debit', a, [delivery]));
    const { tables, totals } = month.summary();
    expect(totals).toEqual({
      invoices: { count: 2, taxable: 370, tax: 54 },
      creditNotes: { count: 1, taxable: 160, tax: 28.8 },
      debitNotes: { count: 1, taxable: 30, tax: 3.6 },
      net: { taxable: 240, tax: 28.8 },
    });
    const sum = tables
      .filter((t) => ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur'].includes(t.table))
      .reduce((n, t) => n + Math.round(t.taxable! * 100), 0);
    expect(sum).toBe(24_000);
  });
});
