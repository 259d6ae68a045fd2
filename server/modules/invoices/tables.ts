import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ordersTable } from '../orders/tables';

/*
 * Written by the database: issue_invoice(), called by the orders_keep_returnables() trigger when
 * an order is delivered, takes the next number of invoice_series and inserts the invoice
 * (server/db/migrations/0021_returnable_ledger.sql; invoice_seller() there reads
 * business_settings).
 */

/** The last invoice number given in each financial year ('2026-27'): the gap-free series. */
export const invoiceSeriesTable = pgTable('invoice_series', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** The seller as printed on an invoice: the business details when its number was given. */
export interface InvoiceSeller {
  legalName: string;
  tradeName: string;
  gstin: string;
  address: string;
  city: string;
  state: string;
  stateCode: string;
  pincode: string;
  phone: string;
  email: string;
}

/**
 * Tax invoices (issue 16): one per delivered order, numbered from its financial year's series
 * in the same transaction as the delivery (migration 0020's issue_invoice()), never renumbered or
 * removed. `document` is the invoice as first printed (lines, taxes, buyer), kept so that a later
 * change of rates or names never changes an invoice already issued.
 */
export const invoicesTable = pgTable(
  'invoices',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => ordersTable.id, { onDelete: 'restrict' }),
    financialYear: text('financial_year').notNull(),
    number: integer('number').notNull(),
    invoiceNo: text('invoice_no').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    document: jsonb('document'),
    /**
     * The buyer's GSTIN and legal name when the invoice was numbered (issue 38; issue_invoice()
     * copies them from the customer): a B2B invoice. Null: unregistered (B2C).
     */
    buyerGstin: text('buyer_gstin'),
    buyerLegalName: text('buyer_legal_name'),
  },
  (t) => [
    uniqueIndex('invoices_series_key').on(t.financialYear, t.number),
    uniqueIndex('invoices_invoice_no_key').on(t.invoiceNo),
    index('invoices_issued_idx').on(t.issuedAt, t.orderId),
    // GSTR-1's B2B table: a month's invoices to registered buyers, by buyer.
    index('invoices_buyer_issued_idx')
      .on(t.buyerGstin, t.issuedAt, t.orderId)
      .where(sql`${t.buyerGstin} IS NOT NULL`),
  ],
);
