import { desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { subscriptionChangesTable } from '../../db/schema';

/** Who makes a change: an admin, or null for the system (the clock, blocking the customer). */
export type ChangeAdmin = { id: string; name: string } | null;

/** What a change did: each field's value before and after. */
export type Changes = Record<string, [unknown, unknown]>;

/** How many history rows get-subscription answers (newest first). */
export const HISTORY_LIMIT = 100;

/** Records a change of a subscription, inside the caller's transaction. */
export async function recordChange(
  tx: Database | Transaction,
  subscriptionId: string,
  action: string,
  admin: ChangeAdmin,
  changes: Changes | null = null,
  note: string | null = null,
): Promise<void> {
  await tx.insert(subscriptionChangesTable).values({
    subscriptionId,
    action,
    changes,
    note,
    adminId: admin?.id ?? null,
    adminName: admin?.name ?? null,
  });
}

/** The fields whose value differs between `before` and `after` (compared as JSON). */
export function differences(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Changes {
  const changes: Changes = {};
  for (const key of Object.keys(after)) {
    const was = before[key] ?? null;
    const now = after[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = [was, now];
  }
  return changes;
}

/** A subscription's history, newest first, bounded (subscription_changes_subscription_idx). */
export async function historyOf(db: Database, subscriptionId: string) {
  const rows = await db
    .select()
    .from(subscriptionChangesTable)
    .where(eq(subscriptionChangesTable.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionChangesTable.at), desc(subscriptionChangesTable.id))
    .limit(HISTORY_LIMIT);
  return rows.map((h) => ({
    _id: String(h.id),
    action: h.action,
    changes: h.changes ?? null,
    note: h.note,
    adminName: h.adminName,
    at: h.at.toISOString(),
  }));
}
