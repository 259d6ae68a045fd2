import { and, asc, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoicesTable } from '../../db/schema';
import type { NoteDocument } from '../creditNotes/document';
import { creditNotesTable } from '../creditNotes/tables';
import type { InvoiceDocument } from '../invoices/document';
import { documentsOf, invoiceColumns, type InvoiceRow } from '../invoices/repository';
import type { Gstr1Invoice, Gstr1Note } from './gstr1';

/** Invoices (and notes) read per query while a month's GSTR-1 is assembled. */
export const GSTR1_BATCH = 500;
/**
 * Invoices whose documents are built per call of documentsOf (their orders, customers,
 * accessories and deposits looked up by key), as the invoice PDFs build them: 500 keys at once
 * were planned as a scan of the customers on tests/api/gstr1-plans.test.ts's 5,000; 100 use
 * the keys.
 */
export const DOCUMENT_BATCH = 100;

/** A month's invoices and notes, a batch at a time, oldest first within each order. */
export interface Gstr1Source {
  /** Invoices to registered buyers, by buyer GSTIN then issue (invoices_buyer_issued_idx). */
  b2b(): AsyncGenerator<Gstr1Invoice[]>;
  /** Invoices to unregistered buyers, by issue (invoices_issued_idx). */
  b2c(): AsyncGenerator<Gstr1Invoice[]>;
  /** Credit and debit notes, by issue (credit_notes_issued_idx), each with its invoice. */
  notes(): AsyncGenerator<Gstr1Note[]>;
  /** Notes against registered buyers' invoices, by buyer GSTIN then issue. */
  cdnr(): AsyncGenerator<Gstr1Note[]>;
}

const gstr1Columns = {
  ...invoiceColumns,
  buyerGstin: invoicesTable.buyerGstin,
  buyerLegalName: invoicesTable.buyerLegalName,
};

type InvoiceWithBuyer = InvoiceRow & { buyerGstin: string | null; buyerLegalName: string | null };

/**
 * A registered buyer's invoice: a GSTIN copied when it was numbered (a blank one, should a
 * customer record ever hold one, counts as none; the partial index holds both).
 */
const registered = and(isNotNull(invoicesTable.buyerGstin), ne(invoicesTable.buyerGstin, ''));
const unregistered = sql`coalesce(${invoicesTable.buyerGstin}, '') = ''`;

const noteColumns = {
  id: creditNotesTable.id,
  issuedAtText: sql<string>`${creditNotesTable.issuedAt}::text`,
  document: sql<NoteDocument>`${creditNotesTable.document}`,
  invoice: gstr1Columns,
};

/**
 * The queries of GSTR-1 (server/modules/gst/gstr1.ts assembles what they read). Every read is
 * a seek on an index bounded to the month, `size` rows at a time; invoices without a document
 * get it built and stored as they are read (documentsOf), so a month is frozen the first time
 * anything reads it.
 */
