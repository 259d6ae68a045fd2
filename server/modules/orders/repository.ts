import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  categoriesTable,
  customersTable,
  OPEN_ORDER_STATUSES,
  orderAccessoriesTable,
  orderCountsTable,
  ordersTable,
  orderStatusHistoryTable,
  plansTable,
  productsTable,
  type OrderStatus,
  type OrderType,
} from '../../db/schema';
import { likePattern } from '../../lib/sql';
import { customerSearchIds } from '../customers/repository';
import type { AccessoryRow, OrderRow } from './dto';

/** What the panel pays attention to: the total, or price + delivery on older orders. */
const paidAmount = sql`coalesce(${ordersTable.totalAmount}, ${ordersTable.price} + ${ordersTable.deliveryCharge})`;

/** Every field a list may be sorted by; each call accepts a subset (docs/api.md). */
export const ORDER_SORTS = {
  createdAt: ordersTable.createdAt,
  orderId: ordersTable.orderId,
  totalAmount: paidAmount,
  status: ordersTable.status,
  pincode: ordersTable.pincode,
} as const;
export type OrderSort = keyof typeof ORDER_SORTS;

/**
 * Written as the literal predicate of the partial index `orders_open_jobs_idx`, so the planner
 * can prove the index applies (a bound parameter list would not match it).
 */
const IS_OPEN = sql.raw(
  `"orders"."status" in (${OPEN_ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`,
);

export interface OrderFilter {
  categoryId?: string;
  /** Only these statuses; `'open'` = the jobs still to do (Pending, Out for Delivery). */
  statuses?: OrderStatus[] | 'open';
  pincode?: string;
  orderType?: OrderType;
  /** Order id, or the customer's first name, last name, e-mail or phone. */
  search?: string;
}

