import { sql } from 'drizzle-orm';
import { addDays } from '@shared/time';
import type { Database, Transaction } from '../../db/client';

/** How far back the refresh looks for pauses starting (catching up after a month's downtime). */
export const CATCH_UP_DAYS = 31;

/**
 * Sets each subscription's status as of `day` (the roster's daily run calls it; the writes set
 * it themselves when they change it): Ended once its end date is past, Paused while a pause
 * covers the day, Active again when none does. Each statement is one indexed UPDATE whose rows
 * are bounded by what can change on a day: the subscriptions ending (subscriptions_end_idx),
 * the pauses starting within CATCH_UP_DAYS (subscription_pauses_from_idx), and the Paused ones
 * (subscriptions_status_created_idx). Each change gets a history row by the system.
 */
export async function refreshSubscriptionStatuses(
  db: Database | Transaction,
  day: string,
): Promise<{ ended: number; paused: number; resumed: number }> {
  const since = addDays(day, -CATCH_UP_DAYS);
  return db.transaction(async (tx) => {
    const exec = (statement: ReturnType<typeof sql>) =>
      tx.execute<{ n: string }>(statement).then((r) => Number(r.rows[0]?.n ?? 0));
    const ended = await exec(sql`
      with changed as (
        update subscriptions s
        set status = 'Ended', status_reason = 'Ended on ' || s.end_date::text, updated_at = now()
        from subscriptions old
        where old.id = s.id and s.end_date is not null and s.status <> 'Ended'
          and s.end_date < ${day}::date
        returning s.id, old.status as was
      ), logged as (
        insert into subscription_changes (subscription_id, action, changes, note)
        select id, 'ended', jsonb_build_object('status', jsonb_build_array(was, 'Ended')),
          'Its end date has passed'
        from changed
      )
      select count(*)::text as n from changed`);
    const paused = await exec(sql`
      with covering as (
        select distinct on (p.subscription_id) p.subscription_id, p.reason
        from subscription_pauses p
        where p.from_date between ${since}::date and ${day}::date
          and (p.to_date is null or p.to_date >= ${day}::date)
        order by p.subscription_id, p.from_date
      ), changed as (
        update subscriptions s
        set status = 'Paused', status_reason = coalesce(c.reason, 'Paused'), updated_at = now()
        from covering c
        where s.id = c.subscription_id and s.status = 'Active'
        returning s.id
      ), logged as (
        insert into subscription_changes (subscription_id, action, changes, note)
        select id, 'paused', jsonb_build_object('status', jsonb_build_array('Active', 'Paused')),
          'A pause starts'
        from changed
      )
      select count(*)::text as n from changed`);
    const resumed = await exec(sql`
      with changed as (
        update subscriptions s
        set status = 'Active', status_reason = null, updated_at = now()
        where s.status = 'Paused'
          and not exists (
            select 1 from subscription_pauses p
            where p.subscription_id = s.id and p.from_date <= ${day}::date
              and (p.to_date is null or p.to_date >= ${day}::date))
        returning s.id
      ), logged as (
        insert into subscription_changes (subscription_id, action, changes, note)
        select id, 'resumed', jsonb_build_object('status', jsonb_build_array('Paused', 'Active')),
          'Its pause has ended'
        from changed
      )
      select count(*)::text as n from changed`);
    return { ended, paused, resumed };
  });
}
