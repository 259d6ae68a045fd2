import { computeInvoice, type InvoiceLine, type InvoiceTotals } from '@shared/gst';
import type { InvoiceDocument } from '../invoices/document';
import type { NoteDocument } from './document';
import type { NoteCause, NoteKind } from './tables';

/*
 * A note's figures from its invoice's document, with no queries (issue 38). Every note credits
 * (or debits again) lines of the invoice at their own HSN/SAC code and rate, CGST + SGST or IGST
 * as the invoice had them. What a line has left is its taxable value less what credit notes took
 * plus what debit notes put back.
 *
 * Tax is telescoped: a note moving a line's net credit from `a` to `b` paise carries
 * tax(b) - tax(a), each rounded as computeInvoice rounds a line. So however many notes a line
 * gets, the tax credited is always the tax of the net amount credited: a line credited whole in
 * three parts gives back exactly the tax the invoice charged, not a paisa more or less.
 */

/** A note already issued against the invoice, as the balance needs it. */
export interface IssuedNote {
  kind: NoteKind;
  cause: NoteCause;
  document: NoteDocument;
}

/** Where one invoice line stands after the notes issued against it. */
export interface LineBalance {
  /** The line's number as the invoice prints it: 1 for the first. */
  line: number;
  description: string;
  hsn: string;
  ratePercent: number;
  /** The line's taxable value on the invoice. */
  invoicedPaise: number;
  /** Credit notes less debit notes. */
  creditedPaise: number;
  /** What may still be credited: invoiced less credited. */
  leftPaise: number;
  /**
   * What taking the order back or cancelling it credited, less what delivering it again put
   * back: what the next delivery's debit note restores (an admin's part credit stays credited).
   */
  withdrawnPaise: number;
}

/** Causes whose credit a redelivery gives back: the whole order was withdrawn. */
const WITHDRAWN: readonly NoteCause[] = ['cancelled', 'takenBack'];

/** The invoice line each of a note's lines adjusts (1-based); by position for a note without. */
function linesOf(note: NoteDocument): number[] {
  return note.figures.lines.map((_, k) => note.invoiceLines?.[k] ?? k + 1);
}

/** Each line of the invoice with what the notes credited and what is left. */
export function lineBalances(invoice: InvoiceDocument, notes: IssuedNote[]): LineBalance[] {
  const balances = invoice.figures.lines.map((l, i): LineBalance => ({
    line: i + 1,
    description: l.description,
    hsn: l.hsn,
    ratePercent: l.ratePercent,
    invoicedPaise: l.taxablePaise,
    creditedPaise: 0,
    leftPaise: l.taxablePaise,
    withdrawnPaise: 0,
  }));
  for (const note of notes) {
    const sign = note.kind === 'credit' ? 1 : -1;
    const lines = linesOf(note.document);
    for (const [k, l] of note.document.figures.lines.entries()) {
      const balance = balances[lines[k]! - 1];
      if (!balance) continue;
      balance.creditedPaise += sign * l.taxablePaise;
      if (note.kind === 'debit' || WITHDRAWN.includes(note.cause)) {
        balance.withdrawnPaise += sign * l.taxablePaise;
      }
    }
  }
  for (const b of balances) {
    b.leftPaise = b.invoicedPaise - b.creditedPaise;
    b.withdrawnPaise = Math.max(0, Math.min(b.withdrawnPaise, b.creditedPaise));
  }
  return balances;
}

/** A line's net credit moving from `fromPaise` to `toPaise` (up: a credit; down: a debit). */
export interface LineChange {
  line: number;
  fromPaise: number;
  toPaise: number;
}

/** The lines a take-back or cancellation credits: everything each line has left. */
export function creditEverythingLeft(balances: LineBalance[]): LineChange[] {
  return balances
    .filter((b) => b.leftPaise > 0)
    .map((b) => ({ line: b.line, fromPaise: b.creditedPaise, toPaise: b.invoicedPaise }));
}

