import { asc } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  invoicesTable,
  ordersTable,
  orderStatusHistoryTable,
  type OrderStatus,
} from '../../db/schema';
import { anyOf } from '../../lib/sql';
import { issueStatusNotes, type NoteIssued } from '../creditNotes/issue';

/**
 * Who changes a status (named in the history row): an admin, a rider at the door (issue 40,
 * `rider: true`), or null for the customer.
 */
export type StatusAdmin = { id: string; name: string; rider?: boolean } | null;

/**
 * Why a change needs a reason (issue 37): it takes a delivery back, it changes an order that
 * has a tax invoice, or it cancels the order.
 */
export type ReasonGuard = 'delivered' | 'invoiced' | 'cancelling';

/** An order whose change was refused for want of a reason. */
export interface ReasonNeeded {
  id: string;
  orderNo: string;
  guard: ReasonGuard;
  /** The invoice's number when the guard is `invoiced`. */
  invoiceNo?: string;
}

/** What a status change did with each order it was asked to change. */
export interface StatusChanges {
  missing: string[];
  /** Already in that status: left alone, no history row. */
  unchanged: string[];
  changed: string[];
  /** Changes that need a reason and were given none: then nothing at all was changed. */
  needReason: ReasonNeeded[];
  /** The credit and debit notes the changes issued (issue 38). */
  notes: NoteIssued[];
}

/**
 * The changes among `toChange` that need a reason (the guards of issue 37), the most telling
 * guard of each: taken back from Delivered, invoiced (one look-up by the invoices' primary key
 * for the rest), cancelled.
 */
async function reasonsNeeded(
  tx: Transaction,
  toChange: { id: string; orderNo: string; status: OrderStatus }[],
  status: OrderStatus,
): Promise<ReasonNeeded[]> {
  const needs = new Map<string, ReasonNeeded>();
  for (const o of toChange) {
    if (o.status === 'Delivered') needs.set(o.id, { ...o, guard: 'delivered' });
  }
  const rest = toChange.filter((o) => !needs.has(o.id));
  const invoiced = rest.length
    ? await tx
        .select({ orderId: invoicesTable.orderId, invoiceNo: invoicesTable.invoiceNo })
        .from(invoicesTable)
        .where(
          anyOf(
            invoicesTable.orderId,
            rest.map((o) => o.id),
          ),
        )
    : [];
  const invoiceOf = new Map(invoiced.map((i) => [i.orderId, i.invoiceNo]));
  for (const o of rest) {
    const invoiceNo = invoiceOf.get(o.id);
    if (invoiceNo) needs.set(o.id, { ...o, guard: 'invoiced', invoiceNo });
    else if (status === 'Cancelled') needs.set(o.id, { ...o, guard: 'cancelling' });
  }
  return toChange.flatMap((o) => {
    const need = needs.get(o.id);
    return need
      ? [{ id: o.id, orderNo: o.orderNo, guard: need.guard, invoiceNo: need.invoiceNo }]
      : [];
  });
}

/**
 * Sets the status of the orders and records each step, inside the caller's transaction: the
 * one code path of order/update-status, order/bulk-update-status and a subscription's
 * cancel-day-order. `note` is the reason, kept in each history row. The rows are locked first
 * (in id order, so two calls changing overlapping orders never wait on each other in a circle),
 * so when two admins change the same order at once the second waits and records the status the
 * first one set as its `fromStatus`, and the guards below judge the status it really has.
 * Any unknown id, or any change that needs a reason (`reasonsNeeded`) while none is given:
 * nothing is changed. Then, in the same transaction, the invoiced orders' credit and debit notes
 * (issue 38, `issueStatusNotes`): a credit note for what the invoice has left when an order
 * leaves Delivered or is cancelled, a debit note giving it back when it is delivered again; and
 * the invoice documents of the orders delivered are frozen.
 */
