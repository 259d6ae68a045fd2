import { addDays, indiaDay, indiaMidnight } from '@shared/time';
import { OPENING_REASON } from '../customers';
import { below, chance, lit, rnd, textArray, weighted, type Timeline } from './expressions';
import type { Lanes } from './lanes';
import type { Reference } from './reference';

const SALT = {
  postpaid: 501,
  unpaid: 502,
  unpaidMonths: 503,
  lapsed: 504,
  rate: 505,
  pauseWhenLow: 506,
  count: 507,
  amount: 508,
  jitter: 509,
  payDay: 510,
  payHour: 511,
  payMinute: 512,
  method: 513,
  admin: 514,
  topupMinute: 515,
} as const;

const BANKS = ['SBIN', 'HDFC', 'ICIC', 'UTIB', 'KKBK', 'PUNB', 'BARB', 'CNRB'];

/** The months (India time) from the timeline's start to now: index, start, end. */
function monthsOf(timeline: Timeline): { i: number; starts: Date; ends: Date }[] {
  const months = [];
  let day = indiaDay(timeline.start).slice(0, 8) + '01';
  for (let i = 0; ; i++) {
    const next = addDays(day, 32).slice(0, 8) + '01';
    const starts = indiaMidnight(day);
    if (starts.getTime() >= timeline.end.getTime()) break;
    months.push({ i, starts, ends: indiaMidnight(next) });
    day = next;
  }
  return months;
}

/**
 * The households' accounts (issue 36), set-based, with the entries' triggers off (as every
 * per-row trigger is during the load): about 30 % of the customers postpaid, paying each month's
 * bill between the 3rd and the 12th of the next (a quarter of them lately not, for one to four
 * months), the rest prepaid, topping up at the start of each month what the month will cost
 * (rounded up to ₹500; some lately not: low or below zero), a third of those paused when low.
 * Each customer's wallet as loaded is their opening entry; every delivered order paid from the
 * account (Wallet) is charged when delivered; the days of their deliveries are charged through
 * each month (`subscription_day_charged`, without an order: the load makes no day orders),
 * enough of them that the ledger holds about `target` entries. Payments carry UPI references,
 * UTRs, cheque numbers or cash receipts, unique by construction.
 *
 * Then what the trigger keeps, computed from the entries in one pass each: balance_after (a
 * running sum in the order the entries were written, which is their time order),
 * customers.wallet, billing_mode and pause_when_low, account_months, account_dues (owed since
 * the oldest charge still unpaid: payments pay the oldest first) and account_due_days. With
 * `target` 0 only the opening entries are written, so that wallets and ledgers still agree.
 */
