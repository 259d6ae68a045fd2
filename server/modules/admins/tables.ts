import {
  bigserial,
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
import type { AdminRole, Permissions } from '@shared/permissions';
import { type RecordStatus, id, timestamps } from '../../db/columns';

/*
 * Kept by database triggers (change them together with these tables): audit_log_keep_counts()
 * on audit_log keeps audit_counts and audit_day_counts
 * (server/db/migrations/0023_audit_counts.sql).
 */

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

/** One field a write changed, as a person reads it: `Price`, `₹90` → `₹95`. */
export interface AuditChange {
  field: string;
  from: string | null;
  to: string | null;
}

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
    /**
     * The write in words (issue 37), e.g. `Blocked customer Mary Mehta`; null on rows written
     * before it (the panel then words them from resource and action).
     */
    summary: text('summary'),
    /** What the write changed, field by field: `[{ field, from, to }]` (labels and shown values). */
    changes: jsonb('changes').$type<AuditChange[]>(),
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
