import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  creditNotesTable,
  deliveryChargesTable,
  invoicesTable,
  ordersTable,
  type OrderStatus,
} from '../../db/schema';
import { anyOf } from '../../lib/sql';
import type { InvoiceDocument } from '../invoices/document';
import { documentsOf, invoiceColumns } from '../invoices/repository';
import type { NoteDocument } from './document';
import {
  creditEverythingLeft,
  lineBalances,
  noteFigures,
  restoreWithdrawn,
  type IssuedNote,
  type LineBalance,
  type LineChange,
} from './figures';
import type { NoteCause, NoteKind } from './tables';

/*
 * Issuing credit and debit notes (issue 38), always inside the caller's transaction: the status
 * change's (changeStatuses) or an admin's part credit (order/add-credit-note). The order rows are
 * locked first by the caller, so two notes of one order take turns and each sees the other's.
 * Numbers come from next_note_number() (migration 0043) in the same transaction: a rollback gives
 * them back, so each series stays gap-free.
 */

/** Who issues a note: the admin, or null for the customer's own change. */
export type NoteAdmin = { id: string; name: string } | null;

/** A note issued, as the callers report it. */
export interface NoteIssued {
  id: string;
  orderId: string;
  kind: NoteKind;
  noteNo: string;
  totalPaise: number;
}

/** A note to number and write. */
interface NoteDraft {
  orderId: string;
  kind: NoteKind;
  cause: NoteCause;
  reason: string;
  invoice: InvoiceDocument;
  changes: LineChange[];
}

/** The delivery settings' GST: the rate of what has none of its own (as invoices take it). */
export async function defaultRateOf(db: Database | Transaction): Promise<number> {
  const [row] = await db
    .select({ gst: deliveryChargesTable.gst })
    .from(deliveryChargesTable)
    .where(eq(deliveryChargesTable.id, 'default'));
  return row ? Number(row.gst) : 0;
}

/** The invoices of these orders with their documents, frozen now if they had none. */
async function invoiceDocuments(
  tx: Transaction,
  orderIds: string[],
): Promise<Map<string, InvoiceDocument>> {
  const found = new Map<string, InvoiceDocument>();
  if (!orderIds.length) return found;
  const rows = await tx
    .select(invoiceColumns)
    .from(invoicesTable)
    .where(anyOf(invoicesTable.orderId, orderIds))
    .orderBy(asc(invoicesTable.orderId));
  if (!rows.length) return found;
  const documents = await documentsOf(tx, rows, await defaultRateOf(tx));
  for (const [i, row] of rows.entries()) found.set(row.orderId, documents[i]!);
  return found;
}

/** The notes of these orders, oldest first (credit_notes_order_idx). */
async function notesOf(tx: Transaction, orderIds: string[]): Promise<Map<string, IssuedNote[]>> {
  const byOrder = new Map<string, IssuedNote[]>();
  if (!orderIds.length) return byOrder;
  const rows = await tx
    .select({
      orderId: creditNotesTable.orderId,
      kind: creditNotesTable.kind,
      cause: creditNotesTable.cause,
      document: sql<NoteDocument>`${creditNotesTable.document}`,
    })
    .from(creditNotesTable)
    .where(anyOf(creditNotesTable.orderId, orderIds))
    .orderBy(asc(creditNotesTable.orderId), asc(creditNotesTable.issuedAt));
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}

/**
 * The next number of the kind's series for the financial year of the transaction's clock, held
 * to the commit (a rollback gives it back): migration 0043's next_note_number() ('CN/26-27/000001',
 * 8 digits from the millionth, as invoice_number() forms them).
 */
async function nextNoteNumber(tx: Transaction, kind: NoteKind) {
  const { rows } = await tx.execute<{ financial_year: string; number: number; note_no: string }>(
    sql`SELECT * FROM next_note_number(${kind}, now())`,
  );
  const row = rows[0]!;
  return { financialYear: row.financial_year, number: row.number, noteNo: row.note_no };
}

/** Numbers the drafts (each kind's series, in the drafts' order) and writes them in one insert. */
async function writeNotes(
  tx: Transaction,
  drafts: NoteDraft[],
  admin: NoteAdmin,
): Promise<NoteIssued[]> {
  if (!drafts.length) return [];
  // The transaction's clock, as issued_at's default and the numbering take it (to the ms here).
  const [clock] = (
    await tx.execute<{ ms: number }>(sql`SELECT (extract(epoch FROM now()) * 1000)::float8 AS ms`)
  ).rows;
  const at = new Date(Number(clock!.ms));
  const values: (typeof creditNotesTable.$inferInsert)[] = [];
  for (const draft of drafts) {
    const { financialYear, number, noteNo } = await nextNoteNumber(tx, draft.kind);
    const { figures, invoiceLines } = noteFigures(draft.invoice, draft.changes);
    const { invoice } = draft;
    const document: NoteDocument = {
      version: 1,
      kind: draft.kind,
      noteNo,
      issuedAt: at.toISOString(),
      invoiceNo: invoice.invoiceNo,
      invoiceIssuedAt: invoice.issuedAt,
      orderNo: invoice.orderNo,
      seller: invoice.seller,
      buyer: invoice.buyer,
      placeOfSupply: invoice.placeOfSupply,
      reason: draft.reason,
      figures,
      invoiceLines,
    };
    values.push({
      kind: draft.kind,
      orderId: draft.orderId,
      financialYear,
      number,
      noteNo,
      cause: draft.cause,
      reason: draft.reason,
      taxablePaise: figures.taxablePaise,
      cgstPaise: figures.cgstPaise,
      sgstPaise: figures.sgstPaise,
      igstPaise: figures.igstPaise,
      totalPaise: figures.totalPaise,
      document,
      adminId: admin?.id ?? null,
      adminName: admin?.name ?? null,
    });
  }
  // One statement: sales_daily_keep_notes() rolls them up once.
  const written = await tx.insert(creditNotesTable).values(values).returning({
    id: creditNotesTable.id,
    orderId: creditNotesTable.orderId,
    kind: creditNotesTable.kind,
    noteNo: creditNotesTable.noteNo,
    totalPaise: creditNotesTable.totalPaise,
  });
  return written;
}

