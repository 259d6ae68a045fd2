import { stateNameOf, type InvoiceLine, type InvoiceTotals } from '@shared/gst';
import { GSTR1_TABLES, type Gstr1Table } from '@shared/gstr1';
import { indiaDay } from '@shared/time';
import type { CsvCell } from '../../lib/csv';
import type { NoteDocument } from '../creditNotes/document';
import type { InvoiceDocument } from '../invoices/document';

/*
 * GSTR-1 for a month (issue 38), assembled from the invoices' and notes' documents with no
 * queries: which table a document belongs to, each table's rows as the GST portal's offline tool
 * takes them in its JSON and its CSV files, and the month's running aggregates (B2CS, the HSN
 * summary, the documents issued, the totals the screen shows). The routes feed it batch by
 * batch (repository.ts) and write what it answers as they go (files.ts), so the month's
 * invoices are never held at once: only maps keyed by place of supply and rate, HSN and rate,
 * and series, plus the B2CL invoices and their notes (see Gstr1Month).
 *
 * Field names: india-compliance's GSTR-1 mapping (resilient-tech/india-compliance,
 * india_compliance/gst_returns/fields/gstr1.py and gst_india/utils/gstr_1/sections/*.py) and
 * ERPNext's older GSTR-1 report (docs/api.md "GSTR-1" cites them).
 */

export { GSTR1_TABLES, type Gstr1Table } from '@shared/gstr1';

/** An invoice as GSTR-1 reads it: its frozen document and the buyer's GSTIN when numbered. */
export interface Gstr1Invoice {
  document: InvoiceDocument;
  /** invoices.buyer_gstin: a registered buyer (B2B); null for a household. */
  buyerGstin: string | null;
  buyerLegalName: string | null;
}

/** A credit or debit note with the invoice it adjusts (which decides its table). */
export interface Gstr1Note {
  document: NoteDocument;
  invoice: Gstr1Invoice;
}

/** Where an invoice is reported. */
export type InvoiceClass = 'b2b' | 'b2cl' | 'b2cs';

/** ₹1,00,000 in paise: B2CL's threshold for invoices from 1 August 2024 (₹2,50,000 before). */
export const B2CL_LIMIT_PAISE = 1_00_000_00;
const B2CL_OLD_LIMIT_PAISE = 2_50_000_00;
const B2CL_OLD_LIMIT_UNTIL = '2024-07-31';

/** The B2CL threshold for an invoice issued at `issuedAt` (an invoice above it is B2CL). */
export function b2clLimitPaise(issuedAt: string): number {
  return indiaDay(new Date(issuedAt)) <= B2CL_OLD_LIMIT_UNTIL
    ? B2CL_OLD_LIMIT_PAISE
    : B2CL_LIMIT_PAISE;
}

/**
 * B2B when the buyer had a GSTIN when it was numbered; B2CL when unregistered, across states
 * and its value (taxable plus tax) above the threshold; B2CS otherwise.
 */
export function classOf(invoice: Gstr1Invoice): InvoiceClass {
  if (invoice.buyerGstin) return 'b2b';
  const { figures, issuedAt } = invoice.document;
  return figures.interState && figures.totalPaise > b2clLimitPaise(issuedAt) ? 'b2cl' : 'b2cs';
}

// ---------------------------------------------------------------------------------------------
// Values as the portal writes them

/** Paise as rupees: a number with at most two decimals (12345 -> 123.45). */
export const rupees = (paise: number) => paise / 100;

