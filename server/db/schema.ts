import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

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

export const PERMISSION_GROUPS = [
  'userManagement',
  'assigningJobs',
  'serviceManagement',
  'pricingManagement',
  'orders',
  'return',
  'banners',
  'tiffinPlan',
  'supports',
  'others',
  'settings',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];
export type Permissions = Record<PermissionGroup, boolean>;

export type AdminRole = 'admin' | 'super-admin';
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

export const CATEGORY_KINDS = [
  'water',
  'oxygen',
  'laundry',
  'tiffin',
  'ecommerce',
  'other',
] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

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
