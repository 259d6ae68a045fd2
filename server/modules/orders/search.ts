import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ordersTable } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { anyOf, likePattern } from '../../lib/sql';
import { findCustomerIds, SEARCH_MATCH_LIMIT } from '../customers/repository';
import { baseConditions, type OrderFilter } from './conditions';

/**
 * A whole order number (placeOrder.ts's newOrderNumber: OD, yymmdd, 6 characters), found
 * through the unique index: every order number has that length, so it is the one order that
 * contains it. Through the trigram index its common trigrams (od2, d26, 261, ...) are in millions
 * of ids, and their intersection took 50-370 ms at 10 M orders.
 */
const ORDER_NUMBER = /^OD\d{6}[0-9A-Z]{6}$/i;

/**
 * Orders whose order id contains the text, through the trigram index; ids have no word to start,
 * so text shorter than a trigram looks for nothing here. Bounded like the customers' search
 * (server/modules/customers/repository.ts). Exported for the areas that search by order id.
 */
export async function findOrderIds(db: Database, search: string): Promise<string[]> {
  if (search.length < 3) return [];
  const rows = await db
    .select({ id: ordersTable.id })
    .from(ordersTable)
    .where(
      ORDER_NUMBER.test(search)
        ? eq(ordersTable.orderId, search.toUpperCase())
        : ilike(ordersTable.orderId, likePattern(search)),
    )
    .limit(SEARCH_MATCH_LIMIT + 1);
  if (rows.length > SEARCH_MATCH_LIMIT) {
    throw badRequest(
      `More than ${SEARCH_MATCH_LIMIT.toLocaleString('en-IN')} orders match "${search}". Type more of the order id.`,
    );
  }
  return rows.map((r) => r.id);
}

/** What a search matched: customers (name, e-mail, phone) and orders (order id). */
export interface SearchMatches {
  customerIds: string[];
  orderIds: string[];
}

/**
 * What a search matches, looked up first through the trigram indexes (each bounded,
 * server/modules/customers/repository.ts): the customers by name, e-mail or phone, and the
 * orders by order id. Lists, so that the queries using them are index lookups by a list the
 * planner can count, whatever the table's size.
 */
export async function lookUp(db: Database, search: string): Promise<SearchMatches> {
  const [customerIds, orderIds] = await Promise.all([
    findCustomerIds(db, search),
    findOrderIds(db, search),
  ]);
  return { customerIds, orderIds };
}

/**
 * The search as one condition on `orders`: one of the matched ids, or of the matched customers.
 * As one query with the filter and the sort, the planner picks between walking the sort's
 * index until a page is found (a common surname) and looking the few matches up (a phone).
 */
export function matchCondition(m: SearchMatches): SQL {
  const conditions: SQL[] = [];
  if (m.orderIds.length) conditions.push(anyOf(ordersTable.id, m.orderIds));
  if (m.customerIds.length) conditions.push(anyOf(ordersTable.customerId, m.customerIds));
  return conditions.length ? or(...conditions)! : sql`false`;
}

/** The filter and search as one condition on `orders` (the job sheet's rows). */
export async function whereOf(db: Database, f: OrderFilter): Promise<SQL | undefined> {
  const base = baseConditions(f);
  if (!f.search) return and(...base);
  return and(...base, matchCondition(await lookUp(db, f.search)));
}