export interface OrderPageQuery extends OrderFilter {
  sort: OrderSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** The columns of an order answer: the order and the names it refers to, in one join. */
const orderSelection = {
  order: ordersTable,
  customer: {
    id: customersTable.id,
    firstName: customersTable.firstName,
    lastName: customersTable.lastName,
    email: customersTable.email,
    phone: customersTable.phone,
  },
  service: { id: categoriesTable.id, name: categoriesTable.name, kind: categoriesTable.kind },
  product: { id: productsTable.id, name: productsTable.name },
  plan: { id: plansTable.id, name: plansTable.name, duration: plansTable.duration },
};

export function createOrderRepository(db: Database) {
  /** The conditions on `orders` itself, without the search. */
  function baseConditions(f: OrderFilter): SQL[] {
    const where: SQL[] = [];
    if (f.categoryId) where.push(eq(ordersTable.categoryId, f.categoryId));
    if (f.statuses === 'open') where.push(IS_OPEN);
    else if (f.statuses) where.push(inArray(ordersTable.status, f.statuses));
    if (f.pincode !== undefined) where.push(eq(ordersTable.pincode, f.pincode));
    if (f.orderType) where.push(eq(ordersTable.orderType, f.orderType));
    return where;
  }

  /**
   * Ids of the orders matching the filter whose order id or customer matches the search: one
   * trigram-indexed lookup per column joined by UNION (an OR across the join ignores the
   * indexes). Each branch carries the filter, so the outer query is only `id in (...)` and
   * starts from the (few) matches, whatever the planner knows of the table.
   */
  function searchIds(base: SQL[], search: string) {
    const branch = (where: SQL) =>
      db
        .select({ id: ordersTable.id })
        .from(ordersTable)
        .where(and(...base, where));
    return union(
      branch(ilike(ordersTable.orderId, likePattern(search))),
      branch(inArray(ordersTable.customerId, customerSearchIds(db, search))),
    );
  }

  function whereOf(f: OrderFilter): SQL | undefined {
    const base = baseConditions(f);
    return f.search ? inArray(ordersTable.id, searchIds(base, f.search)) : and(...base);
  }

  /** Ties are broken by creation time, then id, so paging is stable. */
  function orderingOf(sort: OrderSort, order: 'asc' | 'desc'): SQL[] {
    const direction = order === 'desc' ? desc : asc;
    const keys: SQL[] = [];
    if (sort !== 'createdAt') keys.push(direction(ORDER_SORTS[sort]));
    keys.push(direction(ordersTable.createdAt), direction(ordersTable.id));
    return keys;
  }

  /** The order rows of `ids` (a subquery or a list), joined with the names they refer to. */
  function joinedFrom() {
    return db
      .select(orderSelection)
      .from(ordersTable)
      .innerJoin(customersTable, eq(customersTable.id, ordersTable.customerId))
      .innerJoin(categoriesTable, eq(categoriesTable.id, ordersTable.categoryId))
      .leftJoin(productsTable, eq(productsTable.id, ordersTable.productId))
      .leftJoin(plansTable, eq(plansTable.id, ordersTable.planId));
  }

  /**
   * The total from the counters kept by trigger (migration 0005), never a count over orders;
   * only a search, which the counters know nothing of, counts the (few) matching rows.
   */
  async function total(f: OrderFilter): Promise<number> {
    if (f.search) {
      const [row] = await db.select({ n: count() }).from(ordersTable).where(whereOf(f));
      return row?.n ?? 0;
    }
    const where: SQL[] = [];
    if (f.categoryId) where.push(eq(orderCountsTable.categoryId, f.categoryId));
    if (f.statuses) {
      const statuses = f.statuses === 'open' ? OPEN_ORDER_STATUSES : f.statuses;
      where.push(inArray(orderCountsTable.status, statuses));
    }
    if (f.pincode !== undefined) where.push(eq(orderCountsTable.pincode, f.pincode));
    if (f.orderType) where.push(eq(orderCountsTable.orderType, f.orderType));
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${orderCountsTable.n}), 0)`.mapWith(Number) })
      .from(orderCountsTable)
      .where(and(...where));
    return row?.n ?? 0;
  }

  return {
    total,

    /**
     * One page: a deferred join picks the page's ids through the index first (cheap even for
     * deep pages), then joins only those rows with the customer, service, product and plan.
     */
    async page(q: OrderPageQuery): Promise<{ rows: OrderRow[]; total: number }> {
      const ordering = orderingOf(q.sort, q.order);
      const pageIds = db
        .select({ id: ordersTable.id })
        .from(ordersTable)
        .where(whereOf(q))
        .orderBy(...ordering)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .as('page_ids');
      const [rows, n] = await Promise.all([
        joinedFrom()
          .innerJoin(pageIds, eq(pageIds.id, ordersTable.id))
          .orderBy(...ordering),
        total(q),
      ]);
      return { rows: rows as OrderRow[], total: n };
    },

    /** Every order of one type, newest first (the by-type call; the panel pages it). */
    async allOfType(orderType: OrderType): Promise<OrderRow[]> {
      const rows = await joinedFrom()
        .where(eq(ordersTable.orderType, orderType))
        .orderBy(...orderingOf('createdAt', 'desc'));
      return rows as OrderRow[];
    },

    /**
     * Every job of the filter for the job sheet, in the sheet's order: by pin code, emergencies
     * first, then oldest first. One query, however many jobs.
     */
    async jobsForSheet(f: OrderFilter): Promise<OrderRow[]> {
      const rows = await joinedFrom()
        .where(whereOf(f))
        .orderBy(
          asc(ordersTable.pincode),
          desc(ordersTable.isEmergency),
          asc(ordersTable.createdAt),
          asc(ordersTable.id),
        );
      return rows as OrderRow[];
    },

    /** The accessories of every order of the filter, in one query, grouped by order id. */
    async accessoriesOf(f: OrderFilter): Promise<Map<string, AccessoryRow[]>> {
      const ids = db.select({ id: ordersTable.id }).from(ordersTable).where(whereOf(f));
      const rows = await db
        .select()
        .from(orderAccessoriesTable)
        .where(inArray(orderAccessoriesTable.orderId, ids))
        .orderBy(asc(orderAccessoriesTable.orderId), asc(orderAccessoriesTable.id));
      const byOrder = new Map<string, AccessoryRow[]>();
      for (const row of rows) {
        const list = byOrder.get(row.orderId);
        if (list) list.push(row);
        else byOrder.set(row.orderId, [row]);
      }
      return byOrder;
    },

    async findById(id: string): Promise<OrderRow | undefined> {
      const [row] = await joinedFrom().where(eq(ordersTable.id, id));
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

    /**
     * Sets the status and records the step in one transaction. The row is locked first, so
     * when two admins change the same order at once the second waits and records the status
     * the first one set as its `fromStatus`.
     */
    async setStatus(
      id: string,
      status: OrderStatus,
      admin: { id: string; name: string } | null,
    ): Promise<'missing' | 'unchanged' | 'changed'> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ status: ordersTable.status })
          .from(ordersTable)
          .where(eq(ordersTable.id, id))
          .for('update');
        if (!current) return 'missing';
        if (current.status === status) return 'unchanged';
        await tx.update(ordersTable).set({ status }).where(eq(ordersTable.id, id));
        await tx.insert(orderStatusHistoryTable).values({
          orderId: id,
          fromStatus: current.status,
          toStatus: status,
          adminId: admin?.id ?? null,
          adminName: admin?.name ?? null,
        });
        return 'changed';
      });
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;

/**
 * How many orders name a product or a plan (to explain a refused delete); served by
 * `orders_product_idx` / `orders_plan_idx`.
 */
export async function countOrdersOf(
  db: Database,
  ref: { productId: string } | { planId: string },
): Promise<number> {
  const where =
    'productId' in ref
      ? eq(ordersTable.productId, ref.productId)
      : eq(ordersTable.planId, ref.planId);
  const [row] = await db.select({ n: count() }).from(ordersTable).where(where);
  return row?.n ?? 0;
}

/** Why a product or plan cannot be deleted, and what to do instead. */
export function inOrdersMessage(what: 'product' | 'plan', orders: number): string {
  const where = orders > 0 ? `in ${orders} order${orders === 1 ? '' : 's'}` : 'used by orders';
  return `This ${what} is ${where} and cannot be deleted. Set it Inactive instead.`;
}
