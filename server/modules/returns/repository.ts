import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  adminsTable,
  categoriesTable,
  customersTable,
  ordersTable,
  returnRequestsTable,
  type ReturnStatus,
} from '../../db/schema';
import { anyOf } from '../../lib/sql';
import { findCustomerIds } from '../customers/repository';
import { findOrderIds } from '../orders/repository';

export const RETURN_SORTS = {
  requestedAt: returnRequestsTable.requestedAt,
  returnedQuantity: returnRequestsTable.returnedQuantity,
  status: returnRequestsTable.status,
} as const;
export type ReturnSort = keyof typeof RETURN_SORTS;

/** What a return request answer is built from: the request, its order, customer and settler. */
const detailFields = {
  request: returnRequestsTable,
  order: {
    id: ordersTable.id,
    orderId: ordersTable.orderId,
    quantity: ordersTable.quantity,
    status: ordersTable.status,
  },
  customer: {
    id: customersTable.id,
    email: customersTable.email,
    firstName: customersTable.firstName,
    lastName: customersTable.lastName,
  },
  settledByName: adminsTable.name,
};

export interface ReturnDetail {
  request: typeof returnRequestsTable.$inferSelect;
  order: { id: string; orderId: string; quantity: number; status: string };
  customer: { id: string; email: string; firstName: string; lastName: string };
  settledByName: string | null;
}

/**
 * The spec's return request record: `order` is a list (the old client reads `order[0]`) and
 * `returnInfo.orderId` repeats the order number. `settledBy` is an addition.
 */
export function toReturnRequestDto(d: ReturnDetail) {
  const r = d.request;
  return {
    _id: r.id,
    order: [
      {
        _id: d.order.id,
        orderId: d.order.orderId,
        quantity: d.order.quantity,
        status: d.order.status,
      },
    ],
    returnInfo: { orderId: d.order.orderId },
    user: {
      _id: d.customer.id,
      email: d.customer.email,
      firstName: d.customer.firstName,
      lastName: d.customer.lastName,
    },
    serviceId: r.categoryId,
    returnedQuantity: r.returnedQuantity,
    status: r.status,
    requestedAt: r.requestedAt,
    approvedAt: r.approvedAt,
    settledAt: r.settledAt,
    settledBy: r.settledBy ? { _id: r.settledBy, name: d.settledByName ?? '' } : null,
    reason: r.reason,
  };
}

export type SettleOutcome =
  | { outcome: 'settled'; detail: ReturnDetail }
  | { outcome: 'missing' }
  | { outcome: 'alreadySettled'; detail: ReturnDetail };

export function createReturnRepository(db: Database) {
  function details() {
    return db
      .select(detailFields)
      .from(returnRequestsTable)
      .innerJoin(ordersTable, eq(ordersTable.id, returnRequestsTable.orderId))
      .innerJoin(customersTable, eq(customersTable.id, returnRequestsTable.customerId))
      .leftJoin(adminsTable, eq(adminsTable.id, returnRequestsTable.settledBy))
      .$dynamic();
  }

  /**
   * The requests whose order number or customer e-mail contain the text: both looked up first
   * through their trigram indexes (bounded), then the requests by those ids through
   * return_requests_order_idx / return_requests_customer_idx.
   */
  async function searchCondition(search: string): Promise<SQL> {
    const [orderIds, customerIds] = await Promise.all([
      findOrderIds(db, search),
      findCustomerIds(db, search, ['email']),
    ]);
    return or(
      anyOf(returnRequestsTable.orderId, orderIds),
      anyOf(returnRequestsTable.customerId, customerIds),
    )!;
  }

  async function findById(id: string): Promise<ReturnDetail | undefined> {
    const [row] = await details().where(eq(returnRequestsTable.id, id));
    return row;
  }

  return {
    findById,

    /** The one category of that kind (kinds other than `other` are unique). */
    async categoryIdOfKind(kind: 'water' | 'oxygen') {
      const [row] = await db
        .select({ id: categoriesTable.id })
        .from(categoriesTable)
        .where(eq(categoriesTable.kind, kind));
      return row?.id;
    },

    async list(q: {
      categoryId: string;
      search?: string;
      sort: ReturnSort;
      order: 'asc' | 'desc';
      page: number;
      limit: number;
    }) {
      // Served by return_requests_category_requested_idx (category_id, requested_at, id).
      const where: SQL[] = [eq(returnRequestsTable.categoryId, q.categoryId)];
      if (q.search) where.push(await searchCondition(q.search));
      const filter = and(...where);
      const direction = q.order === 'desc' ? desc : asc;
      const ordering = [direction(RETURN_SORTS[q.sort]), direction(returnRequestsTable.id)];
      // Deferred join: page through the narrow index first, then join only that page's rows.
      const pageIds = db
        .select({ id: returnRequestsTable.id })
        .from(returnRequestsTable)
        .where(filter)
        .orderBy(...ordering)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const [rows, [total]] = await Promise.all([
        details()
          .where(inArray(returnRequestsTable.id, pageIds))
          .orderBy(...ordering),
        db.select({ n: count() }).from(returnRequestsTable).where(filter),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Approves or rejects a Pending request. The check and the change are one conditional
     * UPDATE, so when two admins settle the same request at once only the first one wins.
     */
    async settle(
      id: string,
      change: { status: Exclude<ReturnStatus, 'Pending'>; reason?: string; adminId: string },
    ): Promise<SettleOutcome> {
      const now = new Date();
      const [updated] = await db
        .update(returnRequestsTable)
        .set({
          status: change.status,
          settledAt: now,
          settledBy: change.adminId,
          ...(change.status === 'Approved' ? { approvedAt: now } : {}),
          // No reason given keeps the one the request may already carry.
          ...(change.reason ? { reason: change.reason } : {}),
        })
        .where(and(eq(returnRequestsTable.id, id), eq(returnRequestsTable.status, 'Pending')))
        .returning({ id: returnRequestsTable.id });
      const detail = await findById(id);
      if (!detail) return { outcome: 'missing' };
      return updated ? { outcome: 'settled', detail } : { outcome: 'alreadySettled', detail };
    },
  };
}
