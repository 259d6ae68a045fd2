import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { addDays, indiaDay } from '@shared/time';
import type { Transaction } from '../../db/client';
import { subscriptionPausesTable, subscriptionsTable } from '../../db/schema';
import { anyOf } from '../../lib/sql';
import { covers, statusOn } from './days';
import { recordChange, type ChangeAdmin } from './history';

/** The reason of the pause blocking a customer puts on their subscriptions. */
export const BLOCKED_REASON = 'Customer blocked';

/**
 * Follows a customer's block or unblock on their subscriptions, inside the caller's transaction
 * (user/update-user-status and its bulk call). Blocking: each subscription not ended gets an
 * open-ended pause from today (reason 'Customer blocked'), status Paused, a history row.
 * Unblocking: the pauses blocking made end (yesterday, or are removed when they start today)
 * and the subscriptions take the status their other pauses give them.
 */
export async function followCustomerStatus(
  tx: Transaction,
  customerIds: string[],
  status: string,
  admin: ChangeAdmin,
): Promise<void> {
  if (!customerIds.length || (status !== 'Blocked' && status !== 'Active')) return;
  const today = indiaDay();
  // Locked in id order, as every other write of a subscription locks it.
  const subscriptions = await tx
    .select()
    .from(subscriptionsTable)
    .where(
      and(
        anyOf(subscriptionsTable.customerId, customerIds),
        ne(subscriptionsTable.status, 'Ended'),
      ),
    )
    .orderBy(asc(subscriptionsTable.id))
    .for('update');
  if (!subscriptions.length) return;
  const ids = subscriptions.map((s) => s.id);
  const pauses = await tx
    .select()
    .from(subscriptionPausesTable)
    .where(inArray(subscriptionPausesTable.subscriptionId, ids));

  for (const s of subscriptions) {
    const own = pauses.filter((p) => p.subscriptionId === s.id);
    const blocking = own.filter((p) => p.reason === BLOCKED_REASON && p.toDate === null);
    let left: typeof own;
    if (status === 'Blocked') {
      if (blocking.length) continue;
      const [pause] = await tx
        .insert(subscriptionPausesTable)
        .values({
          subscriptionId: s.id,
          fromDate: today,
          reason: BLOCKED_REASON,
          adminId: admin?.id ?? null,
        })
        .returning();
      left = [...own, pause!];
    } else {
      if (!blocking.length) continue;
      for (const p of blocking) {
        if (p.fromDate < today) {
          await tx
            .update(subscriptionPausesTable)
            .set({ toDate: addDays(today, -1) })
            .where(eq(subscriptionPausesTable.id, p.id));
        } else {
          await tx.delete(subscriptionPausesTable).where(eq(subscriptionPausesTable.id, p.id));
        }
      }
      left = own.filter((p) => !blocking.includes(p));
    }
    const next = statusOn(
      s,
      left.filter((p) => covers(p, today) || p.fromDate > today),
      today,
    );
    const statusReason = next.status === 'Active' ? null : next.reason;
    await tx
      .update(subscriptionsTable)
      .set({ status: next.status, statusReason })
      .where(eq(subscriptionsTable.id, s.id));
    await recordChange(
      tx,
      s.id,
      status === 'Blocked' ? 'paused' : 'resumed',
      admin,
      {
        pause:
          status === 'Blocked'
            ? [null, { from: today, to: null }]
            : [{ from: blocking[0]?.fromDate ?? today, to: null }, null],
        ...(s.status !== next.status ? { status: [s.status, next.status] } : {}),
      },
      status === 'Blocked' ? BLOCKED_REASON : 'Customer unblocked',
    );
  }
}
