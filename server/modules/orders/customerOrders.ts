import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerOrderCountsTable, customersTable, ordersTable } from '../../db/schema';

/**
 * One customer's orders, newest first (orders_customer_created_idx), and their total from
 * customer_order_counts (kept by trigger, migration 0010): the customer's Orders tab. Answers
 * undefined for an unknown customer.
 */
export async function customerOrderPage(
  db: Database,
  customerId: string,
  page: number,
  limit: number,
): Promise<{ ids: string[]; total: number } | undefined> {
  const [customer] = await db
    .select({ id: customersTable.id })
    .from(customersTable)
    .where(eq(customersTable.id, customerId));
  if (!customer) return undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: ordersTable.id })
      .from(ordersTable)
      .where(eq(ordersTable.customerId, customerId))
      .orderBy(desc(ordersTable.createdAt), desc(ordersTable.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`coalesce(sum(${customerOrderCountsTable.n}), 0)`.mapWith(Number) })
      .from(customerOrderCountsTable)
      .where(eq(customerOrderCountsTable.customerId, customerId)),
  ]);
  return { ids: rows.map((r) => r.id), total: counted?.n ?? 0 };
}
