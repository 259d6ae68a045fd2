import { sql, type SQL } from 'drizzle-orm';

/*
 * Which subscriptions are due on a day, in SQL over `subscriptions s` (and its address `a`),
 * equal to shared/schedule.ts's isScheduledOn: within start and end, on one of the weekdays for
 * `weekdays`, else every interval_days from the start date. Pauses, skips and holidays do not
 * move a due day, they stop it: `stopReason` says which, first match wins.
 */

/** Due on `day` by the schedule alone (any status but Ended). */
export function dueOn(day: string): SQL {
  return sql`s.status <> 'Ended'
    AND s.start_date <= ${day}::date
    AND (s.end_date IS NULL OR s.end_date >= ${day}::date)
    AND CASE WHEN s.schedule_kind = 'weekdays'
      THEN extract(isodow FROM ${day}::date)::int = ANY (s.weekdays)
      ELSE (${day}::date - s.start_date) % greatest(s.interval_days, 1) = 0 END`;
}

/** Why a due subscription is not made that day, counted by these names in a run's `skipped`. */
export const SKIP_REASONS = [
  'paused',
  'skipped',
  'holiday',
  'customerBlocked',
  'serviceInactive',
  'productInactive',
  'planInactive',
  'pincodeNotServed',
  'pincodeInactive',
  // Issue 36: a prepaid customer who pauses when low, paying the subscription from the account,
  // whose balance cannot pay the day's order (makeDay.ts decides it once the order is priced).
  'balance',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Where stopReason reads the pin code and the customer's status (see countJoins). */
export interface StopColumns {
  pincode: SQL;
  customerBlocked: SQL;
}

/** With dueJoins: the address's pin code and the joined customer `cu`. */
const JOINED: StopColumns = {
  pincode: sql`a.pincode`,
  customerBlocked: sql`cu.status = 'Blocked'`,
};

/**
 * With countJoins: the pin code kept on the subscription (always its address's, written with
 * it), and the blocked customers as one hashed set (a few thousand at 100 k customers) instead
 * of a join to every customer.
 */
export const COUNTED: StopColumns = {
  pincode: sql`s.pincode`,
  customerBlocked: sql`s.customer_id IN (SELECT bc.id FROM customers bc WHERE bc.status = 'Blocked')`,
};

/**
 * Why `s` (with its address `a`, customer `cu`, service `c`, product `p`, plan `pl`, pin code
 * `pin`, the last three left-joined) is not made on `day`: each reason with the condition that
 * stops it, first match wins. stopReason and madeOn are both written from this one list.
 * The holiday test is two uncorrelated subqueries (a whole-business holiday, computed once; the
 * day's pin codes, hashed), not one run per subscription (47 k of them took 0.1-0.2 s of a
 * day's counts).
 */
type Stop =
  /** A subquery: `EXISTS` in the CASE, `NOT EXISTS` (an anti-join) in madeOn. */
  { reason: SkipReason; exists: SQL } | { reason: SkipReason; when: SQL };

function stops(day: string, on: StopColumns): Stop[] {
  return [
    {
      reason: 'paused',
      exists: sql`SELECT 1 FROM subscription_pauses sp WHERE sp.subscription_id = s.id
        AND sp.from_date <= ${day}::date AND (sp.to_date IS NULL OR sp.to_date >= ${day}::date)`,
    },
    {
      reason: 'skipped',
      exists: sql`SELECT 1 FROM subscription_skips sk WHERE sk.subscription_id = s.id
        AND sk.day = ${day}::date`,
    },
    {
      reason: 'holiday',
      when: sql`EXISTS (SELECT 1 FROM holidays h WHERE h.day = ${day}::date
          AND cardinality(h.pincodes) = 0)
        OR ${on.pincode} IN (SELECT unnest(h.pincodes) FROM holidays h WHERE h.day = ${day}::date)`,
    },
    { reason: 'customerBlocked', when: on.customerBlocked },
    { reason: 'serviceInactive', when: sql`c.status <> 'Active'` },
    {
      reason: 'productInactive',
      when: sql`s.product_id IS NOT NULL AND (p.id IS NULL OR p.status <> 'Active')`,
    },
    {
      reason: 'planInactive',
      when: sql`s.plan_id IS NOT NULL AND (pl.id IS NULL OR pl.status <> 'Active')`,
    },
    { reason: 'pincodeNotServed', when: sql`pin.number IS NULL` },
    { reason: 'pincodeInactive', when: sql`pin.status <> 'Active'` },
  ];
}

/** The reason `s` is not made on `day` (see stops), or null when it is made. */
export function stopReason(day: string, on: StopColumns = JOINED): SQL {
  const cases = stops(day, on).map((stop) => {
    const then = sql.raw(`'${stop.reason}'`); // one of SKIP_REASONS, written as a literal
    const test = 'exists' in stop ? sql`EXISTS (${stop.exists})` : stop.when;
    return sql`WHEN ${test} THEN ${then}`;
  });
  return sql`CASE ${sql.join(cases, sql` `)} END`;
}

/**
 * True when `s` is made on `day`: `stopReason(day, on) IS NULL` written as NOT EXISTS and IS NOT
 * TRUE, which PostgreSQL plans as anti-joins over the day's pauses and skips rather than two
 * index probes per subscription (a day's counts over 100 k subscriptions: see
 * docs/performance.md).
 */
export function madeOn(day: string, on: StopColumns = JOINED): SQL {
  const tests = stops(day, on).map((stop) =>
    'exists' in stop ? sql`NOT EXISTS (${stop.exists})` : sql`(${stop.when}) IS NOT TRUE`,
  );
  return sql.join(tests, sql` AND `);
}

/** The joins stopReason reads. */
export const dueJoins = sql`
  JOIN customer_addresses a ON a.id = s.address_id
  JOIN customers cu ON cu.id = s.customer_id
  JOIN categories c ON c.id = s.category_id
  LEFT JOIN products p ON p.id = s.product_id
  LEFT JOIN plans pl ON pl.id = s.plan_id
  LEFT JOIN pincodes pin ON pin.number = a.pincode`;

/** The joins stopReason reads with COUNTED: no address, no customer (a day's counts). */
export const countJoins = sql`
  JOIN categories c ON c.id = s.category_id
  LEFT JOIN products p ON p.id = s.product_id
  LEFT JOIN plans pl ON pl.id = s.plan_id
  LEFT JOIN pincodes pin ON pin.number = s.pincode`;
