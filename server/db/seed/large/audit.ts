import { below, rnd, textArray, weighted, type Timeline } from './expressions';
import type { CustomerKeys } from './customers';
import type { OrderKeys } from './orders';
import type { Reference } from './reference';
import type { Sql } from './run';

const SALT = { time: 501, action: 502, admin: 503, customer: 504 } as const;

/** [resource, action, share, what the record id names], as the audit plugin records them. */
// prettier-ignore
const ACTIONS: [string, string, number, 'order' | 'customer' | null][] = [
  ['order', 'update-status', 70, 'order'],
  ['return-history', 'update-return-request-status', 8, null],
  ['support', 'make-resolve', 8, null],
  ['user', 'update-user-status', 6, 'customer'],
  ['product', 'edit-product', 2, null],
  ['accessory', 'edit-accessory', 1, null],
  ['category', 'edit-category', 1, null],
  ['banner', 'edit-banner', 1, null],
  ['pincode', 'add', 1, null],
  ['plan', 'update-plan', 1, null],
  ['delivery-charge', 'save', 1, null],
];

/**
 * The audit trail of admin writes over the same period: mostly order status changes (naming
 * the order placed at about that time), then returns, ticket replies, customer status changes
 * and a few catalogue edits.
 */
export async function loadAudit(
  run: Sql,
  count: number,
  orders: OrderKeys,
  customers: CustomerKeys,
  ref: Reference,
  timeline: Timeline,
): Promise<void> {
  if (count === 0) return;
  const share = `((j + ${rnd('j', SALT.time)}) / ${count})`;
  const column = (n: 0 | 1) => textArray(ACTIONS.map((a) => a[n]));
  // The order placed just before the change (order i is placed at (i + r) / count < q).
  const orderRow = `greatest(0, floor(q * ${orders.count})::int - 1)`;
  const customerRow = customers.activeBy('q', rnd('j', SALT.customer));
  await run(`INSERT INTO audit_log (at, admin_id, admin_email, resource, action, record_id,
      method, path, status_code)
    SELECT at, (${textArray(ref.staff.map((s) => s.id))})[admin + 1],
      (${textArray(ref.staff.map((s) => s.email))})[admin + 1], resource, action,
      CASE names
        WHEN 'order' THEN ${orders.id('order_row', 'order_at')}
        WHEN 'customer' THEN ${customers.id('customer_row', 'customer_at')} END,
      'POST', '/api/' || resource || '/' || action, 200
    FROM (
      SELECT *, ${orders.placedAt('order_row')} AS order_at,
        ${customers.signedUpAt('customer_row')} AS customer_at
      FROM (
        SELECT j, at, q, ${below(ref.staff.length, 'j', SALT.admin)} AS admin,
          (${column(0)})[action + 1] AS resource, (${column(1)})[action + 1] AS action,
          (${textArray(ACTIONS.map((a) => a[3] ?? ''))})[action + 1] AS names,
          ${orderRow} AS order_row, ${customerRow} AS customer_row
        FROM (
          SELECT j, q, ${timeline.at('q')} AS at,
            ${weighted(
              ACTIONS.map((a) => a[2]),
              rnd('j', SALT.action),
            )} AS action
          FROM (SELECT j, ${share} AS q FROM generate_series(0, ${count - 1}) j OFFSET 0) s
          OFFSET 0
        ) a
        OFFSET 0
      ) a
      OFFSET 0
    ) a`);
}
