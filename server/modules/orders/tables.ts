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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@shared/statuses';
import { id, money, timestamps } from '../../db/columns';
import { accessoriesTable } from '../accessories/tables';
import { categoriesTable } from '../categories/tables';
import { customerAddressesTable, customersTable } from '../customers/tables';
import { plansTable } from '../plans/tables';
import { productsTable } from '../products/tables';
import { type RunShift, ridersTable } from '../riders/tables';
import { subscriptionsTable } from '../subscriptions/tables';

/*
 * Kept by database triggers (change them together with these tables), in
 * server/db/migrations/: orders_keep_counts() on orders keeps order_counts, order_daily,
 * order_day_counts and customer_order_counts (0005_order_counters.sql, last replaced in
 * 0015_order_filters.sql; also 0010_day_counts.sql); orders_announce() sends the live alerts'
 * NOTIFY (0019_live_events.sql); orders_keep_returnables() and
 * order_accessories_keep_returnables() write the returnables ledger and number the invoice of a
 * delivered order (issue_invoice(), 0021_returnable_ledger.sql).
 */

/** A customer's first order of a service is `fresh`; every later one is a `reorder`. */
export const ORDER_TYPES = ['fresh', 'reorder'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** An address as it was when the order was placed (later edits of the customer do not move it). */
export interface OrderAddress {
  fullAddress: string;
  city: string;
  state: string;
  pincode: string;
}

/**
 * Orders placed by customers in the app, one service (category) each. Money is numeric; the
 * address is a snapshot. `pincode` is the pin code the job is delivered to (the delivery address
 * for tiffin), kept in its own column for the job filter and its index.
 */
export const ordersTable = pgTable(
  'orders',
  {
    id: id(),
    /** The human order number (e.g. OD261122K3F9QZ), unique. */
    orderId: text('order_id').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customersTable.id, { onDelete: 'restrict' }),
    /** The service: water, oxygen, laundry, tiffin, ... */
    categoryId: text('category_id')
      .notNull()
      .references(() => categoriesTable.id, { onDelete: 'restrict' }),
    productId: text('product_id').references(() => productsTable.id, { onDelete: 'restrict' }),
    /** Tiffin orders are subscriptions to a plan. */
    planId: text('plan_id').references(() => plansTable.id, { onDelete: 'restrict' }),
    orderType: text('order_type').$type<OrderType>().notNull().default('fresh'),
    quantity: integer('quantity').notNull().default(1),
    /** Empty jars or cylinders to collect on delivery (the Return column). */
    returnQuantity: integer('return_quantity').notNull().default(0),
    /** Unit price of the product or plan. */
    price: money('price').notNull(),
    /** Goods: price x quantity plus the accessories. */
    amount: money('amount').notNull(),
    deliveryCharge: money('delivery_charge').notNull().default('0'),
    emergencyCharge: money('emergency_charge').notNull().default('0'),
    gst: money('gst').notNull().default('0'),
    /** What the customer pays; older orders may lack it (the panel then shows price + delivery). */
    totalAmount: money('total_amount'),
    paymentMethod: text('payment_method'),
    isEmergency: boolean('is_emergency').notNull().default(false),
    status: text('status').$type<OrderStatus>().notNull().default('Pending'),
    pickupTime: text('pickup_time'),
    deliveryTime: text('delivery_time'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    specialInstruction: text('special_instruction'),
    addressId: text('address_id').references(() => customerAddressesTable.id, {
      onDelete: 'set null',
    }),
    address: jsonb('address').$type<OrderAddress>(),
    /** Tiffin: where the meals are delivered and where the tiffin boxes are picked up. */
    deliveryAddress: jsonb('delivery_address').$type<OrderAddress>(),
    pickupAddress: jsonb('pickup_address').$type<OrderAddress>(),
    pincode: text('pincode').notNull(),
    /** Dispatch (issue 15): the rider the job is given to, for which day and round. */
    riderId: text('rider_id').references(() => ridersTable.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    runDate: date('run_date', { mode: 'string' }),
    runShift: text('run_shift').$type<RunShift>(),
    /** Made from a subscription (issue 35): which one, for which delivery day. */
    subscriptionId: text('subscription_id').references(() => subscriptionsTable.id, {
      onDelete: 'restrict',
    }),
    deliveryDay: date('delivery_day', { mode: 'string' }),
    ...timestamps,
  },
  (t) => {
    // What the panel shows as an order's amount (order_paid()), the columns it is computed from,
    // and the lists' filters other than the service and a search (see the sorts' indexes below).
    const paid = sql`coalesce(${t.totalAmount}, ${t.price} + ${t.deliveryCharge})`;
    const paidColumns = [t.totalAmount, t.price, t.deliveryCharge] as const;
    const filters = [t.status, t.orderType, t.isEmergency, t.pincode] as const;
    return [
      uniqueIndex('orders_order_id_key').on(t.orderId),
      // A subscription's day is made once, whatever the runs, instances and retries.
      uniqueIndex('orders_subscription_day_key')
        .on(t.subscriptionId, t.deliveryDay)
        .where(sql`${t.subscriptionId} is not null`),
      // A made day's counts (the roster): its orders by service, product or plan, slot, pin code.
      index('orders_delivery_day_idx')
        .on(
          t.deliveryDay,
          t.categoryId,
          t.productId,
          t.planId,
          t.deliveryTime,
          t.pincode,
          t.quantity,
          t.status,
        )
        .where(sql`${t.deliveryDay} is not null`),
      // A rider's runs of a day (run sheet, hand-off, load, cash on delivery).
      index('orders_rider_run_idx')
        .on(t.riderId, t.runDate, t.runShift, t.createdAt, t.id)
        .where(sql`${t.riderId} is not null`),
      // A rider's open jobs within a service (the jobs list filtered by rider; delete's 409).
      index('orders_rider_open_idx')
        .on(t.riderId, t.categoryId, t.createdAt, t.id)
        .where(sql`${t.status} in ('Pending', 'Out for Delivery') and ${t.riderId} is not null`),
      // The open jobs nobody has yet, by service and pin code ("Unassigned only", auto-assign).
      index('orders_unassigned_jobs_idx')
        .on(t.categoryId, t.pincode, t.createdAt, t.id)
        .where(sql`${t.status} in ('Pending', 'Out for Delivery') and ${t.riderId} is null`),
      index('orders_created_idx').on(t.createdAt, t.id),
      index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
      index('orders_category_created_idx').on(t.categoryId, t.createdAt, t.id),
      index('orders_category_status_created_idx').on(t.categoryId, t.status, t.createdAt, t.id),
      index('orders_type_created_idx').on(t.orderType, t.createdAt, t.id),
      index('orders_customer_created_idx').on(t.customerId, t.createdAt, t.id),
      index('orders_product_idx').on(t.productId),
      index('orders_plan_idx').on(t.planId),
      // The open jobs of a service, newest first, whatever their pin code: Assigning Jobs' pages.
      // Open jobs are a few thousand among a million orders, most of them recent; through the
      // service's date index its last page walked every older order of the service (0.4 s).
      index('orders_open_jobs_created_idx')
        .on(t.categoryId, t.createdAt, t.id)
        .where(sql`${t.status} in ('Pending', 'Out for Delivery')`),
      // The open jobs of a service, by pin code (Assigning Jobs and the job sheet).
      index('orders_open_jobs_idx')
        .on(t.categoryId, t.pincode, t.createdAt, t.id)
        .where(sql`${t.status} in ('Pending', 'Out for Delivery')`),
      // The other sorts of the orders lists, alone and within a service (an order id is unique,
      // so it needs no tie-break; the amount is what the panel shows, see order_paid()). The
      // amount's columns trail the key: PostgreSQL reads an expression index without the heap only
      // when it holds the columns the expression uses, and a deep page by amount walks 50 000
      // entries (171 ms through the heap, 8 ms without, at 1 M orders). The lists' filters (status,
      // type, emergency, pin code, days) trail them too, so that a filtered deep page checks each
      // entry in the index instead of in the table (page 5000 of the delivered orders by amount:
      // 121 ms through the heap, 12 ms without). A filter that keeps few orders walks more entries.
      index('orders_order_id_filters_idx').on(t.orderId, t.createdAt, ...filters),
      index('orders_category_order_id_idx').on(t.categoryId, t.orderId, t.createdAt, ...filters),
      index('orders_paid_created_idx').on(paid, t.createdAt, t.id, ...paidColumns, ...filters),
      index('orders_category_paid_created_idx').on(
        t.categoryId,
        paid,
        t.createdAt,
        t.id,
        ...paidColumns,
        ...filters,
      ),
      index('orders_order_id_trgm_idx').using('gin', sql`${t.orderId} gin_trgm_ops`),
      // The orders lists' pin code filter (any status), newest first, and its total with a date.
      index('orders_pincode_created_idx').on(t.pincode, t.createdAt, t.id),
      // 'Emergency only': a few percent of the orders, newest first; and by amount or order
      // number, whose indexes above would walk twenty entries for each emergency (page 4588 by
      // amount sorted all 45 878 emergencies read through the table: 276 ms).
      index('orders_emergency_created_idx')
        .on(t.createdAt, t.id)
        .where(sql`${t.isEmergency}`),
      index('orders_emergency_paid_idx')
        .on(paid, t.createdAt, t.id, ...paidColumns, t.status, t.orderType, t.pincode)
        .where(sql`${t.isEmergency}`),
      // The open emergencies, oldest first (live/open-emergencies, the panel's "running late"
      // alert, polled by every open panel): a few dozen entries, whatever the orders' number.
      index('orders_open_emergencies_idx')
        .on(t.createdAt, t.id)
        .where(sql`${t.isEmergency} and ${t.status} in ('Pending', 'Out for Delivery')`),
      index('orders_emergency_order_id_idx')
        .on(t.orderId, t.createdAt, t.status, t.orderType, t.pincode)
        .where(sql`${t.isEmergency}`),
      // A status other than Delivered (about 8 % of the orders: pending, out for delivery,
      // cancelled) or the fresh orders (about 20 %), by amount or order number: through the
      // sorts' indexes above page 5000 of the cancelled orders by amount walked 700 000 entries
      // (42 ms against 7 for page 1). Partial, so delivered reorders, most of the orders, are
      // written to none of them.
      index('orders_undelivered_paid_idx')
        .on(
          t.status,
          paid,
          t.createdAt,
          t.id,
          ...paidColumns,
          t.categoryId,
          t.orderType,
          t.isEmergency,
          t.pincode,
        )
        .where(sql`${t.status} <> 'Delivered'`),
      index('orders_undelivered_order_id_idx')
        .on(t.status, t.orderId, t.createdAt, t.categoryId, t.orderType, t.isEmergency, t.pincode)
        .where(sql`${t.status} <> 'Delivered'`),
      index('orders_fresh_paid_idx')
        .on(
          paid,
          t.createdAt,
          t.id,
          ...paidColumns,
          t.categoryId,
          t.status,
          t.isEmergency,
          t.pincode,
        )
        .where(sql`${t.orderType} = 'fresh'`),
      index('orders_fresh_order_id_idx')
        .on(t.orderId, t.createdAt, t.categoryId, t.status, t.isEmergency, t.pincode)
        .where(sql`${t.orderType} = 'fresh'`),
    ];
  },
);

/** Accessories bought with an order; name and unit amount as they were then. */
export const orderAccessoriesTable = pgTable(
  'order_accessories',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => ordersTable.id, { onDelete: 'cascade' }),
    accessoryId: text('accessory_id').references(() => accessoriesTable.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** Unit amount in rupees; the panel shows amount x quantity. */
    amount: money('amount').notNull(),
  },
  (t) => [index('order_accessories_order_idx').on(t.orderId)],
);

/** Every status an order has had: who set it and when (null admin: placed by the customer). */
export const orderStatusHistoryTable = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => ordersTable.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    adminId: text('admin_id'),
    /** Set when a rider made the step at the door (issue 40); `admin_name` then holds theirs. */
    riderId: text('rider_id'),
    adminName: text('admin_name'),
    /** What else happened, in words (e.g. 'Assigned to Ravi Kumar'); status unchanged then. */
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
);

