import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id } from '../../db/columns';
import { invoicesTable } from '../invoices/tables';

/*
 * Issued by the server (issue 38), never by a trigger: the figures come from the invoice's
 * document, computed in TypeScript (shared/gst.ts). Numbered by issue_credit_note() (migration
 * 0043_gst_complete.sql) from credit_note_series, in the caller's transaction, gap-free.
 * sales_daily_keep_notes() on this table keeps the reports' rollup (server/modules/reports).
 */

/** A credit note lowers what an invoice charged; a debit note raises it again. */
export type NoteKind = 'credit' | 'debit';

/**
 * Why the note was issued: the order cancelled or taken back from Delivered (the whole of what
 * the invoice has left), delivered again after that (a debit note restoring it), or a part
 * credited by an admin (a short delivery, a price correction).
 */
export type NoteCause = 'cancelled' | 'takenBack' | 'redelivered' | 'part';

/** The last number given in each kind's series per financial year ('2026-27'). */
export const creditNoteSeriesTable = pgTable(
  'credit_note_series',
  {
    kind: text('kind').$type<NoteKind>().notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

/**
 * Credit and debit notes against tax invoices (GSTR-1's CDNR and CDNUR). Amounts are positive
 * whole paise whatever the kind. `document` is the note as printed (seller, buyer, the invoice
 * it names, its lines with their taxes), frozen when it is issued.
 */
export const creditNotesTable = pgTable(
  'credit_notes',
  {
    id: id(),
    kind: text('kind').$type<NoteKind>().notNull(),
    /** The order, and so the invoice (invoices' key is the order's). */
    orderId: text('order_id')
      .notNull()
      .references(() => invoicesTable.orderId, { onDelete: 'restrict' }),
    financialYear: text('financial_year').notNull(),
    number: integer('number').notNull(),
    /** 'CN/26-27/000001' (credit) or 'DN/26-27/000001' (debit), as invoice_number() forms it. */
    noteNo: text('note_no').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    cause: text('cause').$type<NoteCause>().notNull(),
    reason: text('reason').notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    /** Taxable value plus tax. */
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    document: jsonb('document').notNull(),
    /** The admin who issued it; null when the customer's own change did. */
    adminId: text('admin_id'),
    adminName: text('admin_name'),
  },
  (t) => [
    uniqueIndex('credit_notes_series_key').on(t.kind, t.financialYear, t.number),
    uniqueIndex('credit_notes_note_no_key').on(t.noteNo),
    index('credit_notes_issued_idx').on(t.issuedAt, t.id),
    index('credit_notes_order_idx').on(t.orderId, t.issuedAt),
  ],
);
