import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ridersTable } from '../riders/tables';
import { ordersTable } from '../orders/tables';

/**
 * A rider's signed-in phone (issue 40): one row per sign-in, named by its token's id. A
 * request with a rider's token stands while its row is neither ended (signed out by the rider
 * or an admin, the PIN changed) nor expired; admins see them as "Signed-in devices".
 */
export const riderSessionsTable = pgTable(
  'rider_sessions',
  {
    id: text('id').primaryKey(),
    riderId: text('rider_id')
      .notNull()
      .references(() => ridersTable.id, { onDelete: 'cascade' }),
    /** The phone's browser, from its User-Agent, for the admin to tell devices apart. */
    device: text('device').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('rider_sessions_rider_idx')
      .on(t.riderId, t.createdAt)
      .where(sql`${t.endedAt} is null`),
  ],
);

export type RiderActionKind = 'deliver' | 'not-delivered' | 'proof';

/**
 * What a rider did at a door (issue 40), one row per action, keyed by the idempotency key the
 * phone made when the rider tapped: the same action sent again finds its row and changes
 * nothing; the same key with other content is refused (409). `fingerprint` is the hash of the
 * action's content; `detail` what the rider reported (items, empties, money, reason, photo).
 * Never edited: a stop's outcome is its order's latest action.
 */
export const riderActionsTable = pgTable(
  'rider_actions',
  {
    key: text('key').primaryKey(),
    riderId: text('rider_id')
      .notNull()
      .references(() => ridersTable.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => ordersTable.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RiderActionKind>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rider_actions_order_idx').on(t.orderId, t.at)],
);
