import {
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id } from '../../db/columns';
import { adminsTable } from '../admins/tables';

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
