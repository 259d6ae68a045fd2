import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { money } from '../../db/columns';
import { customersTable } from '../customers/tables';
import { ordersTable } from '../orders/tables';
import { returnRequestsTable } from '../returns/tables';

/*
 * Kept by database triggers (change them together with these tables), in
 * server/db/migrations/: the entries are written by the triggers on orders, order_accessories
 * and return_requests, and refused any change by returnable_entries_refuse_change();
 * returnable_entries_keep_balances() keeps returnable_balances and returnable_stock (all in
 * 0021_returnable_ledger.sql); returnable_balances_keep_days() on returnable_balances keeps
 * returnable_outstanding_days, returnable_holders and returnable_holder_days
 * (0026_returnable_outstanding_days.sql, last replaced in 0027_returnable_overdue_counts.sql).
 */

/** What made a ledger entry (issue 16). */
export const LEDGER_KINDS = ['delivered', 'reversed', 'returned', 'correction'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type ReturnableItemKind = 'product' | 'accessory';

/**
 * The returnable-asset ledger (issue 16): every jar or cylinder a customer was given or gave
 * back. Entries are only ever added (a trigger refuses UPDATE and DELETE): a delivered order
 * issues its returnable quantities and records the empties collected with it, a delivery undone
 * is a `reversed` entry, an approved return request a `returned` one, an admin's correction a
 * `correction` with its reason and author. The order and return entries are written by triggers
 * (migration 0020) in the same transaction as the change that causes them, whoever makes it.
 * `issued` and `returned` are signed (a reversal is negative); the customer holds
 * issued - returned; `deposit` is the item's deposit times that change.
 */
export const returnableEntriesTable = pgTable(
  'returnable_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customersTable.id, { onDelete: 'restrict' }),
    /** A product's or an accessory's id (see itemKind). */
    itemId: text('item_id').notNull(),
    itemKind: text('item_kind').$type<ReturnableItemKind>().notNull(),
    /** The item's name when the entry was made. */
    itemName: text('item_name').notNull(),
    /** The item's service (water, oxygen): the outstanding list's and the dashboard's split. */
    categoryId: text('category_id').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    issued: integer('issued').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    deposit: money('deposit').notNull().default('0'),
    orderId: text('order_id').references(() => ordersTable.id, { onDelete: 'restrict' }),
    returnRequestId: text('return_request_id').references(() => returnRequestsTable.id, {
      onDelete: 'restrict',
    }),
    /** Where the jars are: the order's pin code (a correction keeps the balance's). */
    pincode: text('pincode'),
    reason: text('reason'),
    adminId: text('admin_id'),
    adminName: text('admin_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('returnable_entries_customer_idx').on(t.customerId, t.at, t.id),
    index('returnable_entries_holding_idx').on(t.customerId, t.itemId, t.at, t.id),
    index('returnable_entries_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('returnable_entries_return_idx')
      .on(t.returnRequestId)
      .where(sql`${t.returnRequestId} is not null`),
  ],
);

/**
 * What each customer holds of each returnable item, kept by a trigger on the ledger in the same
 * transaction as each entry: the sums of the customer's entries, and since when the oldest unit
 * still out has been out (first in, first out). The outstanding list and the dashboard read this.
 */
export const returnableBalancesTable = pgTable(
  'returnable_balances',
  {
    customerId: text('customer_id').notNull(),
    itemId: text('item_id').notNull(),
    itemKind: text('item_kind').$type<ReturnableItemKind>().notNull(),
    itemName: text('item_name').notNull(),
    categoryId: text('category_id').notNull(),
    issued: integer('issued').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    outstanding: integer('outstanding').notNull().default(0),
    deposit: money('deposit').notNull().default('0'),
    pincode: text('pincode'),
    oldestOutstandingAt: timestamp('oldest_outstanding_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.itemId] }),
    // The outstanding list, oldest first, alone or within a service or a pin code; its minDays
    // filter is a range on the same column.
    // (outstanding and deposit too: the dashboard's overdue sums read the index alone)
    index('returnable_balances_oldest_idx')
      .on(t.oldestOutstandingAt, t.customerId, t.itemId, t.outstanding, t.deposit)
      .where(sql`${t.outstanding} > 0`),
    index('returnable_balances_category_oldest_idx')
      .on(t.categoryId, t.oldestOutstandingAt, t.customerId, t.itemId)
      .where(sql`${t.outstanding} > 0`),
    index('returnable_balances_pincode_oldest_idx')
      .on(t.pincode, t.oldestOutstandingAt, t.customerId, t.itemId)
      .where(sql`${t.outstanding} > 0`),
    // A search's total: the matched customers' balances still out, looked up per customer and
    // filtered by service, pin code and minDays in the index alone. Through the primary key it
    // read each balance's row too (18 MB of pages for a common surname at a million orders,
    // more than PGlite's buffer pool holds beside the customers it matched).
    index('returnable_balances_customer_out_idx')
      .on(t.customerId, t.categoryId, t.oldestOutstandingAt, t.pincode)
      .where(sql`${t.outstanding} > 0`),
  ],
);

/**
 * Balances still out (outstanding > 0) per service and day (in India, `order_day()`) of their
 * oldest unit out, and their units, kept by a trigger on returnable_balances (migrations 0026,
 * 0027): where a deep page of the outstanding list starts (server/lib/daySeek.ts), and the
 * dashboard's overdue units.
 */
export const returnableOutstandingDaysTable = pgTable(
  'returnable_outstanding_days',
  {
    categoryId: text('category_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull().default(0),
    units: integer('units').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.day] })],
);

/**
 * Each customer who has held a returnable item, with the oldest unit they still hold of any
 * (null when none), kept by the same trigger (migration 0027): the dashboard's overdue
 * customers are counted from these instead of grouping every overdue balance by customer.
 */
export const returnableHoldersTable = pgTable(
  'returnable_holders',
  {
    customerId: text('customer_id').primaryKey(),
    oldestOutstandingAt: timestamp('oldest_outstanding_at', { withTimezone: true }),
  },
  (t) => [
    index('returnable_holders_oldest_idx')
      .on(t.oldestOutstandingAt)
      .where(sql`${t.oldestOutstandingAt} IS NOT NULL`),
  ],
);

/**
 * Holders per day (in India) of the oldest unit they hold, kept with returnable_holders
 * (migration 0027): the dashboard's overdue customers sum the days before the cutoff's.
 */
export const returnableHolderDaysTable = pgTable('returnable_holder_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  n: integer('n').notNull().default(0),
});

/**
 * The depot's stock of each returnable item, kept by the same trigger: full units at the depot
 * (an issue takes one out, a refill or a receipt puts one in), empties at the depot (a return
 * brings one in, a refill takes it out), and those with customers (the balances' sum).
 */
export const returnableStockTable = pgTable('returnable_stock', {
  itemId: text('item_id').primaryKey(),
  itemKind: text('item_kind').$type<ReturnableItemKind>().notNull(),
  categoryId: text('category_id').notNull(),
  full: integer('full').notNull().default(0),
  empty: integer('empty').notNull().default(0),
  withCustomers: integer('with_customers').notNull().default(0),
  /** Customers holding at least one: the outstanding list's total without a narrower filter. */
  holders: integer('holders').notNull().default(0),
  /** The deposits held for this item: the sum of its entries' deposits (the dashboard's figure). */
  depositHeld: money('deposit_held').notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