/** The words a note carries when the change that issued it gave none (never, after issue 37). */
const CAUSE_WORDS: Record<NoteCause, string> = {
  cancelled: 'Order cancelled',
  takenBack: 'Order taken back from Delivered',
  redelivered: 'Order delivered again',
  part: 'Part of the invoice credited',
};

/**
 * The notes a status change issues, after its update, in its transaction (changeStatuses).
 * An invoiced order leaving Delivered, or cancelled, gets a credit note for everything its
 * invoice has left (cause `cancelled` or `takenBack`); an invoiced order arriving at Delivered
 * gets a debit note giving back what its take-backs and cancellations credited (`redelivered`).
 * The invoice documents of the orders arriving at Delivered (numbered by the update's trigger)
 * are frozen here, so an invoice's figures are those of its delivery.
 */
export async function issueStatusNotes(
  tx: Transaction,
  changed: { id: string; status: OrderStatus }[],
  status: OrderStatus,
  admin: NoteAdmin,
  reason: string | null,
): Promise<NoteIssued[]> {
  const leaving = (from: OrderStatus) => from === 'Delivered' || status === 'Cancelled';
  const concerned = changed.filter((o) => status === 'Delivered' || leaving(o.status));
  const invoices = await invoiceDocuments(
    tx,
    concerned.map((o) => o.id),
  );
  if (!invoices.size) return [];
  const notes = await notesOf(tx, [...invoices.keys()]);
  const drafts: NoteDraft[] = [];
  for (const order of concerned) {
    const invoice = invoices.get(order.id);
    if (!invoice) continue;
    const balances = lineBalances(invoice, notes.get(order.id) ?? []);
    const draft = (kind: NoteKind, cause: NoteCause, changes: LineChange[]) => {
      if (changes.length) {
        drafts.push({
          orderId: order.id,
          kind,
          cause,
          reason: reason ?? CAUSE_WORDS[cause],
          invoice,
          changes,
        });
      }
    };
    if (status === 'Delivered') {
      draft('debit', 'redelivered', restoreWithdrawn(balances));
    } else {
      draft(
        'credit',
        status === 'Cancelled' ? 'cancelled' : 'takenBack',
        creditEverythingLeft(balances),
      );
    }
  }
  return writeNotes(tx, drafts, admin);
}

/** What asking for a part credit came to. */
export type PartOutcome =
  | { kind: 'missing' }
  | { kind: 'noInvoice'; orderNo: string }
  | { kind: 'noLine'; invoiceNo: string; lines: number; line: number }
  | { kind: 'tooMuch'; balance: LineBalance }
  | { kind: 'issued'; note: NoteIssued };

/**
 * A credit note for part of an order's invoice (order/add-credit-note): `amountPaise` of the
 * taxable value of each line named, taxed at the line's rate, none above what the line has
 * left after the notes before it. The order row is locked first, so part credits and status
 * changes of one order take turns. Refusals write nothing.
 */
export async function issuePartCredit(
  tx: Transaction,
  orderKey: string,
  lines: { line: number; amountPaise: number }[],
  reason: string,
  admin: NoteAdmin,
): Promise<PartOutcome> {
  const [order] = await tx
    .select({ orderNo: ordersTable.orderId })
    .from(ordersTable)
    .where(eq(ordersTable.id, orderKey))
    .for('update');
  if (!order) return { kind: 'missing' };
  const invoice = (await invoiceDocuments(tx, [orderKey])).get(orderKey);
  if (!invoice) return { kind: 'noInvoice', orderNo: order.orderNo };
  const balances = lineBalances(invoice, (await notesOf(tx, [orderKey])).get(orderKey) ?? []);
  const changes: LineChange[] = [];
  for (const { line, amountPaise } of [...lines].sort((a, b) => a.line - b.line)) {
    const balance = balances[line - 1];
    if (!balance) {
      return { kind: 'noLine', invoiceNo: invoice.invoiceNo, lines: balances.length, line };
    }
    if (amountPaise > balance.leftPaise) return { kind: 'tooMuch', balance };
    changes.push({
      line,
      fromPaise: balance.creditedPaise,
      toPaise: balance.creditedPaise + amountPaise,
    });
  }
  const [note] = await writeNotes(
    tx,
    [{ orderId: orderKey, kind: 'credit', cause: 'part', reason, invoice, changes }],
    admin,
  );
  return { kind: 'issued', note: note! };
}
