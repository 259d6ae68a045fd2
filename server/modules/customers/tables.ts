import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BillingMode } from '@shared/account';
import { id, money, timestamps } from '../../db/columns';

/*
 * Kept by database triggers (change them together with these tables): customers_keep_counts()
 * on customers keeps customer_counts, customer_day_counts and customer_sort_buckets (created in
 * server/db/migrations/0008_customer_counts.sql, last replaced in 0025_customer_sort_buckets.sql;
 * also 0010_day_counts.sql).
 */

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
    /** The account's balance (issue 36): kept by account_entries' trigger, never written here. */
    wallet: money('wallet').notNull().default('0'),
    billingMode: text('billing_mode').$type<BillingMode>().notNull().default('prepaid'),
    /** Prepaid: a subscription day the balance cannot pay is not made (skip reason `balance`). */
    pauseWhenLow: boolean('pause_when_low').notNull().default(false),
    /**
     * Paise a day the customer's active subscriptions paid from the account cost on average
     * (kept by the subscriptions' trigger, migration 0038): the low-balance list's days covered.
     */
    dailySpend: bigint('daily_spend', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<CustomerStatus>().notNull().default('Active'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    imageUrl: text('image_url'),
    /**
     * A registered buyer's GSTIN and legal name (issue 38): printed on their invoices, which then
     * go to GSTR-1's B2B table. Null for a household (unregistered).
     */
    gstin: text('gstin'),
    legalName: text('legal_name'),
    ...timestamps,
  },
  (t) => [
    // A customer added by phone may have no e-mail ('', issue 37): unique among those who do.
    uniqueIndex('customers_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
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
    // Low balance (issue 36): prepaid customers by the days their balance covers.
    index('customers_days_covered_idx')
      .on(sql`(${t.wallet} * 100 / ${t.dailySpend})`, t.id)
      .where(sql`${t.billingMode} = 'prepaid' and ${t.dailySpend} > 0`),
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

/**
 * Internal notes on a customer (issue 37): what an operator wants the next one to know ("gate
 * closes at 8", "pays by UPI only"), never shown to the customer. Kept, never edited; newest first.
 */
export const customerNotesTable = pgTable(
  'customer_notes',
  {
    id: id(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customersTable.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    adminId: text('admin_id'),
    adminName: text('admin_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.customerId, t.createdAt, t.id)],
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
