import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReturnStatus } from '@shared/statuses';
import { id } from '../../db/columns';
import { categoriesTable } from '../categories/tables';
import { customersTable } from '../customers/tables';
import { ordersTable } from '../orders/tables';

/*
 * A database trigger reads this table (change it together with it):
 * return_requests_keep_returnables() on return_requests writes the returnables ledger's entry of
 * an approved request (server/db/migrations/0021_returnable_ledger.sql).
 */

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
