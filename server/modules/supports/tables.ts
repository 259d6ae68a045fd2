import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SupportStatus } from '@shared/statuses';
import { id, timestamps } from '../../db/columns';
import { customersTable } from '../customers/tables';

/*
 * Kept by a database trigger (change it together with these tables): support_tickets_keep_summary()
 * on support_tickets keeps support_customers (server/db/migrations/0005_order_counters.sql).
 */

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
    /** The latest reply (issue 37): when and by whom; null while unanswered. */
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }),
    lastReplyBy: text('last_reply_by'),
    ...timestamps,
  },
  (t) => [
    index('support_tickets_customer_created_idx').on(t.customerId, t.createdAt),
    index('support_tickets_created_idx').on(t.createdAt),
    // The ticket list (issue 37): newest first, by status, with the id as tie-break.
    index('support_tickets_status_created_idx').on(t.status, t.createdAt, t.id),
    index('support_tickets_created_id_idx').on(t.createdAt, t.id),
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
