import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { ordersTable } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { changeStatuses } from '../orders/statusChanges';
import { findSubscription } from './dto';
import { recordChange, type ChangeAdmin } from './history';

type Db = Database | Transaction;

/**
 * The subscription's orders already made for days from `from` to `to` (open-ended without) that
 * are still Pending: what a pause, skip or edit takes away, which the panel offers to cancel.
 * Read through orders_subscription_day_key.
 */
export async function madeOrders(db: Db, subscriptionId: string, from: string, to?: string | null) {
  const where: SQL[] = [
    eq(ordersTable.subscriptionId, subscriptionId),
    gte(ordersTable.deliveryDay, from),
    eq(ordersTable.status, 'Pending'),
  ];
  if (to) where.push(lte(ordersTable.deliveryDay, to));
  const rows = await db
    .select({
      _id: ordersTable.id,
      orderId: ordersTable.orderId,
      deliveryDay: ordersTable.deliveryDay,
      status: ordersTable.status,
    })
    .from(ordersTable)
    .where(and(...where))
    .orderBy(asc(ordersTable.deliveryDay))
    .limit(400);
  return rows.map((r) => ({ ...r, deliveryDay: r.deliveryDay ?? from }));
}

/**
 * subscription/cancel-day-order: cancels an open (Pending) order of the subscription through
 * the orders' own status change (its history row names the admin and the reason; counters and
 * invoices follow as for any cancel), and records it in the subscription's history, in one
 * transaction.
 */
export async function cancelDayOrder(
  db: Database,
  subscriptionId: string,
  orderId: string,
  admin: ChangeAdmin,
) {
  return db.transaction(async (tx) => {
    const subscription = await findSubscription(tx, subscriptionId);
    if (!subscription) throw notFound('This subscription does not exist.');
    const [order] = await tx
      .select({
        id: ordersTable.id,
        orderId: ordersTable.orderId,
        subscriptionId: ordersTable.subscriptionId,
        deliveryDay: ordersTable.deliveryDay,
        status: ordersTable.status,
      })
      .from(ordersTable)
      .where(eq(ordersTable.id, orderId))
      .for('update');
    if (!order) throw notFound('This order does not exist.');
    if (order.subscriptionId !== subscriptionId) {
      throw badRequest(`Order id: order ${order.orderId} is not an order of this subscription.`);
    }
    if (order.status !== 'Pending') {
      throw conflict(
        `Order ${order.orderId} is ${order.status}: only a Pending order can be cancelled here.`,
      );
    }
    const reason = `Cancelled from subscription: its day ${order.deliveryDay} no longer delivers`;
    await changeStatuses(tx, [order.id], 'Cancelled', admin, reason);
    await recordChange(
      tx,
      subscriptionId,
      'order cancelled',
      admin,
      { [`order ${order.orderId}`]: ['Pending', 'Cancelled'] },
      `Order ${order.orderId} for ${order.deliveryDay} cancelled`,
    );
    return order;
  });
}
