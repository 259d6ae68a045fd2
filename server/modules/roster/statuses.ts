import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';

/*
 * MERGE NOTE: the subscriptions module provides `refreshSubscriptionStatuses(db, day)` in
 * server/modules/subscriptions/statuses.ts; until it is on main this minimal version stands in
 * (same name and signature): a subscription whose end is before `day` becomes Ended, with a
 * history row. At merge, import theirs in makeDay.ts and delete this file.
 */
export async function refreshSubscriptionStatuses(
  db: Database | Transaction,
  day: string,
): Promise<void> {
  await db.execute(sql`
    WITH ended AS (
      UPDATE subscriptions SET status = 'Ended', status_reason = 'Ended on its end date',
        updated_at = now()
      WHERE end_date < ${day}::date AND status <> 'Ended'
      RETURNING id, status
    )
    INSERT INTO subscription_changes (subscription_id, action, note)
    SELECT id, 'ended', 'Its end date has passed' FROM ended`);
}
