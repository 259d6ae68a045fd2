import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ScheduleKind, SubscriptionStatus } from '@shared/schedule';
import { id, timestamps } from '../../db/columns';
import { categoriesTable } from '../categories/tables';
import { customerAddressesTable, customersTable } from '../customers/tables';
import { plansTable } from '../plans/tables';
import { productsTable } from '../products/tables';

/*
 * Standing orders and tiffin plans (issue 35). Each due day becomes one order (orders.subscription_id
 * and orders.delivery_day, unique together: the key that makes a day exactly once); pauses, skips
 * and holidays stop a due day; every change is a row of subscription_changes.
 */

/** An accessory delivered with each day's order, by id and quantity (priced on the day). */
export interface SubscriptionAccessory {
  accessoryId: string;
  quantity: number;
}

export const subscriptionsTable = pgTable(
  'subscriptions',
  {
    id: id(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customersTable.id, { onDelete: 'restrict' }),
    /** The service (category) of the product or plan. */
    categoryId: text('category_id')
      .notNull()
      .references(() => categoriesTable.id, { onDelete: 'restrict' }),
    /** What is delivered: a product (water, oxygen, laundry, ...) or a tiffin plan; one of them. */
    productId: text('product_id').references(() => productsTable.id, { onDelete: 'restrict' }),
    planId: text('plan_id').references(() => plansTable.id, { onDelete: 'restrict' }),
    accessories: jsonb('accessories').$type<SubscriptionAccessory[]>().notNull().default([]),
    quantity: integer('quantity').notNull().default(1),
    /** Empty jars or cylinders to collect at each delivery. */
    returnQuantity: integer('return_quantity').notNull().default(0),
    scheduleKind: text('schedule_kind').$type<ScheduleKind>().notNull(),
    /** ISO weekdays (1 Monday .. 7 Sunday) for `weekdays`; empty otherwise. */
    weekdays: integer('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Every how many days, counted from the start date: 1 daily, 2 alternate, N every N days. */
    intervalDays: integer('interval_days').notNull().default(1),
    /** One of the delivery times (Settings > Delivery Times), as its label. */
    slot: text('slot').notNull(),
    addressId: text('address_id')
      .notNull()
      .references(() => customerAddressesTable.id, { onDelete: 'restrict' }),
    /** The delivery address's pin code, kept with it for the filters and the day's counts. */
    pincode: text('pincode').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Null: open-ended. A tiffin plan's end follows its duration (and extensions). */
    endDate: date('end_date', { mode: 'string' }),
    paymentMethod: text('payment_method').notNull(),
    /**
     * Already paid in full (a tiffin plan bought as one order before subscriptions, moved over by
     * migration tiffin_to_subscriptions): its day orders are made at no charge.
     */
    prepaid: boolean('prepaid').notNull().default(false),
    specialInstruction: text('special_instruction'),
    status: text('status').$type<SubscriptionStatus>().notNull().default('Active'),
    /** Why it is paused or ended, in words (e.g. 'Customer blocked'). */
    statusReason: text('status_reason'),
    ...timestamps,
  },
  (t) => [
    index('subscriptions_created_idx').on(t.createdAt, t.id),
    index('subscriptions_status_created_idx').on(t.status, t.createdAt, t.id),
    index('subscriptions_category_status_created_idx').on(
      t.categoryId,
      t.status,
      t.createdAt,
      t.id,
    ),
    index('subscriptions_pincode_created_idx').on(t.pincode, t.createdAt, t.id),
    index('subscriptions_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    // "Ending within N days": the subscriptions that have an end, by it.
    index('subscriptions_end_idx')
      .on(t.endDate, t.id)
      .where(sql`${t.endDate} is not null and ${t.status} <> 'Ended'`),
    index('subscriptions_product_idx').on(t.productId),
    index('subscriptions_plan_idx').on(t.planId),
  ],
);

/** Every change of a subscription: who, when, what (field: [before, after]) and why. */
export const subscriptionChangesTable = pgTable(
  'subscription_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptionsTable.id, { onDelete: 'cascade' }),
    /** created, edited, paused, resumed, skipped, unskipped, ended, extended, order cancelled. */
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    note: text('note'),
    /** Null: the system (the clock, a holiday, blocking the customer). */
    adminId: text('admin_id'),
    adminName: text('admin_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_changes_subscription_idx').on(t.subscriptionId, t.at)],
);

/** A pause between two dates, both included (`toDate` null: until resumed). */
export const subscriptionPausesTable = pgTable(
  'subscription_pauses',
  {
    id: id(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptionsTable.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }),
    reason: text('reason'),
    /** A paid plan's end moves by the scheduled days this pause takes. */
    extendEnd: boolean('extend_end').notNull().default(false),
    adminId: text('admin_id'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('subscription_pauses_subscription_idx').on(t.subscriptionId, t.fromDate),
    // The pauses that start on a day: the daily status refresh (statuses.ts) flips their
    // subscriptions to Paused without reading every pause.
    index('subscription_pauses_from_idx').on(t.fromDate),
  ],
);

/** A single day skipped. */
export const subscriptionSkipsTable = pgTable(
  'subscription_skips',
  {
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptionsTable.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    adminId: text('admin_id'),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.day] })],
);

/**
 * Subscriptions per service, pin code, status and slot, kept by a trigger on `subscriptions`
 * (subscriptions_keep_counts(), migration 0033_subscription_counts.sql) in the same transaction
 * as each write: the totals of get-all-subscriptions without counting the subscriptions.
 */
export const subscriptionCountsTable = pgTable(
  'subscription_counts',
  {
    categoryId: text('category_id').notNull(),
    pincode: text('pincode').notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    slot: text('slot').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.pincode, t.status, t.slot] })],
);