export async function loadAccounts(
  lanes: Lanes,
  target: number,
  ref: Reference,
  timeline: Timeline,
): Promise<void> {
  const run = lanes.main.run;
  const step = async (name: string, work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    if (process.env.SEED_DEBUG) console.log('   ', name, Math.round(performance.now() - t));
  };
  const end = `${lit(timeline.end.toISOString())}::timestamptz`;
  const months = monthsOf(timeline);
  const last = months.length - 1;
  const monthValues = months
    .map(
      (m) =>
        `(${m.i}, ${lit(m.starts.toISOString())}::timestamptz, ${lit(m.ends.toISOString())}::timestamptz)`,
    )
    .join(', ');

  await step('accounts: customers', () =>
    run(`CREATE UNLOGGED TABLE seed_accounts AS
    SELECT c.k, c.id AS customer_id, c.at AS signed_up_at, (cu.wallet * 100)::bigint AS opening,
      ${chance(0.3, 'c.k', SALT.postpaid)} AS postpaid,
      CASE WHEN ${chance(0.25, 'c.k', SALT.unpaid)} THEN 1 + ${below(4, 'c.k', SALT.unpaidMonths)}
        ELSE 0 END AS unpaid_months,
      ${chance(0.08, 'c.k', SALT.lapsed)} AS lapsed,
      ${chance(0.3, 'c.k', SALT.pauseWhenLow)} AS pause_when_low,
      (40 + ${below(260, 'c.k', SALT.rate)}) * 100 AS rate, a.pincode
    FROM seed_customers c JOIN customers cu ON cu.id = c.id
      JOIN seed_addresses a ON a.k = c.k AND a.a = 0`),
  );
  await run(`ANALYZE seed_accounts`);

  if (target > 0) {
    await step('accounts: months', async () => {
      await run(`CREATE UNLOGGED TABLE seed_account_orders AS
        SELECT o.id, o.customer_id, o.updated_at AS at, round(order_paid(o) * 100)::bigint AS paise,
          o.subscription_id IS NOT NULL AS day
        FROM orders o
        WHERE o.status = 'Delivered' AND o.payment_method = 'Wallet'
          AND round(order_paid(o) * 100) <> 0`);
      await run(`ANALYZE seed_account_orders`);
      // The share of each month each customer was a customer.
      const spans = `SELECT s.k, s.customer_id, s.rate, m.i AS m,
          greatest(s.signed_up_at, m.starts) AS from_at, least(m.ends, ${end}) AS to_at,
          extract(epoch FROM least(m.ends, ${end}) - greatest(s.signed_up_at, m.starts))
            / extract(epoch FROM m.ends - m.starts) AS share
        FROM seed_accounts s
          JOIN (VALUES ${monthValues}) m(i, starts, ends)
            ON m.ends > s.signed_up_at AND m.starts < ${end}`;
      const [sizes] = await run<{ shares: number; months: number; fixed: number }>(`SELECT
        sum(share)::float8 AS shares, count(*)::int AS months,
        (SELECT count(*) FROM seed_accounts WHERE opening <> 0)::int
          + (SELECT count(*) FROM seed_account_orders)::int AS fixed
        FROM (${spans}) m`);
      // Day charges per month of a whole month's customer, so that (with about a payment or
      // top-up a month, the openings and the orders' charges) the ledger holds about `target`.
      const perMonth = Math.max(
        0,
        (target - Number(sizes?.fixed ?? 0) - Number(sizes?.months ?? 0)) /
          Math.max(1, Number(sizes?.shares ?? 1)),
      );
      // Each customer's months: how many days are charged and at what, and what the month's
      // orders paid from the account cost.
      await run(`CREATE UNLOGGED TABLE seed_account_months AS
        SELECT m.k, m.customer_id, m.m, m.from_at, m.to_at, m.seq,
          floor(m.share * ${perMonth.toFixed(4)} + ${rnd('m.seq', SALT.count)})::int AS n,
          round(m.rate * (0.9 + 0.2 * ${rnd('m.seq', SALT.amount)}) / 100)::int8 * 100 AS day_paise,
          coalesce(w.paise, 0) AS orders_paise
        FROM (SELECT *, k * 32 + m AS seq FROM (${spans}) m) m
          LEFT JOIN (SELECT o.customer_id, m.i, sum(o.paise) AS paise FROM seed_account_orders o
                       JOIN (VALUES ${monthValues}) m(i, starts, ends)
                         ON o.at >= m.starts AND o.at < m.ends
                      GROUP BY 1, 2) w ON w.customer_id = m.customer_id AND w.i = m.m`);
      await run(`ANALYZE seed_account_months`);
    });

    const staffIds = textArray(ref.staff.map((s) => s.id));
    const staffNames = textArray(ref.staff.map((s) => s.name));
    const admin = below(ref.staff.length, 'seq', SALT.admin);
    // A payment's method and reference, as expressions of its seq (k * 32 + month, unique).
    const method = `CASE WHEN seq % 13 = 0 THEN 'Cheque' WHEN postpaid
        THEN (ARRAY['UPI', 'Bank transfer', 'Cash'])[1 + ${weighted([0.45, 0.4, 0.15], rnd('seq', SALT.method))}]
        ELSE (ARRAY['UPI', 'Bank transfer', 'Cash'])[1 + ${weighted([0.65, 0.1, 0.25], rnd('seq', SALT.method))}] END`;
    const reference = `CASE method
        WHEN 'UPI' THEN (1 + seq % 9)::text || lpad(((seq::int8 * 2654435761) % 100000000000)::text, 11, '0')
        WHEN 'Bank transfer' THEN (${textArray(BANKS)})[1 + seq % 8]
          || lpad(((seq::int8 * 2246822519) % 10000000000000)::text, 13, '0')
        WHEN 'Cheque' THEN lpad((((seq / 13)::int8 * 104729) % 1000000)::text, 6, '0') || ' '
          || (${textArray(BANKS)})[1 + ((seq / 13) / 1000000) % 8]
        ELSE 'RC-' || lpad(seq::text, 8, '0') END`;
    // What each month cost: its day charges and its orders paid from the account.
    const cost = `(n::int8 * day_paise + orders_paise)`;
    const credits = `
      SELECT s.customer_id, 'payment' AS kind, ${cost} AS amount,
        m.to_at + (2 + ${below(10, 'seq', SALT.payDay)}) * interval '1 day'
          + (9 + ${below(9, 'seq', SALT.payHour)}) * interval '1 hour'
          + ${below(60, 'seq', SALT.payMinute)} * interval '1 minute' AS at,
        1 AS ord, NULL::text AS order_id, seq, s.postpaid, s.k
      FROM seed_account_months m JOIN seed_accounts s USING (customer_id)
      WHERE s.postpaid AND ${cost} > 0 AND m.m + 1 <= ${last} - s.unpaid_months
      UNION ALL
      SELECT s.customer_id, 'topup', ceil(${cost} / 50000.0)::int8 * 50000,
        m.from_at + (1 + ${below(30, 'seq', SALT.topupMinute)}) * interval '1 minute', 1, NULL, seq,
        s.postpaid, s.k
      FROM seed_account_months m JOIN seed_accounts s USING (customer_id)
      WHERE NOT s.postpaid AND ${cost} > 0 AND NOT (s.lapsed AND m.m = ${last})`;
    // Every entry, balance_after the running sum in the order written (time order).
    const entries = (part: number, parts: number) => `
      INSERT INTO account_entries (customer_id, kind, amount, balance_after, method, reference,
        reference_key, order_id, reason, admin_id, admin_name, at)
      SELECT customer_id, kind, amount,
        sum(amount) OVER (PARTITION BY customer_id ORDER BY at, ord, order_id, seq
                          ROWS UNBOUNDED PRECEDING),
        method, reference, upper(regexp_replace(reference, '[[:space:]./-]', '', 'g')), order_id,
        reason, admin_id, admin_name, at
      FROM (
        SELECT customer_id, 'opening' AS kind, opening AS amount, NULL::text AS method,
          NULL::text AS reference, NULL::text AS order_id, ${lit(OPENING_REASON)} AS reason,
          NULL::text AS admin_id, NULL::text AS admin_name, signed_up_at AS at, 0 AS ord, 0 AS seq
        FROM seed_accounts WHERE opening <> 0 AND k % ${parts} = ${part}
        UNION ALL
        SELECT m.customer_id, 'subscription_day_charged', -m.day_paise, NULL, NULL, NULL, NULL,
          NULL, NULL,
          m.from_at + (j + 0.2 + 0.6 * ${rnd('m.seq * 64 + j', SALT.jitter)}) / m.n
            * (m.to_at - m.from_at), 2, j
        FROM seed_account_months m, generate_series(0, m.n - 1) j
        WHERE m.n > 0 AND m.k % ${parts} = ${part}
        UNION ALL
        SELECT o.customer_id, CASE WHEN o.day THEN 'subscription_day_charged' ELSE 'order_charged' END,
          -o.paise, NULL, NULL, o.id, NULL, NULL, NULL, o.at, 3, 0
        FROM seed_account_orders o JOIN seed_accounts s USING (customer_id)
        WHERE s.k % ${parts} = ${part}
        UNION ALL
        SELECT customer_id, kind, amount, method, reference, NULL, NULL,
          (${staffIds})[1 + ${admin}], (${staffNames})[1 + ${admin}], at, ord, seq
        FROM (SELECT c.*, ${reference} AS reference
                FROM (SELECT c.*, ${method} AS method FROM (${credits}) c
                       WHERE c.at < ${end} AND c.k % ${parts} = ${part}) c) c
      ) e
      ORDER BY customer_id, at, ord, order_id, seq`;
    await step('accounts: entries', () =>
      lanes.split((lane, part, parts) => lane.run(entries(part, parts))),
    );
  } else {
    await step('accounts: openings', () =>
      run(`INSERT INTO account_entries (customer_id, kind, amount, balance_after, reason, at)
        SELECT customer_id, 'opening', opening, opening, ${lit(OPENING_REASON)}, signed_up_at
        FROM seed_accounts WHERE opening <> 0 ORDER BY customer_id`),
    );
  }

  await step('accounts: balances', () =>
    lanes.both(
      ({ run }) =>
        run(`INSERT INTO account_months (month, charged, collected, refunded)
          SELECT date_trunc('month', order_day(at))::date,
            coalesce(sum(-amount) FILTER (WHERE kind IN ('order_charged',
              'subscription_day_charged', 'deposit_taken', 'charge_reversed')), 0),
            coalesce(sum(amount) FILTER (WHERE kind IN ('payment', 'topup')), 0),
            coalesce(sum(-amount) FILTER (WHERE kind = 'refund'), 0)
          FROM account_entries
          WHERE kind IN ('order_charged', 'subscription_day_charged', 'deposit_taken',
            'charge_reversed', 'payment', 'topup', 'refund')
          GROUP BY 1`),
      async ({ run }) => {
        await run(`CREATE UNLOGGED TABLE seed_account_totals AS
          SELECT customer_id, sum(amount)::bigint AS total FROM account_entries GROUP BY customer_id`);
        await run(`UPDATE customers c SET wallet = coalesce(t.total, 0) / 100.0,
            billing_mode = CASE WHEN s.postpaid THEN 'postpaid' ELSE 'prepaid' END,
            pause_when_low = NOT s.postpaid AND s.pause_when_low
          FROM seed_accounts s LEFT JOIN seed_account_totals t USING (customer_id)
          WHERE c.id = s.customer_id
            AND (c.wallet * 100 IS DISTINCT FROM coalesce(t.total, 0) OR s.postpaid
                 OR (NOT s.postpaid AND s.pause_when_low))`);
      },
    ),
  );
  await step('accounts: dues', async () => {
    // Owed since the oldest of the newest charges that add up to what is owed (the trigger's
    // walk back from the newest charge).
    await lanes.split((lane, part, parts) =>
      lane.run(`INSERT INTO account_dues (customer_id, owed, owed_since, pincode, billing_mode)
      SELECT customer_id, owed, min(at), pincode,
        CASE WHEN postpaid THEN 'postpaid' ELSE 'prepaid' END
      FROM (
        SELECT e.customer_id, -t.total AS owed, e.at, -e.amount AS charge,
          sum(-e.amount) OVER (PARTITION BY e.customer_id ORDER BY e.at DESC, e.id DESC
                               ROWS UNBOUNDED PRECEDING) AS covered,
          s.pincode, s.postpaid
        FROM seed_account_totals t JOIN account_entries e USING (customer_id)
          JOIN seed_accounts s USING (customer_id)
        WHERE t.total < 0 AND e.amount < 0 AND s.k % ${parts} = ${part}
      ) x
      WHERE covered - charge < owed
      GROUP BY customer_id, owed, pincode, postpaid`),
    );
    await run(`INSERT INTO account_due_days (day, n, owed)
      SELECT order_day(owed_since), count(*), sum(owed) FROM account_dues GROUP BY 1`);
  });
}
