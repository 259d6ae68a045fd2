/**
 * A record's name by its id, for audit rows whose answer carries no named record (bulk calls,
 * ledger calls that name a customer by id): one primary-key lookup per row, never a scan.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { AuditChange } from '../modules/admins/tables';
import type { Database, Transaction } from '../db/client';
import {
  customersTable,
  ordersTable,
  orderStatusHistoryTable,
  returnRequestsTable,
  ridersTable,
  subscriptionsTable,
  supportTicketsTable,
} from '../db/schema';

type Db = Database | Transaction;

const customerName = sql<string>`${customersTable.firstName} || ' ' || ${customersTable.lastName}`;
const orderName = sql<string>`'#' || ${ordersTable.orderId}`;

/** Each resource (the path's first part) whose records are named by another table's row. */
const LOOKUPS: Record<string, (db: Db, id: string) => Promise<{ name: string }[]>> = {
  user: (db, id) =>
    db.select({ name: customerName }).from(customersTable).where(eq(customersTable.id, id)),
  order: (db, id) => db.select({ name: orderName }).from(ordersTable).where(eq(ordersTable.id, id)),
  'return-history': (db, id) =>
    db
      .select({ name: sql<string>`'for order ' || ${orderName}` })
      .from(returnRequestsTable)
      .innerJoin(ordersTable, eq(ordersTable.id, returnRequestsTable.orderId))
      .where(eq(returnRequestsTable.id, id)),
  support: (db, id) =>
    db
      .select({ name: sql<string>`'of ' || ${customerName}` })
      .from(supportTicketsTable)
      .innerJoin(customersTable, eq(customersTable.id, supportTicketsTable.customerId))
      .where(eq(supportTicketsTable.id, id)),
  subscription: (db, id) =>
    db
      .select({ name: sql<string>`'of ' || ${customerName}` })
      .from(subscriptionsTable)
      .innerJoin(customersTable, eq(customersTable.id, subscriptionsTable.customerId))
      .where(eq(subscriptionsTable.id, id)),
  rider: (db, id) =>
    db.select({ name: ridersTable.name }).from(ridersTable).where(eq(ridersTable.id, id)),
};
// Ledger calls name the customer (their body's userId).
LOOKUPS.account = LOOKUPS.user!;
LOOKUPS.returnable = LOOKUPS.user!;

/** The name of the record `id` of `resource`, or null when it has none to look up. */
export async function recordName(db: Db, resource: string, id: string | null) {
  const lookup = id ? LOOKUPS[resource] : undefined;
  if (!lookup || !id) return null;
  const [row] = await lookup(db, id);
  return row?.name ?? null;
}

/**
 * What a bulk call changed on one record, when the call does not say: an order's status step,
 * from the history row the same transaction just wrote (its newest, by the (order_id, at) index).
 */
export async function recordChanges(
  db: Db,
  asRoute: string,
  id: string,
): Promise<AuditChange[] | undefined> {
  if (asRoute !== '/api/order/update-status') return undefined;
  const h = orderStatusHistoryTable;
  const [step] = await db
    .select({ from: h.fromStatus, to: h.toStatus })
    .from(h)
    .where(eq(h.orderId, id))
    .orderBy(desc(h.at), desc(h.id))
    .limit(1);
  return step && step.from !== step.to
    ? [{ field: 'Status', from: step.from ?? null, to: step.to }]
    : undefined;
}
