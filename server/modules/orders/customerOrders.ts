import { indiaMidnight, nextDay } from '@shared/time';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  customerOrderCountsTable,
  customersTable,
  ordersTable,
  type OrderStatus,
} from '../../db/schema';

/** The customer's Orders tab's filters (issue 37): status, service, the days placed in India. */
export interface CustomerOrderFilter {
  status?: OrderStatus;
  categoryId?: string;
  from?: string;
  to?: string;
}

/**
 * A filtered total counts at most this many of the customer's orders in the date range (their
 * own index range); the pages past it are still reachable one by one. No household orders this
 * much in any range the panel asks for.
 */
export const CUSTOMER_ORDERS_COUNT_BOUND = 10_000;

/**
 * One customer's orders, newest first, through orders_customer_created_idx (customer_id,
 * created_at, id): the days bound the index range; status and service filter that customer's
 * rows only. The total comes from customer_order_counts (kept by trigger, migration 0010), which
 * holds the status and the service; with days it is counted on the same index range, bounded.
 * Answers undefined for an unknown customer.
 */
export async function customerOrderPage(
  db: Database,
  customerId: string,
  page: number,
  limit: number,
  filter: CustomerOrderFilter = {},
): Promise<{ ids: string[]; total: number } | undefined> {
  const [customer] = await db
    .select({ id: customersTable.id })
    .from(customersTable)
    .where(eq(customersTable.id, customerId));
  if (!customer) return undefined;
  const where: SQL[] = [eq(ordersTable.customerId, customerId)];
  if (filter.status) where.push(eq(ordersTable.status, filter.status));
  if (filter.categoryId) where.push(eq(ordersTable.categoryId, filter.categoryId));
  if (filter.from) where.push(gte(ordersTable.createdAt, indiaMidnight(filter.from)));
  if (filter.to) where.push(lt(ordersTable.createdAt, indiaMidnight(nextDay(filter.to))));
  const [rows, total] = await Promise.all([
    db
      .select({ id: ordersTable.id })
      .from(ordersTable)
      .where(and(...where))
      .orderBy(desc(ordersTable.createdAt), desc(ordersTable.id))
      .limit(limit)
      .offset((page - 1) * limit),
    filter.from || filter.to ? countInRange(db, where) : countFromCounters(db, customerId, filter),
  ]);
  return { ids: rows.map((r) => r.id), total };
}

async function countFromCounters(
  db: Database,
  customerId: string,
  filter: CustomerOrderFilter,
): Promise<number> {
  const c = customerOrderCountsTable;
  const where: SQL[] = [eq(c.customerId, customerId)];
  if (filter.status) where.push(eq(c.status, filter.status));
  if (filter.categoryId) where.push(eq(c.categoryId, filter.categoryId));
  const [counted] = await db
    .select({ n: sql<number>`coalesce(sum(${c.n}), 0)`.mapWith(Number) })
    .from(c)
    .where(and(...where));
  return counted?.n ?? 0;
}

async function countInRange(db: Database, where: SQL[]): Promise<number> {
  const inRange = db
    .select({ one: sql`1` })
    .from(ordersTable)
    .where(and(...where))
    .limit(CUSTOMER_ORDERS_COUNT_BOUND)
    .as('in_range');
  const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(inRange);
  return counted?.n ?? 0;
}