/**
 * Order counts per service, pin code, type and status, kept by a trigger on `orders` in the
 * same transaction as each write (migration 0005): list totals and dashboard figures sum a few
 * hundred rows instead of counting the orders.
 */
export const orderCountsTable = pgTable(
  'order_counts',
  {
    categoryId: text('category_id').notNull(),
    pincode: text('pincode').notNull(),
    orderType: text('order_type').$type<OrderType>().notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.pincode, t.orderType, t.status] })],
);

/**
 * Orders per day (in India), service, status, type and urgency, kept by the same trigger
 * (migrations 0010, 0015): a deep page of a list sorted by date starts at the right day instead
 * of skipping every newer order (server/lib/daySeek.ts), and the total of a list filtered by a
 * date range or to emergencies sums these instead of counting the orders.
 */
export const orderDayCountsTable = pgTable(
  'order_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    categoryId: text('category_id').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    orderType: text('order_type').$type<OrderType>().notNull(),
    isEmergency: boolean('is_emergency').notNull().default(false),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.categoryId, t.status, t.orderType, t.isEmergency] })],
);

/**
 * Orders per customer, service, status and type, kept by the same trigger (migration 0010): the
 * exact total of a search by customer (a common surname matches thousands of customers and tens
 * of thousands of orders) sums these instead of counting the orders. The primary key's index
 * also holds `n` (`INCLUDE`, migration 0028, which drizzle cannot declare), so that sum reads
 * no table.
 */