/** The India day of an ISO instant as the JSON writes dates: '05-04-2026'. */
export function gstDate(iso: string): string {
  const [y, m, d] = indiaDay(new Date(iso)).split('-');
  return `${d}-${m}-${y}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The India day as the offline tool's sheets write dates: '05-Apr-2026'. */
export function sheetDate(iso: string): string {
  const [y, m, d] = indiaDay(new Date(iso)).split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}

/** A place of supply as the sheets write it: '29-Karnataka'. */
export const placeLabel = (code: string) => `${code}-${stateNameOf(code) ?? 'Other Territory'}`;

/** The return period of a month: '2026-05' -> '052026'. */
export const returnPeriod = (month: string) => `${month.slice(5, 7)}${month.slice(0, 4)}`;

/** A rate as a map key without floating-point surprises (2.5 -> 250). */
const rateKey = (ratePercent: number) => Math.round(ratePercent * 100);

// ---------------------------------------------------------------------------------------------
// Items: one per rate, as the portal wants a document's lines

export interface RateItem {
  ratePercent: number;
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/** A document's lines summed per rate, in the order the rates first appear. */
export function itemsByRate(figures: InvoiceTotals): RateItem[] {
  const items = new Map<number, RateItem>();
  for (const line of figures.lines) {
    const key = rateKey(line.ratePercent);
    let item = items.get(key);
    if (!item) {
      item = {
        ratePercent: line.ratePercent,
        taxablePaise: 0,
        igstPaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
      };
      items.set(key, item);
    }
    item.taxablePaise += line.taxablePaise;
    item.igstPaise += line.igstPaise;
    item.cgstPaise += line.cgstPaise;
    item.sgstPaise += line.sgstPaise;
  }
  return [...items.values()];
}

/** itm_det of a B2B invoice or a CDNR note: every tax named, the ones not charged at 0. */
export interface ItemDetail {
  txval: number;
  rt: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

/** itm_det of a B2CL invoice or a CDNUR note: across states, IGST only. */
export interface IgstItemDetail {
  txval: number;
  rt: number;
  iamt: number;
  csamt: number;
}

const itemDetail = (i: RateItem): ItemDetail => ({
  txval: rupees(i.taxablePaise),
  rt: i.ratePercent,
  iamt: rupees(i.igstPaise),
  camt: rupees(i.cgstPaise),
  samt: rupees(i.sgstPaise),
  csamt: 0,
});

const igstDetail = (i: RateItem): IgstItemDetail => ({
  txval: rupees(i.taxablePaise),
  rt: i.ratePercent,
  iamt: rupees(i.igstPaise),
  csamt: 0,
});

// ---------------------------------------------------------------------------------------------
// Rows of the JSON

export interface B2bInvoiceJson {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: { num: number; itm_det: ItemDetail }[];
}

/** An invoice of b2b[].inv: regular, no reverse charge, one item per rate. */
export function b2bInvoiceJson(document: InvoiceDocument): B2bInvoiceJson {
  return {
    inum: document.invoiceNo,
    idt: gstDate(document.issuedAt),
    val: rupees(document.figures.totalPaise),
    pos: document.placeOfSupply.code,
    rchrg: 'N',
    inv_typ: 'R',
    itms: itemsByRate(document.figures).map((item, i) => ({
      num: i + 1,
      itm_det: itemDetail(item),
    })),
  };
}

export interface B2clInvoiceJson {
  inum: string;
  idt: string;
  val: number;
  itms: { num: number; itm_det: IgstItemDetail }[];
}

/** An invoice of b2cl[].inv (its place of supply is its group's). */
export function b2clInvoiceJson(document: InvoiceDocument): B2clInvoiceJson {
  return {
    inum: document.invoiceNo,
    idt: gstDate(document.issuedAt),
    val: rupees(document.figures.totalPaise),
    itms: itemsByRate(document.figures).map((item, i) => ({
      num: i + 1,
      itm_det: igstDetail(item),
    })),
  };
}

export interface CdnrNoteJson {
  ntty: 'C' | 'D';
  nt_num: string;
  nt_dt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: { num: number; itm_det: ItemDetail }[];
}

const noteType = (note: NoteDocument) => (note.kind === 'credit' ? 'C' : 'D');

/** A note of cdnr[].nt: figures positive whatever the kind, `ntty` says which. */
export function cdnrNoteJson(note: NoteDocument): CdnrNoteJson {
  return {
    ntty: noteType(note),
    nt_num: note.noteNo,
    nt_dt: gstDate(note.issuedAt),
    val: rupees(note.figures.totalPaise),
    pos: note.placeOfSupply.code,
    rchrg: 'N',
    inv_typ: 'R',
    itms: itemsByRate(note.figures).map((item, i) => ({ num: i + 1, itm_det: itemDetail(item) })),
  };
}

export interface CdnurNoteJson {
  ntty: 'C' | 'D';
  nt_num: string;
  nt_dt: string;
  val: number;
  typ: 'B2CL';
  pos: string;
  itms: { num: number; itm_det: IgstItemDetail }[];
}

/** A note against a B2CL invoice, a row of cdnur. */
export function cdnurNoteJson(note: NoteDocument): CdnurNoteJson {
  return {
    ntty: noteType(note),
    nt_num: note.noteNo,
    nt_dt: gstDate(note.issuedAt),
    val: rupees(note.figures.totalPaise),
    typ: 'B2CL',
    pos: note.placeOfSupply.code,
    itms: itemsByRate(note.figures).map((item, i) => ({ num: i + 1, itm_det: igstDetail(item) })),
  };
}

export interface B2csJson {
  sply_ty: 'INTRA' | 'INTER';
  pos: string;
  typ: 'OE';
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

export interface HsnJson {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

export interface DocIssueJson {
  doc_det: {
    doc_num: number;
    docs: {
      num: number;
      from: string;
      to: string;
      totnum: number;
      cancel: number;
      net_issue: number;
    }[];
  }[];
}

// ---------------------------------------------------------------------------------------------
// The HSN summary

/** The lines invoiceLinesOf() adds for the charges: part of the product's supply, not more of it. */
const CHARGE_LINES = new Set(['Delivery charge', 'Emergency delivery charge']);

/** The portal's description holds 30 characters (india-compliance: HSN_DESCRIPTION_LIMIT). */
const HSN_DESCRIPTION_LIMIT = 30;

/** SAC codes (services) start with 99: no unit or quantity is reported for them. */
const isService = (hsn: string) => hsn.startsWith('99');

/** The unit of quantity code: numbers for goods, NA for services. */
export const uqcOf = (hsn: string) => (isService(hsn) ? 'NA' : 'NOS');
/** As the sheets write it. */
const uqcLabel = (uqc: string) => (uqc === 'NOS' ? 'NOS-NUMBERS' : uqc);

interface HsnRow {
  hsn: string;
  desc: string;
  ratePercent: number;
  qty: number;
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

// ---------------------------------------------------------------------------------------------
// Documents issued

/** doc_issue's natures: 1 invoices, 4 debit notes, 5 credit notes (the order written). */
const DOC_NATURES = [
  { docNum: 1, name: 'Invoices for outward supply' },
  { docNum: 5, name: 'Credit Note' },
  { docNum: 4, name: 'Debit Note' },
] as const;

interface Series {
  docNum: number;
  /** 'DS/26-27/######': the number with its serial's digits hidden. */
  form: string;
  min: number;
  from: string;
  max: number;
  to: string;
  count: number;
}

/** 'DS/26-27/000042' -> ['DS/26-27/######', 42]; 'DS/26/01000000' -> ['DS/26/########', 1000000]. */
export function seriesOf(number: string): { form: string; serial: number } {
  const digits = /\d+$/.exec(number)?.[0] ?? '';
  return {
    form: number.slice(0, number.length - digits.length) + '#'.repeat(digits.length),
    serial: digits ? Number(digits) : 0,
  };
}

// ---------------------------------------------------------------------------------------------
// The month

/** What the screen shows of a table: its rows, the documents behind them and their amounts. */
export interface TableFigures {
  table: Gstr1Table;
  /** Rows of the table: invoices (b2b, b2cl), notes (cdnr, cdnur), summary rows (b2cs, hsn), series (doc_issue). */
  count: number;
  /** Invoices and notes it covers (doc_issue: documents issued). */
  documents: number;
  /** Rupees, net: notes' credit below zero; null for doc_issue. */
  taxable: number | null;
  tax: number | null;
}

interface Figures {
  count: number;
  documents: number;
  taxablePaise: number;
  taxPaise: number;
}

const zero = (): Figures => ({ count: 0, documents: 0, taxablePaise: 0, taxPaise: 0 });

export interface MonthTotals {
  invoices: { count: number; taxable: number; tax: number };
  creditNotes: { count: number; taxable: number; tax: number };
  debitNotes: { count: number; taxable: number; tax: number };
  /** Invoices less credit notes plus debit notes: what the tables add up to. */
  net: { taxable: number; tax: number };
}

export interface Gstr1MonthOptions {
  /**
   * Keep the B2CL invoices (grouped by place of supply) and the notes against them (CDNUR) to
   * write after the month's pass: off for the summary, which only counts them.
   */
  keepRows: boolean;
}

/**
 * A month's GSTR-1 as its invoices and notes are added, batch by batch: everything but the B2B
 * and CDNR rows, which are written as they are read (by buyer). Memory: a B2CS row per supply
 * type, place and rate, an HSN row per code and rate, a series per form, and (keepRows) the
 * B2CL invoices and CDNUR notes as their JSON rows. B2CL invoices are unregistered inter-state
 * invoices above ₹1,00,000 each, so even ₹100 crore of them in a month is 10,000 rows, about
 * 3 MB; a home-services month has a handful.
 */
export class Gstr1Month {
  private readonly b2csRows = new Map<
    string,
    { sply_ty: B2csJson['sply_ty']; pos: string; rt: number; paise: RateItem }
  >();
  private readonly hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() };
  private readonly series = new Map<string, Series>();
  private readonly b2cl = new Map<string, B2clInvoiceJson[]>();
  private readonly cdnur: CdnurNoteJson[] = [];
  private readonly figures = Object.fromEntries(GSTR1_TABLES.map((t) => [t, zero()])) as Record<
    Gstr1Table,
    Figures
  >;
  private readonly totals = { invoices: zero(), credit: zero(), debit: zero() };

  constructor(private readonly options: Gstr1MonthOptions) {}

  /** Counts an invoice into its table, the HSN summary and the series; answers its table. */
  addInvoice(invoice: Gstr1Invoice): InvoiceClass {
    const { document } = invoice;
    const { figures } = document;
    const kind = classOf(invoice);
    this.count(this.totals.invoices, figures, 1);
    this.count(this.figures[kind], figures, 1);
    this.figures[kind].count += kind === 'b2cs' ? 0 : 1;
    if (kind === 'b2cs') this.addB2cs(document.placeOfSupply.code, figures, 1);
    if (kind === 'b2cl' && this.options.keepRows) {
      const pos = document.placeOfSupply.code;
      const rows = this.b2cl.get(pos) ?? [];
      rows.push(b2clInvoiceJson(document));
      this.b2cl.set(pos, rows);
    }
    this.addHsn(kind === 'b2b' ? this.hsn.b2b : this.hsn.b2c, figures.lines, 1);
    this.addSeries(1, document.invoiceNo);
    return kind;
  }

  /**
   * Counts a note by its invoice's table: CDNR (registered buyer), CDNUR (a B2CL invoice), or
   * netted into B2CS (the GSTN's rule for notes against B2C (others) invoices); into the HSN
   * summary (a credit note lowers it) and the notes' series. Answers its invoice's table.
   */
  addNote(note: Gstr1Note): InvoiceClass {
    const { document } = note;
    const { figures } = document;
    const sign = document.kind === 'credit' ? -1 : 1;
    const kind = classOf(note.invoice);
    this.count(document.kind === 'credit' ? this.totals.credit : this.totals.debit, figures, 1);
    if (kind === 'b2b') {
      this.count(this.figures.cdnr, figures, sign);
      this.figures.cdnr.count += 1;
    } else if (kind === 'b2cl') {
      this.count(this.figures.cdnur, figures, sign);
      this.figures.cdnur.count += 1;
      if (this.options.keepRows) this.cdnur.push(cdnurNoteJson(document));
    } else {
      this.count(this.figures.b2cs, figures, sign);
      this.addB2cs(document.placeOfSupply.code, figures, sign);
    }
    this.addHsn(kind === 'b2b' ? this.hsn.b2b : this.hsn.b2c, figures.lines, sign);
    this.addSeries(document.kind === 'credit' ? 5 : 4, document.noteNo);
    return kind;
  }

  private count(into: Figures, figures: InvoiceTotals, sign: 1 | -1) {
    into.documents += 1;
    into.taxablePaise += sign * figures.taxablePaise;
    into.taxPaise += sign * figures.taxPaise;
  }

  private addB2cs(pos: string, figures: InvoiceTotals, sign: 1 | -1) {
    const supply = figures.interState ? 'INTER' : 'INTRA';
    for (const item of itemsByRate(figures)) {
      const key = `${supply}|${pos}|${rateKey(item.ratePercent)}`;
      let row = this.b2csRows.get(key);
      if (!row) {
        row = {
          sply_ty: supply,
          pos,
          rt: item.ratePercent,
          paise: {
            ratePercent: item.ratePercent,
            taxablePaise: 0,
            igstPaise: 0,
            cgstPaise: 0,
            sgstPaise: 0,
          },
        };
        this.b2csRows.set(key, row);
      }
      row.paise.taxablePaise += sign * item.taxablePaise;
      row.paise.igstPaise += sign * item.igstPaise;
      row.paise.cgstPaise += sign * item.cgstPaise;
      row.paise.sgstPaise += sign * item.sgstPaise;
    }
  }

  private addHsn(into: Map<string, HsnRow>, lines: InvoiceLine[], sign: 1 | -1) {
    for (const line of lines) {
      const key = `${line.hsn}|${rateKey(line.ratePercent)}`;
      let row = into.get(key);
      const charge = CHARGE_LINES.has(line.description);
      if (!row) {
        row = {
          hsn: line.hsn,
          desc: '',
          ratePercent: line.ratePercent,
          qty: 0,
          taxablePaise: 0,
          igstPaise: 0,
          cgstPaise: 0,
          sgstPaise: 0,
        };
        into.set(key, row);
      }
      if (!row.desc && !charge) {
        row.desc = line.description.trim().slice(0, HSN_DESCRIPTION_LIMIT).trim();
      }
      if (!charge && !isService(line.hsn)) row.qty += sign * line.quantity;
      row.taxablePaise += sign * line.taxablePaise;
      row.igstPaise += sign * line.igstPaise;
      row.cgstPaise += sign * line.cgstPaise;
      row.sgstPaise += sign * line.sgstPaise;
    }
  }

  private addSeries(docNum: number, number: string) {
    const { form, serial } = seriesOf(number);
    const key = `${docNum}|${form}`;
    const series = this.series.get(key);
    if (!series) {
      this.series.set(key, {
        docNum,
        form,
        min: serial,
        from: number,
        max: serial,
        to: number,
        count: 1,
      });
      return;
    }
    series.count += 1;
    if (serial < series.min) {
      series.min = serial;
      series.from = number;
    }
    if (serial > series.max) {
      series.max = serial;
      series.to = number;
    }
  }

  /** b2cl: per place of supply, its invoices in the order read (oldest first). */
  b2clJson(): { pos: string; inv: B2clInvoiceJson[] }[] {
    return [...this.b2cl.keys()].sort().map((pos) => ({ pos, inv: this.b2cl.get(pos)! }));
  }

  /** b2cs, by place of supply, supply type and rate; rows the notes brought to nothing left out. */
  b2csJson(): B2csJson[] {
    return [...this.b2csRows.values()]
      .filter(({ paise: p }) => p.taxablePaise || p.igstPaise || p.cgstPaise || p.sgstPaise)
      .sort(
        (a, b) => a.pos.localeCompare(b.pos) || a.sply_ty.localeCompare(b.sply_ty) || a.rt - b.rt,
      )
      .map(({ paise: p, sply_ty, pos, rt }) => ({
        sply_ty,
        pos,
        typ: 'OE' as const,
        rt,
        txval: rupees(p.taxablePaise),
        iamt: rupees(p.igstPaise),
        camt: rupees(p.cgstPaise),
        samt: rupees(p.sgstPaise),
        csamt: 0,
      }));
  }

  cdnurJson(): CdnurNoteJson[] {
    return this.cdnur;
  }

  /**
   * hsn.hsn_b2b or hsn.hsn_b2c, by code then rate, numbered from 1; codes the notes brought to
   * nothing left out.
   */
  hsnJson(part: 'b2b' | 'b2c'): HsnJson[] {
    return [...this.hsn[part].values()]
      .filter((r) => r.qty || r.taxablePaise || r.igstPaise || r.cgstPaise || r.sgstPaise)
      .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.ratePercent - b.ratePercent)
      .map((row, i) => ({
        num: i + 1,
        hsn_sc: row.hsn,
        desc: row.desc,
        uqc: uqcOf(row.hsn),
        qty: row.qty,
        rt: row.ratePercent,
        txval: rupees(row.taxablePaise),
        iamt: rupees(row.igstPaise),
        camt: rupees(row.cgstPaise),
        samt: rupees(row.sgstPaise),
        csamt: 0,
      }));
  }

  /**
   * Each series form's first and last number and how many were issued in the month. Nothing is
   * cancelled here: an invoice is never withdrawn (a credit note adjusts it) and the series
   * have no gaps, so `cancel` is 0 and `net_issue` the count.
   */
  docIssueJson(): DocIssueJson {
    const all = [...this.series.values()];
    return {
      doc_det: DOC_NATURES.flatMap(({ docNum }) => {
        const docs = all
          .filter((s) => s.docNum === docNum)
          .sort((a, b) => a.min - b.min || a.form.localeCompare(b.form))
          .map((s, i) => ({
            num: i + 1,
            from: s.from,
            to: s.to,
            totnum: s.count,
            cancel: 0,
            net_issue: s.count,
          }));
        return docs.length ? [{ doc_num: docNum, docs }] : [];
      }),
    };
  }

  /** HSN summary rows without an HSN/SAC code (the portal refuses them). */
  rowsWithoutHsn(): number {
    let n = 0;
    for (const part of ['b2b', 'b2c'] as const) {
      for (const row of this.hsnJson(part)) if (!row.hsn_sc) n += 1;
    }
    return n;
  }

  /** What the screen shows: each table's rows, documents and amounts, and the month's totals. */
  summary(): { tables: TableFigures[]; totals: MonthTotals } {
    const money = (f: Figures) => ({ taxable: rupees(f.taxablePaise), tax: rupees(f.taxPaise) });
    const hsnFigures = (part: 'b2b' | 'b2c'): Figures => {
      const f = zero();
      f.count = this.hsnJson(part).length;
      for (const row of this.hsn[part].values()) {
        f.taxablePaise += row.taxablePaise;
        f.taxPaise += row.igstPaise + row.cgstPaise + row.sgstPaise;
      }
      return f;
    };
    const hsnDocuments = {
      b2b: this.figures.b2b.documents + this.figures.cdnr.documents,
      b2c: this.figures.b2cl.documents + this.figures.b2cs.documents + this.figures.cdnur.documents,
    };
    const docIssue = this.docIssueJson().doc_det;
    const tables: TableFigures[] = GSTR1_TABLES.map((table) => {
      if (table === 'doc_issue') {
        const docs = docIssue.flatMap((d) => d.docs);
        return {
          table,
          count: docs.length,
          documents: docs.reduce((n, d) => n + d.totnum, 0),
          taxable: null,
          tax: null,
        };
      }
      if (table === 'hsn_b2b' || table === 'hsn_b2c') {
        const part = table === 'hsn_b2b' ? 'b2b' : 'b2c';
        const f = hsnFigures(part);
        return { table, count: f.count, documents: hsnDocuments[part], ...money(f) };
      }
      const f = this.figures[table];
      const count = table === 'b2cs' ? this.b2csJson().length : f.count;
      return { table, count, documents: f.documents, ...money(f) };
    });
    const { invoices, credit, debit } = this.totals;
    return {
      tables,
      totals: {
        invoices: { count: invoices.documents, ...money(invoices) },
        creditNotes: { count: credit.documents, ...money(credit) },
        debitNotes: { count: debit.documents, ...money(debit) },
        net: {
          taxable: rupees(invoices.taxablePaise - credit.taxablePaise + debit.taxablePaise),
          tax: rupees(invoices.taxPaise - credit.taxPaise + debit.taxPaise),
        },
      },
    };
  }
}

// ---------------------------------------------------------------------------------------------
// The CSV files: the offline tool's sheets, one row per document and rate

/** Each table's column headings, as the offline tool's template names them. */
export const CSV_HEADINGS: Record<Gstr1Table, readonly string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  hsn_b2b: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
  hsn_b2c: [],
  doc_issue: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};
CSV_HEADINGS.hsn_b2c = CSV_HEADINGS.hsn_b2b;

/** b2b sheet rows of an invoice: one per rate. */
export function b2bCsvRows(invoice: Gstr1Invoice): CsvCell[][] {
  const { document } = invoice;
  return itemsByRate(document.figures).map((item) => [
    invoice.buyerGstin,
    invoice.buyerLegalName ?? document.buyer.name,
    document.invoiceNo,
    sheetDate(document.issuedAt),
    rupees(document.figures.totalPaise),
    placeLabel(document.placeOfSupply.code),
    'N',
    '',
    'Regular B2B',
    '',
    item.ratePercent,
    rupees(item.taxablePaise),
    0,
  ]);
}

/** b2cl sheet rows, per place of supply, from the month's B2CL invoices. */
export function b2clCsvRows(groups: { pos: string; inv: B2clInvoiceJson[] }[]): CsvCell[][] {
  return groups.flatMap(({ pos, inv }) =>
    inv.flatMap((i) =>
      i.itms.map(({ itm_det }) => [
        i.inum,
        sheetDateOf(i.idt),
        i.val,
        placeLabel(pos),
        '',
        itm_det.rt,
        itm_det.txval,
        0,
        '',
      ]),
    ),
  );
}

export function b2csCsvRows(rows: B2csJson[]): CsvCell[][] {
  return rows.map((r) => ['OE', placeLabel(r.pos), '', r.rt, r.txval, 0, '']);
}

/** cdnr sheet rows of a note: one per rate. */
export function cdnrCsvRows(note: Gstr1Note): CsvCell[][] {
  const json = cdnrNoteJson(note.document);
  return json.itms.map(({ itm_det }) => [
    note.invoice.buyerGstin,
    note.invoice.buyerLegalName ?? note.document.buyer.name,
    json.nt_num,
    sheetDate(note.document.issuedAt),
    json.ntty,
    placeLabel(json.pos),
    'N',
    'Regular B2B',
    json.val,
    '',
    itm_det.rt,
    itm_det.txval,
    0,
  ]);
}

export function cdnurCsvRows(notes: CdnurNoteJson[]): CsvCell[][] {
  return notes.flatMap((n) =>
    n.itms.map(({ itm_det }) => [
      n.typ,
      n.nt_num,
      sheetDateOf(n.nt_dt),
      n.ntty,
      placeLabel(n.pos),
      n.val,
      '',
      itm_det.rt,
      itm_det.txval,
      0,
    ]),
  );
}

export function hsnCsvRows(rows: HsnJson[]): CsvCell[][] {
  return rows.map((r) => [
    r.hsn_sc,
    r.desc,
    uqcLabel(r.uqc),
    r.qty,
    rupees(Math.round(r.txval * 100) + Math.round((r.iamt + r.camt + r.samt) * 100)),
    r.rt,
    r.txval,
    r.iamt,
    r.camt,
    r.samt,
    0,
  ]);
}

export function docIssueCsvRows(json: DocIssueJson): CsvCell[][] {
  return json.doc_det.flatMap(({ doc_num, docs }) => {
    const nature = DOC_NATURES.find((n) => n.docNum === doc_num)!.name;
    return docs.map((d) => [nature, d.from, d.to, d.totnum, d.cancel]);
  });
}

/** '05-04-2026' (the JSON's) -> '05-Apr-2026' (the sheets'). */
function sheetDateOf(gst: string): string {
  const [d, m, y] = gst.split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}
