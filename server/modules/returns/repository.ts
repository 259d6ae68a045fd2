import { and, asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  adminsTable,
  categoriesTable,
  customersTable,
  ordersTable,
  returnRequestsTable,
  type ReturnStatus,
} from '../../db/schema';
import { afterRow, keysetBatches, orderBy, type SortKey } from '../../lib/keyset';
import { anyOf } from '../../lib/sql';
import { findCustomerIds } from '../customers/repository';
import { findOrderIds } from '../orders/repository';

export const RETURN_SORTS = {
  requestedAt: returnRequestsTable.requestedAt,
  returnedQuantity: returnRequestsTable.returnedQuantity,
  status: returnRequestsTable.status,
} as const;
export type ReturnSort = keyof typeof RETURN_SORTS;

/** A list's filter, search and order, without a page. */
export interface ReturnListQuery {
  categoryId: string;
  /** Only requests in this status. */
  status?: ReturnStatus;
  search?: string;
  sort: ReturnSort;
  order: 'asc' | 'desc';
}

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

/** How an admin settles Pending requests: the decision, an optional reason, who. */
export interface Settlement {
  status: Exclude<ReturnStatus, 'Pending'>;
  reason?: string;
  adminId: string;
}

export interface BulkSettleOutcome {
  missing: string[];
  /** Already approved or rejected: the bulk call then changes nothing. */
  notPending: string[];
  settled: string[];
}

/**
 * Settles those of the requests that are still Pending, as one conditional UPDATE, and answers
 * the ids it settled: the one change of the single and the bulk settlement.
 */
function settlePending(db: Database | Transaction, ids: string[], change: Settlement) {
  const now = new Date();
  return db
    .update(returnRequestsTable)
    .set({
      status: change.status,
      settledAt: now,
      settledBy: change.adminId,
      ...(change.status === 'Approved' ? { approvedAt: now } : {}),
      // No reason given keeps the one the request may already carry.
      ...(change.reason ? { reason: change.reason } : {}),
    })
    .where(and(anyOf(returnRequestsTable.id, ids), eq(returnRequestsTable.status, 'Pending')))
    .returning({ id: returnRequestsTable.id });
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

  /**
   * Served by return_requests_category_requested_idx (category_id, requested_at, id), or with a
   * status by return_requests_category_status_requested_idx.
   */
  async function filterOf(q: ReturnListQuery): Promise<SQL | undefined> {
    const where: SQL[] = [eq(returnRequestsTable.categoryId, q.categoryId)];
    if (q.status) where.push(eq(returnRequestsTable.status, q.status));
    if (q.search) where.push(await searchCondition(q.search));
    return and(...where);
  }

  const sortKeys = (q: ReturnListQuery): SortKey[] => [
    { key: RETURN_SORTS[q.sort], order: q.order },
    { key: returnRequestsTable.id, order: q.order },
  ];

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

    async list(q: ReturnListQuery & { page: number; limit: number }) {
      const filter = await filterOf(q);
      const ordering = orderBy(sortKeys(q));
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
     * Every request of a list for its CSV export, `batchSize` at a time, in the list's order: a
     * keyset through the list's index, then only each batch's rows joined (as `list`).
     */
    async *exportRows(q: ReturnListQuery, batchSize: number): AsyncGenerator<ReturnDetail[]> {
      const filter = await filterOf(q);
      const keys = sortKeys(q);
      yield* keysetBatches((after: ReturnDetail | undefined, limit) => {
        const ids = db
          .select({ id: returnRequestsTable.id })
          .from(returnRequestsTable)
          .where(
            and(
              filter,
              after
                ? afterRow(returnRequestsTable, returnRequestsTable.id, keys, after.request.id)
                : undefined,
            ),
          )
          .orderBy(...orderBy(keys))
          .limit(limit);
        return details()
          .where(inArray(returnRequestsTable.id, ids))
          .orderBy(...orderBy(keys));
      }, batchSize);
    },

    /**
     * Approves or rejects a Pending request (return-history/update-return-request-status).
     * The check and the change are one conditional UPDATE (`settlePending`), so when two
     * admins settle the same request at once only the first one wins.
     */
    async settle(id: string, change: Settlement): Promise<SettleOutcome> {
      const [updated] = await settlePending(db, [id], change);
      const detail = await findById(id);
      if (!detail) return { outcome: 'missing' };
      return updated ? { outcome: 'settled', detail } : { outcome: 'alreadySettled', detail };
    },

    /**
     * The bulk call (return-history/bulk-update-status): every request of `ids` settled the
     * same way, in one transaction with `alsoWrite` (the audit rows). All or nothing: an unknown
     * id, or a request no longer Pending, changes nothing and is named in the outcome. The rows
     * are locked first (in id order), so a single settlement running meanwhile waits and then
     * finds them settled.
     */
    async settleMany(
      ids: string[],
      change: Settlement,
      alsoWrite?: (tx: Transaction, settledIds: string[]) => Promise<void>,
    ): Promise<BulkSettleOutcome> {
      return db.transaction(async (tx) => {
        const current = await tx
          .select({ id: returnRequestsTable.id, status: returnRequestsTable.status })
          .from(returnRequestsTable)
          .where(anyOf(returnRequestsTable.id, ids))
          .orderBy(asc(returnRequestsTable.id))
          .for('update');
        const found = new Set(current.map((r) => r.id));
        const missing = ids.filter((id) => !found.has(id));
        const notPending = current.filter((r) => r.status !== 'Pending').map((r) => r.id);
        if (missing.length || notPending.length) return { missing, notPending, settled: [] };
        const settled = (await settlePending(tx, ids, change)).map((r) => r.id);
        await alsoWrite?.(tx, settled);
        return { missing, notPending, settled };
      });
    },
  };
}
