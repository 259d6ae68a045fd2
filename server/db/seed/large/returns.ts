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

/**
 * Return requests for delivered water and oxygen orders (one per order, `count` of them, or
 * as many as there are such orders), asked for a few days after delivery. Recent requests are
 * mostly pending; a small backlog of older ones is too; the rest were approved (four in five)
 * or rejected by an admin within the day.
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
  // h: a number fixed per order, from its id.
  await run(`INSERT INTO return_requests (id, order_id, customer_id, category_id,
      returned_quantity, status, reason, requested_at, approved_at, settled_at, settled_by)
    SELECT ${uuid7('requested_at', 'n', ID_TAGS.returnRequest)}, id, customer_id, category_id,
      1 + ${below('quantity', 'h', SALT.quantity)}, status,
      CASE WHEN status = 'Rejected' THEN (${textArray(REJECTIONS)})[1 + ${below(REJECTIONS.length, 'h', SALT.reason)}]
        WHEN status = 'Approved' AND ${chance(0.5, 'h', SALT.reason)} THEN 'Empties collected in good condition.' END,
      requested_at,
      CASE WHEN status = 'Approved' THEN settled_at END,
      settled_at,
      CASE WHEN status <> 'Pending' THEN (${adminIds})[1 + ${below(ref.staff.length, 'h', SALT.admin)}] END
    FROM (
      SELECT *, CASE WHEN status <> 'Pending'
          THEN least(${now}, requested_at + interval '20 hours') END AS settled_at
      FROM (
        SELECT *,
          CASE WHEN (requested_at > ${now} - interval '3 days' AND ${chance(0.7, 'h', SALT.pending)})
              OR ${chance(0.03, 'h', SALT.backlog)} THEN 'Pending'
            WHEN ${chance(0.8, 'h', SALT.approved)} THEN 'Approved' ELSE 'Rejected' END AS status
        FROM (
          SELECT row_number() OVER (ORDER BY created_at, id) AS n, id, customer_id, category_id,
            quantity, h,
            least(${lastMinute}, greatest(updated_at + interval '30 minutes', least(
              updated_at + (1 + ${below(20, 'h', SALT.days)}) * interval '1 day',
              ${now} - ${rnd('h', SALT.recent)} * interval '48 hours'))) AS requested_at
          FROM (
            SELECT id, customer_id, category_id, quantity, created_at, updated_at, hashtext(id) AS h
            FROM orders
            WHERE status = 'Delivered' AND category_id IN (${services})
            ORDER BY ${mix('hashtext(id)', SALT.pick)}
            LIMIT ${count}
          ) o
        ) r
        OFFSET 0
      ) r
      OFFSET 0
    ) r
    ORDER BY n`);
}
