import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { CategoryKind } from '@shared/catalogue';
import type { AdminRole, Permissions } from '@shared/permissions';
import type { OrderStatus, ReturnStatus, SupportStatus } from '@shared/statuses';

/** Text ids (UUIDv7: sortable by creation), exposed to the panel as `_id`. */
const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// The facts the panel shares (permission groups, statuses, category kinds, support types) are
// defined once in shared/ and re-exported here for the server's modules.
export {
  PERMISSION_GROUPS,
  type AdminRole,
  type PermissionGroup,
  type Permissions,
} from '@shared/permissions';
export type RecordStatus = 'Active' | 'Inactive';

export const adminsTable = pgTable(
  'admins',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<AdminRole>().notNull().default('admin'),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    permissions: jsonb('permissions').$type<Partial<Permissions>>().notNull().default({}),
    address: text('address'),
    /** Bumped on password change or deactivation: tokens carrying an older value stop working. */
    sessionVersion: integer('session_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('admins_email_key').on(t.email),
    index('admins_created_at_idx').on(t.createdAt),
  ],
);

/** One password recovery: the mailed OTP, then the security token it is exchanged for. */
export const passwordResetsTable = pgTable(
  'password_resets',
  {
    id: id(),
    adminId: text('admin_id')
      .notNull()
      .references(() => adminsTable.id, { onDelete: 'cascade' }),
    otpHash: text('otp_hash').notNull(),
    otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    otpUsedAt: timestamp('otp_used_at', { withTimezone: true }),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    tokenUsedAt: timestamp('token_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('password_resets_admin_idx').on(t.adminId, t.createdAt),
    uniqueIndex('password_resets_token_key').on(t.tokenHash),
  ],
);

/**
 * Failed sign-ins and recovery requests, keyed by `email:...` or `ip:...`. Kept in the database
 * so that every server instance behind a load balancer sees the same counts.
 */
export const authThrottleTable = pgTable(
  'auth_throttle',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_throttle_key_at_idx').on(t.key, t.at)],
);

/**
 * Sessions ended by signing out (admin/logout), by token id, until the token would have expired
 * anyway; the auth hook refuses them.
 */
export const revokedSessionsTable = pgTable('revoked_sessions', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export { CATEGORY_KINDS, type CategoryKind } from '@shared/catalogue';

/**
 * GST classification (issue 16): the HSN (goods) or SAC (services) code and the GST rate in
 * percent. Set on a category as its default; a product or accessory may set its own. Null: not
 * set (the invoice then falls back to the category, then to the delivery settings' GST).
 */
const taxColumns = () => ({
  hsnCode: text('hsn_code'),
  gstRate: numeric('gst_rate', { precision: 5, scale: 2 }),
});

/**
 * Returnable containers (issue 16): a product or accessory that goes out full and comes back
 * empty (water jars, oxygen cylinders), and the refundable deposit held per unit.
 */
const returnableColumns = () => ({
  returnable: boolean('returnable').notNull().default(false),
  deposit: numeric('deposit', { precision: 12, scale: 2 }).notNull().default('0'),
});

export const categoriesTable = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    kind: text('kind').$type<CategoryKind>().notNull().default('other'),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...taxColumns(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_name_key').on(sql`lower(${t.name})`),
    // One category per service kind: orders, returns and job sheets key off it.
    uniqueIndex('categories_kind_key')
      .on(t.kind)
      .where(sql`${t.kind} <> 'other'`),
    index('categories_status_created_idx').on(t.status, t.createdAt),
    index('categories_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** Money: numeric, never float. Drizzle reads it as a string; DTOs turn it into a number. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const subCategoriesTable = pgTable(
  'sub_categories',
  {
    id: id(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categoriesTable.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [index('sub_categories_category_idx').on(t.categoryId, t.createdAt)],
);

export const productsTable = pgTable(
  'products',
  {
    id: id(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categoriesTable.id, { onDelete: 'restrict' }),
    // Laundry items belong to a sub-category; deleting a sub-category in use is refused.
    subCategoryId: text('sub_category_id').references(() => subCategoriesTable.id, {
      onDelete: 'restrict',
    }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    price: money('price').notNull(),
    discountPrice: money('discount_price').notNull(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    /** Litres, for the water kind only (20 or 25 litre jars). */
    quantity: integer('quantity'),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...returnableColumns(),
    ...taxColumns(),
    ...timestamps,
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.createdAt),
    index('products_sub_category_idx').on(t.subCategoryId),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export {
  ACCESSORY_MATERIALS,
  OXYGEN_ACCESSORY_TYPES,
  WATER_ACCESSORY_TYPES,
} from '@shared/catalogue';

export const accessoriesTable = pgTable(
  'accessories',
  {
    id: id(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categoriesTable.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    material: text('material').notNull(),
    imageUrl: text('image_url').notNull(),
    price: money('price').notNull(),
    discountPrice: money('discount_price').notNull(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...returnableColumns(),
    ...taxColumns(),
    ...timestamps,
  },
  (t) => [index('accessories_category_idx').on(t.categoryId, t.createdAt)],
);

/** The banner list of the Home page has no category: the API shows it as 123456789. */
export const HOME_BANNER_ID = '123456789';

export const bannersTable = pgTable(
  'banners',
  {
    id: id(),
    title: text('title').notNull(),
    /** Null for the Home banners. */
    categoryId: text('category_id').references(() => categoriesTable.id, { onDelete: 'restrict' }),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [index('banners_category_idx').on(t.categoryId, t.createdAt)],
);

export const PIN_TYPES = ['Home', 'Office', 'Other'] as const;
export type PinType = (typeof PIN_TYPES)[number];

export const pincodesTable = pgTable(
  'pincodes',
  {
    id: id(),
    /** An Indian PIN code: exactly 6 digits. */
    number: text('number').notNull(),
    pinType: text('pin_type').$type<PinType>().notNull().default('Home'),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('pincodes_number_key').on(t.number),
    index('pincodes_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** Tiffin meal plans. */
export const plansTable = pgTable(
  'plans',
  {
    id: id(),
    name: text('name').notNull(),
    /** Days. */
    duration: integer('duration').notNull(),
    price: money('price').notNull(),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [index('plans_created_idx').on(t.createdAt)],
);

/** Settings kept as one row each (id 'default'). */
export const deliveryChargesTable = pgTable('delivery_charges', {
  id: text('id').primaryKey().default('default'),
  standardCharge: money('standard_charge').notNull(),
  emergencyCharge: money('emergency_charge').notNull(),
  /** Percent. */
  gst: numeric('gst', { precision: 5, scale: 2 }).notNull(),
  updatedAt: timestamps.updatedAt,
});

export const deliveryTimesTable = pgTable('delivery_times', {
  id: text('id').primaryKey().default('default'),
  pickupTime: jsonb('pickup_time').$type<string[]>().notNull().default([]),
  deliveryTime: jsonb('delivery_time').$type<string[]>().notNull().default([]),
  gapHours: integer('gap_hours').notNull().default(0),
  updatedAt: timestamps.updatedAt,
});

export type CustomerStatus = 'Active' | 'Blocked' | 'Inactive';

/** Customers of the app (the spec's "family members"), shown to admins as data. */
export const customersTable = pgTable(
  'customers',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** The app's login name; the inactive-users list shows it. */
    userName: text('user_name'),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash'),
    wallet: money('wallet').notNull().default('0'),
    status: text('status').$type<CustomerStatus>().notNull().default('Active'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    imageUrl: text('image_url'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
    index('customers_status_created_idx').on(t.status, t.createdAt, t.id),
    index('customers_created_idx').on(t.createdAt, t.id),
    // The list's other sorts, with the id as tie-break and the status trailing, so that a page
    // with or without a status filter is read from the index alone (without these every page
    // sorted all 100 000 customers). Names and e-mails sort without case, code point by code
    // point (customerSortKey), so that a deep page can start at the bucket of its first two
    // letters (customer_sort_buckets, migration 0025); the column trails for the same reason
    // as the status: PostgreSQL reads an expression's index alone only when it holds its column.
    index('customers_first_name_idx').on(
      sql`lower(${t.firstName}) collate "C"`,
      t.id,
      t.status,
      t.firstName,
    ),
    index('customers_last_name_idx').on(
      sql`lower(${t.lastName}) collate "C"`,
      t.id,
      t.status,
      t.lastName,
    ),
    index('customers_email_idx').on(sql`lower(${t.email}) collate "C"`, t.id, t.status, t.email),
    index('customers_wallet_idx').on(t.wallet, t.id, t.status),
    index('customers_first_name_trgm_idx').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('customers_last_name_trgm_idx').using('gin', sql`${t.lastName} gin_trgm_ops`),
    index('customers_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('customers_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    // The Family Id the lists show (the id's last 10 hex digits), so a search for it is a lookup.
    index('customers_family_id_idx').on(sql`right(replace(${t.id}, '-', ''), 10)`),
  ],
);

/** A customer's delivery addresses; orders point at one. */
export const customerAddressesTable = pgTable(
  'customer_addresses',
  {
    id: id(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customersTable.id, { onDelete: 'cascade' }),
    fullAddress: text('full_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('customer_addresses_customer_idx').on(t.customerId, t.createdAt)],
);

/** Every write made by an admin: who, when, what, which record. Read by the super-admin. */
export const auditLogTable = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    adminId: text('admin_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    /** The resource area, e.g. `categories`, `customers`. */
    resource: text('resource').notNull(),
    /** What was done, e.g. `create`, `update`, `delete`, `block`. */
    action: text('action').notNull(),
    recordId: text('record_id'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code').notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_admin_at_idx').on(t.adminId, t.at, t.id),
    index('audit_log_resource_at_idx').on(t.resource, t.at, t.id),
  ],
);

/**
 * Audit rows per admin and resource, kept by trigger (migration 0023): the audit log's total
 * without dates is a sum of a few rows instead of a count of the whole trail.
 */
export const auditCountsTable = pgTable(
  'audit_counts',
  {
    adminId: text('admin_id').notNull(),
    resource: text('resource').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.resource] })],
);

/**
 * Audit rows per UTC day, admin and resource, kept by the same trigger: a total with dates sums
 * the whole days and counts only the part-days at its ends (a bare date is a UTC midnight).
 */
export const auditDayCountsTable = pgTable(
  'audit_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    adminId: text('admin_id').notNull(),
    resource: text('resource').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.adminId, t.resource] })],
);

export { OPEN_ORDER_STATUSES, ORDER_STATUSES, type OrderStatus } from '@shared/statuses';

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

/** A rider's working hours: the morning round, the evening round, or both. */
export type RiderShift = 'Morning' | 'Evening' | 'Both';
/** The round a job goes out in (a job's shift is never Both). */
export type RunShift = 'Morning' | 'Evening';

/**
 * Delivery riders (issue 15): who takes the jobs of which pin codes, in which shift. A few
 * hundred at most, so the list pages with OFFSET; the pin codes are a GIN-indexed array so
 * "who serves 560001" is a lookup.
 */
export const ridersTable = pgTable(
  'riders',
  {
    id: id(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    vehicle: text('vehicle').notNull().default(''),
    pincodes: text('pincodes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    shift: text('shift').$type<RiderShift>().notNull().default('Both'),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('riders_phone_key').on(t.phone),
    index('riders_name_idx').on(t.name, t.id),
    index('riders_pincodes_idx').using('gin', t.pincodes),
  ],
);

/**
 * Cash handed in by a rider for a day's cash-on-delivery runs: one row per hand-in, never
 * edited (the day's total is their sum). The rider's name is kept so the record survives the
 * rider's deletion.
 */
export const riderCashSettlementsTable = pgTable(
  'rider_cash_settlements',
  {
    id: id(),
    riderId: text('rider_id').references(() => ridersTable.id, { onDelete: 'set null' }),
    riderName: text('rider_name').notNull(),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    settledBy: text('settled_by'),
    settledByName: text('settled_by_name'),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rider_cash_settlements_day_idx').on(t.runDate, t.riderId)],
);

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

export { RETURN_STATUSES, type ReturnStatus } from '@shared/statuses';

/** A customer's request to hand back jars or cylinders of an order. */
export const returnRequestsTable = pgTable(
  'return_requests',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => ordersTable.id, { onDelete: 'restrict' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customersTable.id, { onDelete: 'restrict' }),
    /** The order's service (water or oxygen). */
    categoryId: text('category_id')
      .notNull()
      .references(() => categoriesTable.id, { onDelete: 'restrict' }),
    returnedQuantity: integer('returned_quantity').notNull(),
    status: text('status').$type<ReturnStatus>().notNull().default('Pending'),
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** When and by whom it was approved or rejected; a settled request is not changed again. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: text('settled_by'),
  },
  (t) => [
    index('return_requests_category_requested_idx').on(t.categoryId, t.requestedAt, t.id),
    // The list's status filter (Pending requests to settle), and its total.
    index('return_requests_category_status_requested_idx').on(
      t.categoryId,
      t.status,
      t.requestedAt,
      t.id,
    ),
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_customer_idx').on(t.customerId),
  ],
);

export { SUPPORT_STATUSES, type SupportStatus } from '@shared/statuses';
export { SUPPORT_TYPES } from '@shared/support';

export const supportTicketsTable = pgTable(
  'support_tickets',
  {
    id: id(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customersTable.id, { onDelete: 'cascade' }),
    /** 0 to 5, see SUPPORT_TYPES. */
    supportType: integer('support_type').notNull(),
    status: text('status').$type<SupportStatus>().notNull().default('unresolved'),
    description: text('description').notNull(),
    ...timestamps,
  },
  (t) => [
    index('support_tickets_customer_created_idx').on(t.customerId, t.createdAt),
    index('support_tickets_created_idx').on(t.createdAt),
  ],
);

export const supportRepliesTable = pgTable(
  'support_replies',
  {
    id: id(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTicketsTable.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    adminId: text('admin_id'),
    adminName: text('admin_name'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_replies_ticket_idx').on(t.ticketId, t.date)],
);

/**
 * One row per customer with tickets (the Help list), kept by a trigger on `support_tickets`
 * (migration 0005): ticket count, unresolved count, latest ticket.
 */
export const supportCustomersTable = pgTable(
  'support_customers',
  {
    customerId: text('customer_id')
      .primaryKey()
      .references(() => customersTable.id, { onDelete: 'cascade' }),
    ticketCount: integer('ticket_count').notNull().default(0),
    unresolvedCount: integer('unresolved_count').notNull().default(0),
    lastTicketAt: timestamp('last_ticket_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Each sort with its tie-break (migration 0024), so that a deep page walks the index
    // without the table instead of sorting every customer with a ticket.
    index('support_customers_last_ticket_idx').on(t.lastTicketAt, t.customerId),
    // The Help list filtered to customers waiting for an answer, and sorted by ticket count.
    index('support_customers_unresolved_idx')
      .on(t.lastTicketAt, t.customerId)
      .where(sql`${t.unresolvedCount} > 0`),
    index('support_customers_ticket_count_idx').on(t.ticketCount, t.customerId),
  ],
);

/** The texts an admin edits (spec 001 content screens): terms, privacy policy and contact us. */
export const CONTENT_KEYS = ['terms', 'privacy', 'contact'] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];

export const contentPagesTable = pgTable('content_pages', {
  key: text('key').$type<ContentKey>().primaryKey(),
  /** Rich text, sanitised on save (server/lib/richText.ts): safe to show anywhere. */
  content: text('content').notNull().default(''),
  /** Contact us only: the support e-mail and phone shown on the landing page. */
  email: text('email'),
  phone: text('phone'),
  updatedBy: text('updated_by'),
  updatedAt: timestamps.updatedAt,
});

/**
 * Products of the e-commerce service (household essentials), each in a sub-category of the
 * category of kind `ecommerce`. `noOfSolds` is how many were sold.
 */
export const ecommerceProductsTable = pgTable(
  'ecommerce_products',
  {
    id: id(),
    subCategoryId: text('sub_category_id')
      .notNull()
      .references(() => subCategoriesTable.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    brandName: text('brand_name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull(),
    price: money('price').notNull(),
    discountPrice: money('discount_price').notNull(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    noOfSolds: integer('no_of_solds').notNull().default(0),
    status: text('status').$type<RecordStatus>().notNull().default('Active'),
    ...timestamps,
  },
  (t) => [
    index('ecommerce_products_created_idx').on(t.createdAt, t.id),
    index('ecommerce_products_sub_category_idx').on(t.subCategoryId, t.createdAt),
    index('ecommerce_products_sold_idx').on(t.noOfSolds, t.id),
    index('ecommerce_products_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('ecommerce_products_brand_trgm_idx').using('gin', sql`${t.brandName} gin_trgm_ops`),
  ],
);

/** Customers per day (in India) of sign-up and status, kept like customer_counts (migration 0010). */
export const customerDayCountsTable = pgTable(
  'customer_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').$type<CustomerStatus>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);

/**
 * Customers per status and per first two letters of a name sort's key (`sort`: first_name,
 * last_name or email; `bucket`: left(lower(value), 2)), kept like customer_counts (migration
 * 0025): where a deep page sorted by name starts (server/lib/bucketSeek.ts).
 */
export const customerSortBucketsTable = pgTable(
  'customer_sort_buckets',
  {
    sort: text('sort').$type<'first_name' | 'last_name' | 'email'>().notNull(),
    status: text('status').$type<CustomerStatus>().notNull(),
    bucket: text('bucket').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sort, t.status, t.bucket] })],
);

/** Customers per status, kept by a trigger on `customers` (migration 0008): the dashboard's cards. */
export const customerCountsTable = pgTable('customer_counts', {
  status: text('status').$type<CustomerStatus>().primaryKey(),
  n: integer('n').notNull().default(0),
});

/**
 * The parts of the demo data already written (server/db/seed/index.ts): each part's rows and
 * its row here are committed in one transaction, so a start after a crash adds only the parts
 * still missing. Migration 0011 fills it in for databases seeded before it existed.
 */
export const seedProgressTable = pgTable('seed_progress', {
  part: text('part').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Raw bytes, read as a Buffer (node-postgres gives one; PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded images with DATABASE_URL (server/lib/uploadStore.ts), keyed by the SHA-256 of their
 * bytes (hex) as the files on disk are named, so that every instance serves every image. Empty on
 * the embedded database, which keeps them in DATA_DIR/uploads. Rows are never changed in place.
 */
export const uploadsTable = pgTable('uploads', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/**
 * The business's details for its tax invoices (issue 16), one row (id 'default'). `stateCode`
 * is the GSTIN's first two digits; `overdueDays` is when returnables count as overdue.
 */
export const businessSettingsTable = pgTable('business_settings', {
  id: text('id').primaryKey().default('default'),
  legalName: text('legal_name').notNull(),
  tradeName: text('trade_name').notNull().default(''),
  gstin: text('gstin').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  stateCode: text('state_code').notNull(),
  pincode: text('pincode').notNull(),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  invoicePrefix: text('invoice_prefix').notNull(),
  overdueDays: integer('overdue_days').notNull().default(30),
  updatedBy: text('updated_by'),
  updatedAt: timestamps.updatedAt,
});

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
  },
  (t) => [
    uniqueIndex('invoices_series_key').on(t.financialYear, t.number),
    uniqueIndex('invoices_invoice_no_key').on(t.invoiceNo),
    index('invoices_issued_idx').on(t.issuedAt, t.orderId),
  ],
);
