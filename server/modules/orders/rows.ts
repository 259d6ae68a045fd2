import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  categoriesTable,
  customersTable,
  ordersTable,
  orderStatusHistoryTable,
  plansTable,
  productsTable,
  ridersTable,
} from '../../db/schema';
import type { OrderRow } from './dto';

/**
 * The customer of each order, looked up by its primary key row by row. As a join, PostgreSQL
 * hashes the whole customers table once a page holds a few hundred orders (the job sheet's
 * batches, by-type's bounded answer): at 100 000 customers that reads them all every time.
 */
export const customerOfOrder = sql<OrderRow['customer']>`(
  select json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name,
    'email', c.email, 'phone', c.phone)
  from ${customersTable} c where c.id = ${ordersTable.customerId})`;

/**
 * When a delivered emergency was delivered (its last Delivered step), in epoch milliseconds; null
 * for any other order. Looked up only for those (CASE runs the subquery for them alone), through
 * order_status_history_order_idx: the panel shows their order-to-delivery time (issue 40).
 */
export const deliveredAtOfEmergency = sql<number | null>`(CASE
  WHEN ${ordersTable.isEmergency} AND ${ordersTable.status} = 'Delivered' THEN (
    select extract(epoch from max(h.at)) * 1000 from ${orderStatusHistoryTable} h
     where h.order_id = ${ordersTable.id} and h.to_status = 'Delivered')
  END)::float8`;

/** The columns of an order answer: the order and the names it refers to, in one query. */
const orderSelection = {
  order: ordersTable,
  deliveredAt: deliveredAtOfEmergency,
  customer: customerOfOrder,
  service: { id: categoriesTable.id, name: categoriesTable.name, kind: categoriesTable.kind },
  product: { id: productsTable.id, name: productsTable.name },
  plan: { id: plansTable.id, name: plansTable.name, duration: plansTable.duration },
  rider: { id: ridersTable.id, name: ridersTable.name },
};

/** The order rows of `ids` (a subquery or a list), joined with the names they refer to. */
export function joinedFrom(db: Database | Transaction) {
  return db
    .select(orderSelection)
    .from(ordersTable)
    .innerJoin(categoriesTable, eq(categoriesTable.id, ordersTable.categoryId))
    .leftJoin(productsTable, eq(productsTable.id, ordersTable.productId))
    .leftJoin(plansTable, eq(plansTable.id, ordersTable.planId))
    .leftJoin(ridersTable, eq(ridersTable.id, ordersTable.riderId));
}