export async function changeStatuses(
  tx: Transaction,
  ids: string[],
  status: OrderStatus,
  admin: StatusAdmin,
  note: string | null = null,
): Promise<StatusChanges> {
  const reason = note?.trim() || null;
  const current = await tx
    .select({ id: ordersTable.id, orderNo: ordersTable.orderId, status: ordersTable.status })
    .from(ordersTable)
    .where(anyOf(ordersTable.id, ids))
    .orderBy(asc(ordersTable.id))
    .for('update');
  const found = new Set(current.map((o) => o.id));
  const missing = ids.filter((id) => !found.has(id));
  const toChange = missing.length ? [] : current.filter((o) => o.status !== status);
  const unchanged = current.filter((o) => o.status === status).map((o) => o.id);
  const needReason = reason ? [] : await reasonsNeeded(tx, toChange, status);
  if (needReason.length) return { missing, unchanged, changed: [], needReason, notes: [] };
  const changed = toChange.map((o) => o.id);
  if (!changed.length) return { missing, unchanged, changed, needReason, notes: [] };
  await tx.update(ordersTable).set({ status }).where(anyOf(ordersTable.id, changed));
  await tx.insert(orderStatusHistoryTable).values(
    toChange.map((o) => ({
      orderId: o.id,
      fromStatus: o.status,
      toStatus: status,
      adminId: admin && !admin.rider ? admin.id : null,
      riderId: admin?.rider ? admin.id : null,
      adminName: admin?.name ?? null,
      note: reason,
    })),
  );
  const notes = await issueStatusNotes(tx, toChange, status, admin?.rider ? null : admin, reason);
  return { missing, unchanged, changed, needReason, notes };
}

/** What asking for one order's status change came to. */
export type StatusOutcome =
  | { kind: 'missing' }
  | { kind: 'unchanged' }
  | { kind: 'changed'; notes: NoteIssued[] }
  | { kind: 'needReason'; need: ReasonNeeded };

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
      reason: string | null = null,
    ): Promise<StatusOutcome> {
      const outcome = await db.transaction((tx) => changeStatuses(tx, [id], status, admin, reason));
      if (outcome.missing.length) return { kind: 'missing' };
      if (outcome.needReason[0]) return { kind: 'needReason', need: outcome.needReason[0] };
      return outcome.changed.length
        ? { kind: 'changed', notes: outcome.notes }
        : { kind: 'unchanged' };
    },

    /**
     * The bulk call (order/bulk-update-status): the same change (and reason) for every order
     * of `ids`, in one transaction, with `alsoWrite` (the audit rows of the changed orders) in
     * it too. An unknown id, or an order needing a reason when none is given, changes nothing:
     * the outcome names them and nothing is written.
     */
    async setStatuses(
      ids: string[],
      status: OrderStatus,
      admin: StatusAdmin,
      reason: string | null,
      alsoWrite?: (tx: Transaction, changedIds: string[]) => Promise<void>,
    ): Promise<StatusChanges> {
      return db.transaction(async (tx) => {
        const outcome = await changeStatuses(tx, ids, status, admin, reason);
        if (!outcome.missing.length && !outcome.needReason.length) {
          await alsoWrite?.(tx, outcome.changed);
        }
        return outcome;
      });
    },
  };
}

/** The 400 of a single change refused for want of a reason: what to give and why. */
export function reasonMessage(need: ReasonNeeded): string {
  switch (need.guard) {
    case 'delivered':
      return `Give a reason for taking order ${need.orderNo} back from Delivered.`;
    case 'invoiced':
      return (
        `Order ${need.orderNo} has tax invoice ${need.invoiceNo}: give a reason for changing ` +
        'its status.'
      );
    case 'cancelling':
      return `Give a reason for cancelling order ${need.orderNo}.`;
  }
}

/** The 400 of a bulk change refused for want of a reason (nothing was changed). */
export function bulkReasonMessage(needs: ReasonNeeded[], asked: number): string {
  if (asked === 1 && needs[0]) return `${reasonMessage(needs[0])} Nothing was changed.`;
  const n = needs.length;
  const named = needs
    .slice(0, 3)
    .map((o) => o.orderNo)
    .join(', ');
  const more = n > 3 ? ` and ${n - 3} more` : '';
  return (
    `${n} of the ${asked} orders (${named}${more}) ${n === 1 ? 'needs' : 'need'} a reason: ` +
    'taken back from Delivered, invoiced or cancelled. Give one reason for all. ' +
    'Nothing was changed.'
  );
}