export const customerOrderCountsTable = pgTable(
  'customer_order_counts',
  {
    customerId: text('customer_id').notNull(),
    categoryId: text('category_id').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    orderType: text('order_type').$type<OrderType>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.categoryId, t.status, t.orderType] })],
);

/** Orders placed per day and service, kept by the same trigger: the dashboard chart's buckets. */
export const orderDailyTable = pgTable(
  'order_daily',
  {
    /** The day in India (Asia/Kolkata) the order was placed. */
    day: date('day', { mode: 'string' }).notNull(),
    categoryId: text('category_id').notNull(),
    n: integer('n').notNull().default(0),
    amount: money('amount').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.categoryId] })],
);

/**
 * Open jobs (Pending, Out for Delivery) per service, delivery slot, status and type, kept by
 * triggers on `orders` (migration 0048): the jobs lists' slot filter and its total sum a few
 * rows instead of counting a service's open jobs (41 k water jobs at 10 M orders took 64-91 ms).
 * An order without a slot is not counted (no slot filter matches it).
 */
export const orderOpenSlotCountsTable = pgTable(
  'order_open_slot_counts',
  {
    categoryId: text('category_id').notNull(),
    slot: text('slot').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    orderType: text('order_type').$type<OrderType>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.slot, t.status, t.orderType] })],
);
