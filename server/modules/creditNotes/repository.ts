import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditNotesTable, customersTable, invoicesTable, ordersTable } from '../../db/schema';
import { documentsOf, invoiceColumns } from '../invoices/repository';
import type { NoteDocument } from './document';
import { lineBalances, type LineBalance } from './figures';
import { defaultRateOf } from './issue';
import { ORDER_NOTES_BOUND } from './schemas';
import type { NoteCause, NoteKind } from './tables';

/** A note as the lists and get-order answer it (toNoteDto). */
export interface NoteRow {
  id: string;
  noteNo: string;
  kind: NoteKind;
  cause: NoteCause;
  reason: string;
  issuedAt: Date;
  invoiceNo: string;
  orderKey: string;
  orderNo: string;
  customerId: string;
  firstName: string;
  lastName: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  adminId: string | null;
  adminName: string | null;
}

/** Each kind's notes of a range: how many and their sums, paise. */
export interface KindTotals {
  count: number;
  taxablePaise: number;
  taxPaise: number;
  totalPaise: number;
}

const noteColumns = {
  id: creditNotesTable.id,
  noteNo: creditNotesTable.noteNo,
  kind: creditNotesTable.kind,
  cause: creditNotesTable.cause,
  reason: creditNotesTable.reason,
  issuedAt: creditNotesTable.issuedAt,
  invoiceNo: invoicesTable.invoiceNo,
  orderKey: ordersTable.id,
  orderNo: ordersTable.orderId,
  customerId: customersTable.id,
  firstName: customersTable.firstName,
  lastName: customersTable.lastName,
  taxablePaise: creditNotesTable.taxablePaise,
  cgstPaise: creditNotesTable.cgstPaise,
  sgstPaise: creditNotesTable.sgstPaise,
  igstPaise: creditNotesTable.igstPaise,
  totalPaise: creditNotesTable.totalPaise,
  adminId: creditNotesTable.adminId,
  adminName: creditNotesTable.adminName,
};

/** The notes joined to their invoice, order and customer, each by its primary key. */
const joined = (db: Database) =>
  db
    .select(noteColumns)
    .from(creditNotesTable)
    .innerJoin(invoicesTable, eq(invoicesTable.orderId, creditNotesTable.orderId))
    .innerJoin(ordersTable, eq(ordersTable.id, creditNotesTable.orderId))
    .innerJoin(customersTable, eq(customersTable.id, ordersTable.customerId));

export function createCreditNoteRepository(db: Database) {
  return {
    /** One note's document, for its PDF (by the notes' primary key). */
    async document(id: string): Promise<NoteDocument | undefined> {
      const [row] = await db
        .select({ document: sql<NoteDocument>`${creditNotesTable.document}` })
        .from(creditNotesTable)
        .where(eq(creditNotesTable.id, id));
      return row?.document;
    },

    /** One note as the lists show it (by the notes' primary key). */
    async one(id: string): Promise<NoteRow | undefined> {
      const [row] = await joined(db).where(eq(creditNotesTable.id, id));
      return row;
    },

    /** Whether the note exists and its number (HEAD: the headers without the PDF). */
    async numberOf(id: string) {
      const [row] = await db
        .select({ noteNo: creditNotesTable.noteNo, kind: creditNotesTable.kind })
        .from(creditNotesTable)
        .where(eq(creditNotesTable.id, id));
      return row;
    },

    /**
     * One page of the notes issued from `from` up to `to`, newest first: the page's keys picked
     * first by a walk down credit_notes_issued_idx from the range's end (index only, however deep
     * the page), then those notes joined to their invoice, order and customer by primary keys.
     */
    async page(from: Date, to: Date, page: number, limit: number): Promise<NoteRow[]> {
      const keys = db
        .select({ id: creditNotesTable.id, at: creditNotesTable.issuedAt })
        .from(creditNotesTable)
        .where(and(gte(creditNotesTable.issuedAt, from), lt(creditNotesTable.issuedAt, to)))
        .orderBy(desc(creditNotesTable.issuedAt), desc(creditNotesTable.id))
        .limit(limit)
        .offset((page - 1) * limit)
        .as('page');
      return db
        .select(noteColumns)
        .from(keys)
        .innerJoin(creditNotesTable, eq(creditNotesTable.id, keys.id))
        .innerJoin(invoicesTable, eq(invoicesTable.orderId, creditNotesTable.orderId))
        .innerJoin(ordersTable, eq(ordersTable.id, creditNotesTable.orderId))
        .innerJoin(customersTable, eq(customersTable.id, ordersTable.customerId))
        .orderBy(desc(keys.at), desc(keys.id));
    },

    /** How many notes of each kind the range has and their sums (one range of the index). */
    async totals(from: Date, to: Date): Promise<Record<NoteKind, KindTotals>> {
      const rows = await db
        .select({
          kind: creditNotesTable.kind,
          count: sql<number>`count(*)::int`,
          taxablePaise: sql<string>`coalesce(sum(${creditNotesTable.taxablePaise}), 0)::text`,
          taxPaise: sql<string>`coalesce(sum(${creditNotesTable.cgstPaise} + ${creditNotesTable.sgstPaise} + ${creditNotesTable.igstPaise}), 0)::text`,
          totalPaise: sql<string>`coalesce(sum(${creditNotesTable.totalPaise}), 0)::text`,
        })
        .from(creditNotesTable)
        .where(and(gte(creditNotesTable.issuedAt, from), lt(creditNotesTable.issuedAt, to)))
        .groupBy(creditNotesTable.kind);
      const none: KindTotals = { count: 0, taxablePaise: 0, taxPaise: 0, totalPaise: 0 };
      const totals: Record<NoteKind, KindTotals> = { credit: { ...none }, debit: { ...none } };
      for (const r of rows) {
        totals[r.kind] = {
          count: r.count,
          taxablePaise: Number(r.taxablePaise),
          taxPaise: Number(r.taxPaise),
          totalPaise: Number(r.totalPaise),
        };
      }
      return totals;
    },

    /** An order's notes, oldest first (credit_notes_order_idx), bounded. */
    async ofOrder(orderKey: string): Promise<NoteRow[]> {
      return joined(db)
        .where(eq(creditNotesTable.orderId, orderKey))
        .orderBy(asc(creditNotesTable.issuedAt), asc(creditNotesTable.id))
        .limit(ORDER_NOTES_BOUND);
    },

    /**
     * Each line of an order's invoice with what credit notes took and what is left, or null
     * without an invoice. Reads the invoice's document through documentsOf (frozen now if it
     * had none yet: an invoice delivered before issue 38) and every note of the order.
     */
    async balancesOf(orderKey: string): Promise<LineBalance[] | null> {
      const [row] = await db
        .select(invoiceColumns)
        .from(invoicesTable)
        .where(eq(invoicesTable.orderId, orderKey));
      if (!row) return null;
      const [invoice] = await documentsOf(db, [row], await defaultRateOf(db));
      const notes = await db
        .select({
          kind: creditNotesTable.kind,
          cause: creditNotesTable.cause,
          document: sql<NoteDocument>`${creditNotesTable.document}`,
        })
        .from(creditNotesTable)
        .where(eq(creditNotesTable.orderId, orderKey))
        .orderBy(asc(creditNotesTable.issuedAt));
      return lineBalances(invoice!, notes);
    },
  };
}

export type CreditNoteRepository = ReturnType<typeof createCreditNoteRepository>;
