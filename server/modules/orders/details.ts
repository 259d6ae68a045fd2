import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  invoicesTable,
  orderAccessoriesTable,
  ordersTable,
  orderStatusHistoryTable,
  returnRequestsTable,
  ridersTable,
} from '../../db/schema';
import type { AccessoryRow, OrderRow } from './dto';
import { joinedFrom } from './rows';

/** The most return requests get-order names (an order has one or two). */
export const ORDER_RETURNS_BOUND = 20;

/** One order as its screen shows it: the order, its accessories, its history, its relatives. */
export function createOrderDetails(db: Database) {
  return {
    /** The accessories of these orders, in one query, grouped by order id. */
    async accessoriesOf(orderIds: string[]): Promise<Map<string, AccessoryRow[]>> {
      const byOrder = new Map<string, AccessoryRow[]>();
      if (!orderIds.length) return byOrder;
      const rows = await db
        .select()
        .from(orderAccessoriesTable)
        .where(inArray(orderAccessoriesTable.orderId, orderIds))
        .orderBy(asc(orderAccessoriesTable.orderId), asc(orderAccessoriesTable.id));
      for (const row of rows) {
        const list = byOrder.get(row.orderId);
        if (list) list.push(row);
        else byOrder.set(row.orderId, [row]);
      }
      return byOrder;
    },

    async findById(id: string): Promise<OrderRow | undefined> {
      const [row] = await joinedFrom(db).where(eq(ordersTable.id, id));
      return row as OrderRow | undefined;
    },

    async accessories(orderId: string) {
      return db
        .select()
        .from(orderAccessoriesTable)
        .where(eq(orderAccessoriesTable.orderId, orderId))
        .orderBy(asc(orderAccessoriesTable.id));
    },

    /** The rider's phone (by the riders' primary key), for the order's view. */
    async riderPhone(riderId: string | null): Promise<string | null> {
      if (!riderId) return null;
      const [row] = await db
        .select({ phone: ridersTable.phone })
        .from(ridersTable)
        .where(eq(ridersTable.id, riderId));
      return row?.phone ?? null;
    },

    /** The order's return requests, newest first (return_requests_order_idx), bounded. */
    async returnRequests(orderId: string) {
      return db
        .select({
          id: returnRequestsTable.id,
          status: returnRequestsTable.status,
          returnedQuantity: returnRequestsTable.returnedQuantity,
          requestedAt: returnRequestsTable.requestedAt,
        })
        .from(returnRequestsTable)
        .where(eq(returnRequestsTable.orderId, orderId))
        .orderBy(desc(returnRequestsTable.requestedAt), desc(returnRequestsTable.id))
        .limit(ORDER_RETURNS_BOUND);
    },

    /** The order's tax invoice, if it has one (by the invoices' primary key). */
    async invoiceOf(orderId: string) {
      const [row] = await db
        .select({ invoiceNo: invoicesTable.invoiceNo, issuedAt: invoicesTable.issuedAt })
        .from(invoicesTable)
        .where(eq(invoicesTable.orderId, orderId));
      return row ?? null;
    },

    /** Oldest first; the serial id orders steps written in the same instant. */
    async history(orderId: string) {
      return db
        .select()
        .from(orderStatusHistoryTable)
        .where(eq(orderStatusHistoryTable.orderId, orderId))
        .orderBy(asc(orderStatusHistoryTable.at), asc(orderStatusHistoryTable.id));
    },
  };
}
