import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BillingMode, EntryKind } from '@shared/account';
import { id } from '../../db/columns';
import { customersTable } from '../customers/tables';
import { ordersTable } from '../orders/tables';

/*
 * A household's money account (issue 36). Kept by database triggers (change them together with
 * these tables), in server/db/migrations/0037_accounts.sql: account_entries_refuse_change()
 * refuses any UPDATE or DELETE of an entry; account_entries_keep_balance() (BEFORE INSERT) adds
 * each entry to customers.wallet under the customer's row lock, stamps the entry's
 * balance_after, and keeps account_dues, account_due_days and account_months;
 * orders_keep_account() writes the charges of orders paid from the account (payment method
 * `Wallet`) as they are delivered, and reverses them when they leave Delivered.
 * The customer's balance is customers.wallet (rupees, as the spec's lists show it); every amount
 * here is in paise.
 */

/** Money in (positive) and out (negative) of a customer's account; only ever added. */
export const accountEntriesTable = pgTable(
  'account_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customersTable.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<EntryKind>().notNull(),
    /** Paise, signed: a credit raises the balance, a debit lowers it. Never 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The balance after this entry, in paise (stamped by the trigger). */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull().default(0),
    /** Cash, UPI, Bank transfer, Cheque (payments and refunds); null otherwise. */
    method: text('method'),
    /** The UPI reference, UTR, cheque or receipt number as typed. */
    reference: text('reference'),
    /** referenceKey(reference): one payment per reference, and what a settlement line matches. */
    referenceKey: text('reference_key'),
    orderId: text('order_id').references(() => ordersTable.id, { onDelete: 'restrict' }),
    /** Why (an adjustment's reason is required). */
    reason: text('reason'),
    adminId: text('admin_id'),
    adminName: text('admin_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_entries_customer_idx').on(t.customerId, t.at, t.id),
    uniqueIndex('account_entries_reference_key')
      .on(t.referenceKey)
      .where(sql`${t.referenceKey} is not null`),
    index('account_entries_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
  ],
);

/**
 * Customers who owe (balance below zero), kept by the entries' trigger: how much, and since when
 * the oldest charge still unpaid was made (payments pay the oldest charges first), with the pin
 * code of their default address. The Dues list reads this, oldest first.
 */
export const accountDuesTable = pgTable(
  'account_dues',
  {
    customerId: text('customer_id').primaryKey(),
    /** Paise owed (positive). */
    owed: bigint('owed', { mode: 'number' }).notNull(),
    owedSince: timestamp('owed_since', { withTimezone: true }).notNull(),
    pincode: text('pincode'),
    billingMode: text('billing_mode').$type<BillingMode>().notNull(),
  },
  (t) => [
    index('account_dues_since_idx').on(t.owedSince, t.customerId),
    index('account_dues_pincode_since_idx').on(t.pincode, t.owedSince, t.customerId),
    // The Dues list of one billing mode (migration 0038).
    index('account_dues_mode_since_idx').on(t.billingMode, t.owedSince, t.customerId),
  ],
);

/** Customers owing and the paise they owe, per day (India) of their oldest unpaid charge. */
export const accountDueDaysTable = pgTable('account_due_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  n: integer('n').notNull().default(0),
  owed: bigint('owed', { mode: 'number' }).notNull().default(0),
});

/**
 * Each month's (India) billing and collections, in paise, kept by the entries' trigger: charged
 * (order and subscription-day charges and deposits taken, less charges reversed), collected
 * (payments and top-ups), refunded (refunds paid out).
 */
export const accountMonthsTable = pgTable('account_months', {
  month: date('month', { mode: 'string' }).primaryKey(),
  charged: bigint('charged', { mode: 'number' }).notNull().default(0),
  collected: bigint('collected', { mode: 'number' }).notNull().default(0),
  refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
});

/** A customer's statement of a month: numbered once; made again it reads the same. */
export const accountStatementsTable = pgTable(
  'account_statements',
  {
    id: id(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customersTable.id, { onDelete: 'restrict' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    /** e.g. ST/2611/000123: the month (yymm) and its own series. */
    number: text('number').notNull(),
    opening: bigint('opening', { mode: 'number' }).notNull(),
    debits: bigint('debits', { mode: 'number' }).notNull(),
    credits: bigint('credits', { mode: 'number' }).notNull(),
    closing: bigint('closing', { mode: 'number' }).notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_statements_customer_month_key').on(t.customerId, t.month),
    uniqueIndex('account_statements_number_key').on(t.number),
    index('account_statements_month_idx').on(t.month, t.customerId),
  ],
);

/** The last statement number issued in each month's series. */
export const accountStatementSeriesTable = pgTable('account_statement_series', {
  month: date('month', { mode: 'string' }).primaryKey(),
  last: integer('last').notNull().default(0),
});

/** An uploaded UPI / bank settlement file; the same file (by its SHA-256) is taken once. */
export const settlementImportsTable = pgTable(
  'settlement_imports',
  {
    id: id(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    lines: integer('lines').notNull(),
    matched: integer('matched').notNull(),
    unmatched: integer('unmatched').notNull(),
    adminId: text('admin_id'),
    adminName: text('admin_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlement_imports_sha256_key').on(t.sha256),
    index('settlement_imports_at_idx').on(t.at, t.id),
  ],
);

export type SettlementLineStatus = 'matched' | 'unmatched' | 'assigned';

/** One line of a settlement file: matched to a recorded payment by reference, or waiting. */
export const settlementLinesTable = pgTable(
  'settlement_lines',
  {
    id: id(),
    importId: text('import_id')
      .notNull()
      .references(() => settlementImportsTable.id, { onDelete: 'restrict' }),
    lineNo: integer('line_no').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    referenceKey: text('reference_key').notNull(),
    /** Paise. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payer: text('payer'),
    status: text('status').$type<SettlementLineStatus>().notNull(),
    /** Why a line did not match (no payment with this reference; the amount differs). */
    note: text('note'),
    /** The payment it matched or that assigning it recorded. */
    entryId: bigint('entry_id', { mode: 'number' }).references(() => accountEntriesTable.id, {
      onDelete: 'restrict',
    }),
    customerId: text('customer_id'),
  },
  (t) => [
    index('settlement_lines_import_idx').on(t.importId, t.lineNo),
    index('settlement_lines_status_idx').on(t.status, t.day, t.id),
    index('settlement_lines_reference_idx').on(t.referenceKey),
  ],
);

/** The accounts' settings, one row (id 'default'). */
export const accountSettingsTable = pgTable('account_settings', {
  id: text('id').primaryKey().default('default'),
  /** Prepaid customers whose balance covers fewer days of deliveries than this are low. */
  lowBalanceDays: integer('low_balance_days').notNull().default(3),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
