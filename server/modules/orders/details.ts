import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderAccessoriesTable, ordersTable, orderStatusHistoryTable } from '../../db/schema';
import type { AccessoryRow, OrderRow } from './dto';
import { joinedFrom } from './rows';

/** One order as its screen shows it: the order, its accessories, its history. */
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
