import { bigint, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/*
 * Kept by database triggers, never written here (migration 0043_gst_complete.sql):
 * sales_daily_keep_invoices() on invoices and sales_daily_keep_notes() on credit_notes, once per
 * statement from its transition table, as order_daily is kept for the dashboard.
 */

/** A report's dimension: the service (category id), the pin code, or the rider (id; '' none). */
export type SalesDimension = 'service' | 'pincode' | 'rider';

/**
 * Sales per India day and per value of each dimension: invoices issued and their value from the
 * orders' own figures (amount and charges taxable, `gst` the tax), less credit notes plus debit
 * notes at theirs. The same sale is counted once under each dimension, so a report reads one.
 */
export const salesDailyTable = pgTable(
  'sales_daily',
  {
    dim: text('dim').$type<SalesDimension>().notNull(),
    day: date('day').notNull(),
    key: text('key').notNull(),
    invoices: integer('invoices').notNull().default(0),
    /** Credit notes issued (debit notes count as -1: a note undone). */
    creditNotes: integer('credit_notes').notNull().default(0),
    taxable: numeric('taxable', { precision: 16, scale: 2 }).notNull().default('0'),
    tax: numeric('tax', { precision: 16, scale: 2 }).notNull().default('0'),
    /** Taxable value plus tax. */
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.dim, t.day, t.key] })],
);

/*
 * Issue 38's reports, kept by database triggers too (migration 0044_sales_reports.sql), once per
 * statement: sales_monthly_keep_invoices() and sales_monthly_keep_notes(), named to run after
 * the daily ones on the same statement (triggers fire in name order), and
 * collections_daily_keep() on account_entries.
 */

/**
 * sales_daily summed per month (the month's first day): a year by pin code reads twelve rows a
 * pin code and the days of the partial months at either end, not 365.
 */
export const salesMonthlyTable = pgTable(
  'sales_monthly',
  {
    dim: text('dim').$type<SalesDimension>().notNull(),
    month: date('month').notNull(),
    key: text('key').notNull(),
    invoices: integer('invoices').notNull().default(0),
    creditNotes: integer('credit_notes').notNull().default(0),
    taxable: numeric('taxable', { precision: 16, scale: 2 }).notNull().default('0'),
    tax: numeric('tax', { precision: 16, scale: 2 }).notNull().default('0'),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.dim, t.month, t.key] })],
);

/**
 * Money received per India day (issue 36's account ledger): payments and top-ups recorded, how
 * many and their paise, as account_months counts `collected` for a month.
 */
export const collectionsDailyTable = pgTable('collections_daily', {
  day: date('day').primaryKey(),
  payments: integer('payments').notNull().default(0),
  collected: bigint('collected', { mode: 'number' }).notNull().default(0),
});