export function createGstr1Repository(db: Database) {
  /** The rows with their documents, built where missing. */
  async function withDocuments(
    rows: InvoiceWithBuyer[],
    defaultRatePercent: number,
  ): Promise<Gstr1Invoice[]> {
    const documents: InvoiceDocument[] = [];
    for (let i = 0; i < rows.length; i += DOCUMENT_BATCH) {
      const part = rows.slice(i, i + DOCUMENT_BATCH);
      // Those already built need no query: only whole batches of missing ones are looked up.
      documents.push(...(await documentsOf(db, part, defaultRatePercent)));
    }
    return rows.map((row, i) => ({
      document: documents[i]!,
      buyerGstin: row.buyerGstin,
      buyerLegalName: row.buyerLegalName,
    }));
  }

  return {
    /**
     * The month's invoices and notes issued from `from` up to (not including) `to`: a past
     * month's whole, the current month's up to when the download began.
     */
    source(
      from: Date,
      to: Date,
      opts: { defaultRatePercent: number; size?: number; signal?: AbortSignal },
    ): Gstr1Source {
      const size = opts.size ?? GSTR1_BATCH;
      /** The download was abandoned: stop reading at the next batch. */
      const stopped = () => opts.signal?.aborted === true;
      const inMonth = and(gte(invoicesTable.issuedAt, from), lt(invoicesTable.issuedAt, to));
      const notesInMonth = and(
        gte(creditNotesTable.issuedAt, from),
        lt(creditNotesTable.issuedAt, to),
      );

      /** Notes with their invoices' documents. */
      async function notesOf(
        rows: { document: NoteDocument; invoice: InvoiceWithBuyer }[],
      ): Promise<Gstr1Note[]> {
        const invoices = await withDocuments(
          rows.map((r) => r.invoice),
          opts.defaultRatePercent,
        );
        return rows.map((r, i) => ({ document: r.document, invoice: invoices[i]! }));
      }

      return {
        async *b2b() {
          let after: { gstin: string; at: string; orderId: string } | undefined;
          while (!stopped()) {
            const rows = await db
              .select(gstr1Columns)
              .from(invoicesTable)
              .where(
                and(
                  registered,
                  inMonth,
                  after &&
                    sql`(${invoicesTable.buyerGstin}, ${invoicesTable.issuedAt}, ${invoicesTable.orderId}) > (${after.gstin}, ${after.at}::timestamptz, ${after.orderId})`,
                ),
              )
              .orderBy(
                asc(invoicesTable.buyerGstin),
                asc(invoicesTable.issuedAt),
                asc(invoicesTable.orderId),
              )
              .limit(size);
            if (rows.length === 0) return;
            yield await withDocuments(rows, opts.defaultRatePercent);
            if (rows.length < size) return;
            const last = rows.at(-1)!;
            after = { gstin: last.buyerGstin!, at: last.issuedAtText, orderId: last.orderId };
          }
        },

        async *b2c() {
          let after: { at: string; orderId: string } | undefined;
          while (!stopped()) {
            const rows = await db
              .select(gstr1Columns)
              .from(invoicesTable)
              .where(
                and(
                  inMonth,
                  unregistered,
                  after &&
                    sql`(${invoicesTable.issuedAt}, ${invoicesTable.orderId}) > (${after.at}::timestamptz, ${after.orderId})`,
                ),
              )
              .orderBy(asc(invoicesTable.issuedAt), asc(invoicesTable.orderId))
              .limit(size);
            if (rows.length === 0) return;
            yield await withDocuments(rows, opts.defaultRatePercent);
            if (rows.length < size) return;
            const last = rows.at(-1)!;
            after = { at: last.issuedAtText, orderId: last.orderId };
          }
        },

        async *notes() {
          let after: { at: string; id: string } | undefined;
          while (!stopped()) {
            const rows = await db
              .select(noteColumns)
              .from(creditNotesTable)
              .innerJoin(invoicesTable, eq(invoicesTable.orderId, creditNotesTable.orderId))
              .where(
                and(
                  notesInMonth,
                  after &&
                    sql`(${creditNotesTable.issuedAt}, ${creditNotesTable.id}) > (${after.at}::timestamptz, ${after.id})`,
                ),
              )
              .orderBy(asc(creditNotesTable.issuedAt), asc(creditNotesTable.id))
              .limit(size);
            if (rows.length === 0) return;
            yield await notesOf(rows);
            if (rows.length < size) return;
            const last = rows.at(-1)!;
            after = { at: last.issuedAtText, id: last.id };
          }
        },

        /**
         * The month's notes (credit_notes_issued_idx) of registered buyers' invoices (joined by
         * the invoices' key), sorted by buyer: a sort of the month's notes per batch, which are
         * few beside its invoices.
         */
        async *cdnr() {
          let after: { gstin: string; at: string; id: string } | undefined;
          while (!stopped()) {
            const rows = await db
              .select(noteColumns)
              .from(creditNotesTable)
              .innerJoin(invoicesTable, eq(invoicesTable.orderId, creditNotesTable.orderId))
              .where(
                and(
                  notesInMonth,
                  registered,
                  after &&
                    sql`(${invoicesTable.buyerGstin}, ${creditNotesTable.issuedAt}, ${creditNotesTable.id}) > (${after.gstin}, ${after.at}::timestamptz, ${after.id})`,
                ),
              )
              .orderBy(
                asc(invoicesTable.buyerGstin),
                asc(creditNotesTable.issuedAt),
                asc(creditNotesTable.id),
              )
              .limit(size);
            if (rows.length === 0) return;
            yield await notesOf(rows);
            if (rows.length < size) return;
            const last = rows.at(-1)!;
            after = { gstin: last.invoice.buyerGstin!, at: last.issuedAtText, id: last.id };
          }
        },
      };
    },
  };
}