/** The lines a redelivery debits again: what the take-backs and cancellations credited. */
export function restoreWithdrawn(balances: LineBalance[]): LineChange[] {
  return balances
    .filter((b) => b.withdrawnPaise > 0)
    .map((b) => ({
      line: b.line,
      fromPaise: b.creditedPaise,
      toPaise: b.creditedPaise - b.withdrawnPaise,
    }));
}

/**
 * The figures of a note making `changes` to the invoice's lines, positive whatever its kind, and
 * the invoice line each of its lines adjusts. A line credited whole at once keeps the invoice's
 * quantity and unit price; a part is one unit of the amount.
 */
export function noteFigures(
  invoice: InvoiceDocument,
  changes: LineChange[],
): { figures: InvoiceTotals; invoiceLines: number[] } {
  const { interState } = invoice.figures;
  const sellerStateCode = invoice.seller.stateCode;
  // The invoice's own place: across states its buyer's state, else the seller's.
  const buyerStateCode = interState ? invoice.placeOfSupply.code : sellerStateCode;
  const taxed = (source: InvoiceLine, paise: number) =>
    computeInvoice({
      lines: [{ ...source, quantity: 1, unitPaise: paise }],
      sellerStateCode,
      buyerStateCode,
    }).lines[0]!;

  const lines = changes.map((change): InvoiceLine => {
    const source = invoice.figures.lines[change.line - 1];
    if (!source) throw new RangeError(`The invoice has no line ${change.line}.`);
    const from = taxed(source, change.fromPaise);
    const to = taxed(source, change.toPaise);
    const taxablePaise = Math.abs(change.toPaise - change.fromPaise);
    const cgstPaise = Math.abs(to.cgstPaise - from.cgstPaise);
    const sgstPaise = Math.abs(to.sgstPaise - from.sgstPaise);
    const igstPaise = Math.abs(to.igstPaise - from.igstPaise);
    const whole = taxablePaise === source.taxablePaise;
    return {
      description: source.description,
      hsn: source.hsn,
      ratePercent: source.ratePercent,
      quantity: whole ? source.quantity : 1,
      unitPaise: whole ? source.unitPaise : taxablePaise,
      taxablePaise,
      cgstPaise,
      sgstPaise,
      igstPaise,
      totalPaise: taxablePaise + cgstPaise + sgstPaise + igstPaise,
    };
  });
  return { figures: totalsOf(lines, interState), invoiceLines: changes.map((c) => c.line) };
}

/** A note's totals and HSN summary from its lines, as computeInvoice sums an invoice's. */
function totalsOf(lines: InvoiceLine[], interState: boolean): InvoiceTotals {
  const sum = (pick: (line: InvoiceLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const rateSummary: InvoiceTotals['rateSummary'] = [];
  const groups = new Map<string, InvoiceTotals['rateSummary'][number]>();
  for (const line of lines) {
    const key = `${line.hsn}\u0000${Math.round(line.ratePercent * 100)}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        ratePercent: line.ratePercent,
        hsn: line.hsn,
        taxablePaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
      };
      groups.set(key, group);
      rateSummary.push(group);
    }
    group.taxablePaise += line.taxablePaise;
    group.cgstPaise += line.cgstPaise;
    group.sgstPaise += line.sgstPaise;
    group.igstPaise += line.igstPaise;
  }
  const cgstPaise = sum((l) => l.cgstPaise);
  const sgstPaise = sum((l) => l.sgstPaise);
  const igstPaise = sum((l) => l.igstPaise);
  const totalPaise = sum((l) => l.totalPaise);
  return {
    lines,
    interState,
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise,
    sgstPaise,
    igstPaise,
    taxPaise: cgstPaise + sgstPaise + igstPaise,
    totalPaise,
    depositPaise: 0,
    payablePaise: totalPaise,
    rateSummary,
  };
}
