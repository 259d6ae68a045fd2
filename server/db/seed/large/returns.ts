import {
  below,
  chance,
  ID_TAGS,
  lit,
  mix,
  rnd,
  textArray,
  uuid7,
  type Timeline,
} from './expressions';
import type { Reference } from './reference';
import type { Sql } from './run';

const SALT = {
  pick: 401,
  days: 402,
  recent: 403,
  quantity: 404,
  pending: 405,
  backlog: 406,
  approved: 407,
  reason: 408,
  admin: 409,
} as const;

const REJECTIONS = [
  'The jars returned were damaged.',
  'The cylinder was not handed over at pickup.',
  'The returned quantity does not match the order.',
];
/** Why a request for more than the customer still holds was turned down. */
const NOTHING_LEFT = 'The customer has already returned everything of this order.';

/**
 * Return requests for delivered water and oxygen orders (one per order, `count` of them, or
 * as many as there are such orders) of customers who still hold some of the order's product,
 * asked for a few days after delivery. Recent requests are mostly pending; a small backlog of
 * older ones is too; the rest were approved (four in five) or rejected by an admin within the
 * day. A customer's requests ask back no more than they hold (the deliveries' quantities less
 * the empties collected), the later ones within what the earlier left, or are rejected: no
 * ledger goes below zero.
 */
export async function loadReturns(
  run: Sql,
  count: number,
  ref: Reference,
  timeline: Timeline,
): Promise<void> {
  if (count === 0) return;
  const now = timeline.nowSql;
  const lastMinute = `(${now} - interval '1 minute')`;
  const adminIds = textArray(ref.staff.map((s) => s.id));
  const services = [0, 1].map((kind) => lit(ref.categoryIds[kind]!)).join(', ');
  // The orders have no statistics yet inside the load: the planner would take the delivered
  // ones for a handful and join them to what their customers hold row by row (minutes on
  // PGlite). Hash joins it is, for this statement.
  await run(`SET LOCAL enable_nestloop = off`);
  // h: a number fixed per order, from its id.
  await run(`INSERT INTO return_requests (id, order_id, customer_id, category_id,
      returned_quantity, status, reason, requested_at, approved_at, settled_at, settled_by)
    SELECT ${uuid7('requested_at', 'n', ID_TAGS.returnRequest)}, id, customer_id, category_id,
      CASE WHEN status = 'Rejected' THEN asked ELSE least(asked, left_over) END, status,
      CASE WHEN left_over < 1 THEN ${lit(NOTHING_LEFT)}
        WHEN status = 'Rejected' THEN (${textArray(REJECTIONS)})[1 + ${below(REJECTIONS.length, 'h', SALT.reason)}]
        WHEN status = 'Approved' AND ${chance(0.5, 'h', SALT.reason)} THEN 'Empties collected in good condition.' END,
      requested_at,
      CASE WHEN status = 'Approved' THEN settled_at END,
      settled_at,
      CASE WHEN status <> 'Pending' THEN (${adminIds})[1 + ${below(ref.staff.length, 'h', SALT.admin)}] END
    FROM (
      SELECT *, CASE WHEN status <> 'Pending'
          THEN least(${now}, requested_at + interval '20 hours') END AS settled_at
      FROM (
        SELECT n, id, customer_id, category_id, h, requested_at, asked, left_over,
          CASE WHEN left_over < 1 THEN 'Rejected' ELSE status END AS status
        FROM (
          -- What the customer's earlier requests that stand leave of what they hold (counted
          -- as asked, so never less than what those requests take in the end).
          SELECT *, held - coalesce(sum(least(asked, held)) FILTER (WHERE status <> 'Rejected')
              OVER (PARTITION BY customer_id, product_id ORDER BY requested_at, n
                    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS left_over
          FROM (
            SELECT *, 1 + ${below('quantity', 'h', SALT.quantity)} AS asked,
              CASE WHEN (requested_at > ${now} - interval '3 days' AND ${chance(0.7, 'h', SALT.pending)})
                  OR ${chance(0.03, 'h', SALT.backlog)} THEN 'Pending'
                WHEN ${chance(0.8, 'h', SALT.approved)} THEN 'Approved' ELSE 'Rejected' END AS status
            FROM (
              SELECT row_number() OVER (ORDER BY created_at, id) AS n, id, customer_id,
                category_id, product_id, quantity, held, h,
                least(${lastMinute}, greatest(updated_at + interval '30 minutes', least(
                  updated_at + (1 + ${below(20, 'h', SALT.days)}) * interval '1 day',
                  ${now} - ${rnd('h', SALT.recent)} * interval '48 hours'))) AS requested_at
              FROM (
                SELECT o.id, o.customer_id, o.category_id, o.product_id, o.quantity, o.created_at,
                  o.updated_at, hashtext(o.id) AS h, held.n AS held
                FROM orders o
                JOIN (
                  SELECT customer_id, product_id, sum(quantity - return_quantity)::int AS n
                  FROM orders
                  WHERE status = 'Delivered' AND category_id IN (${services})
                  GROUP BY customer_id, product_id
                ) held ON held.customer_id = o.customer_id AND held.product_id = o.product_id
                WHERE o.status = 'Delivered' AND o.category_id IN (${services}) AND held.n > 0
                ORDER BY ${mix('hashtext(o.id)', SALT.pick)}
                LIMIT ${count}
              ) o
            ) r
            OFFSET 0
          ) r
        ) r
      ) r
      OFFSET 0
    ) r
    ORDER BY n`);
  await run(`SET LOCAL enable_nestloop = on`);
}
