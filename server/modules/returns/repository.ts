import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  adminsTable,
  categoriesTable,
  customersTable,
  ordersTable,
  productsTable,
  returnRequestsTable,
  type ReturnStatus,
} from '../../db/schema';
import { afterRow, keysetBatches, orderBy, type SortKey } from '../../lib/keyset';
import { anyOf, inList } from '../../lib/sql';
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

/** The product a return request gives back. */
export interface ReturnItem {
  _id: string;
  name: string;
  /** Litres of a water jar; null for other products. */
  litres: number | null;
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
  /** Approving would take back more jars or cylinders than a customer holds: the 409's words. */
  shortfall?: string;
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
  | { outcome: 'alreadySettled'; detail: ReturnDetail }
  | { outcome: 'shortfall'; message: string };

/**
 * What approving these Pending requests would take back beyond what their customers hold of a
 * returnable item (issue 16): the first such customer and item, or undefined. The balance rows
 * are locked, so a delivery undone meanwhile waits for the approval and the count stays true.
 * Requests of an item that is not returnable take nothing off a ledger and are never short.
 */
async function returnShortfall(
  tx: Transaction,
  ids: string[],
): Promise<{ customer: string; item: string; holds: number; asked: number } | undefined> {
  const result = await tx.execute<{
    customer: string;
    item: string;
    holds: number;
    asked: number;
  }>(sql`
    WITH asked AS (
      SELECT r.customer_id, p.id AS item_id, p.name AS item, sum(r.returned_quantity)::int AS asked
        FROM return_requests r
        JOIN orders o ON o.id = r.order_id
        JOIN products p ON p.id = o.product_id AND p.returnable
       WHERE r.id = ANY (${sql.param(ids)}::text[]) AND r.status = 'Pending'
       GROUP BY r.customer_id, p.id, p.name
    ), held AS (
      SELECT b.customer_id, b.item_id, b.outstanding
        FROM returnable_balances b
        JOIN asked a ON a.customer_id = b.customer_id AND a.item_id = b.item_id
         FOR UPDATE OF b
    )
    SELECT c.first_name || ' ' || c.last_name AS customer, a.item,
           coalesce(h.outstanding, 0) AS holds, a.asked
      FROM asked a
      JOIN customers c ON c.id = a.customer_id
      LEFT JOIN held h ON h.customer_id = a.customer_id AND h.item_id = a.item_id
     WHERE coalesce(h.outstanding, 0) < a.asked
     ORDER BY customer, a.item
     LIMIT 1`);
  const [row] = result.rows;
  return row ? { ...row, holds: Number(row.holds), asked: Number(row.asked) } : undefined;
}

/** The 409 of a return that would take back more jars or cylinders than the customer holds. */
export function shortfallMessage(s: {
  customer: string;
  item: string;
  holds: number;
  asked: number;
}) {
  return (
    `${s.customer} holds ${s.holds} × ${s.item}, fewer than the ${s.asked} this return takes ` +
    'back. If they did hand them in, record a correction under Jars & cylinders first. ' +
    'Nothing was changed.'
  );
}

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
   * through their trigram indexes (bounded), then the requests of those ids (`inList`: a common
   * surname's 2,400 customers took 15-20 ms to plan as `= ANY`).
   */
  async function searchCondition(search: string): Promise<SQL> {
    const [orderIds, customerIds] = await Promise.all([
      findOrderIds(db, search),
      findCustomerIds(db, search, ['email']),
    ]);
    return or(
      inList(returnRequestsTable.orderId, orderIds),
      inList(returnRequestsTable.customerId, customerIds),
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

    /**
     * The item the request gives back (issue 37): its order's product, with the jar size in
     * litres for water; null for an order without a product (a tiffin plan).
     */
    async itemOf(orderId: string): Promise<ReturnItem | null> {
      const [row] = await db
        .select({ _id: productsTable.id, name: productsTable.name, litres: productsTable.quantity })
        .from(ordersTable)
        .innerJoin(productsTable, eq(productsTable.id, ordersTable.productId))
        .where(eq(ordersTable.id, orderId));
      return row ?? null;
    },

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
      const updated = await db.transaction(async (tx) => {
        if (change.status === 'Approved') {
          const short = await returnShortfall(tx, [id]);
          if (short) return { shortfall: shortfallMessage(short) };
        }
        const [row] = await settlePending(tx, [id], change);
        return row;
      });
      if (updated && 'shortfall' in updated) {
        return { outcome: 'shortfall', message: updated.shortfall };
      }
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
        if (change.status === 'Approved') {
          const short = await returnShortfall(tx, ids);
          if (short)
            return { missing, notPending, settled: [], shortfall: shortfallMessage(short) };
        }
        const settled = (await settlePending(tx, ids, change)).map((r) => r.id);
        await alsoWrite?.(tx, settled);
        return { missing, notPending, settled };
      });
    },
  };
}
