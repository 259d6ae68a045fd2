import { asc } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { ordersTable, orderStatusHistoryTable, type OrderStatus } from '../../db/schema';
import { anyOf } from '../../lib/sql';

/** The admin who changes a status (named in the history row); null for the customer. */
type StatusAdmin = { id: string; name: string } | null;

/** What a status change did with each order it was asked to change. */
export interface StatusChanges {
  missing: string[];
  /** Already in that status: left alone, no history row. */
  unchanged: string[];
  changed: string[];
}

/**
 * Sets the status of the orders and records each step, inside the caller's transaction: the
 * one code path of order/update-status, order/bulk-update-status and a subscription's
 * cancel-day-order (whose `note` gives the reason). The rows are locked first
 * (in id order, so two calls changing overlapping orders never wait on each other in a circle),
 * so when two admins change the same order at once the second waits and records the status the
 * first one set as its `fromStatus`. Any unknown id: nothing is changed.
 */
export async function changeStatuses(
  tx: Transaction,
  ids: string[],
  status: OrderStatus,
  admin: StatusAdmin,
  note: string | null = null,
): Promise<StatusChanges> {
  const current = await tx
    .select({ id: ordersTable.id, status: ordersTable.status })
    .from(ordersTable)
    .where(anyOf(ordersTable.id, ids))
    .orderBy(asc(ordersTable.id))
    .for('update');
  const found = new Set(current.map((o) => o.id));
  const missing = ids.filter((id) => !found.has(id));
  const toChange = missing.length ? [] : current.filter((o) => o.status !== status);
  const changed = toChange.map((o) => o.id);
  const unchanged = current.filter((o) => o.status === status).map((o) => o.id);
  if (!changed.length) return { missing, unchanged, changed };
  await tx.update(ordersTable).set({ status }).where(anyOf(ordersTable.id, changed));
  await tx.insert(orderStatusHistoryTable).values(
    toChange.map((o) => ({
      orderId: o.id,
      fromStatus: o.status,
      toStatus: status,
      adminId: admin?.id ?? null,
      adminName: admin?.name ?? null,
      note,
    })),
  );
  return { missing, unchanged, changed };
}

/** An order's status, changed one at a time or in bulk, with its history rows. */
export function createStatusChanges(db: Database) {
  return {
    /**
     * Sets the status and records the step in one transaction (`changeStatuses`); the single
     * call (order/update-status).
     */
    async setStatus(
      id: string,
      status: OrderStatus,
      admin: StatusAdmin,
    ): Promise<'missing' | 'unchanged' | 'changed'> {
      const outcome = await db.transaction((tx) => changeStatuses(tx, [id], status, admin));
      if (outcome.missing.length) return 'missing';
      return outcome.changed.length ? 'changed' : 'unchanged';
    },

    /**
     * The bulk call (order/bulk-update-status): the same change for every order of `ids`, in
     * one transaction, with `alsoWrite` (the audit rows of the changed orders) in it too. An
     * unknown id changes nothing: the outcome names the missing ones and nothing is written.
     */
    async setStatuses(
      ids: string[],
      status: OrderStatus,
      admin: StatusAdmin,
      alsoWrite?: (tx: Transaction, changedIds: string[]) => Promise<void>,
    ): Promise<StatusChanges> {
      return db.transaction(async (tx) => {
        const outcome = await changeStatuses(tx, ids, status, admin);
        if (!outcome.missing.length) await alsoWrite?.(tx, outcome.changed);
        return outcome;
      });
    },
  };
}
