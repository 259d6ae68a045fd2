import { INSTRUCTIONS, SLOTS, TIFFIN_SLOTS } from '../orders';
import { FESTIVALS } from '../subscriptions';
import {
  below,
  chance,
  ID_TAGS,
  intArray,
  lit,
  pick,
  rnd,
  textArray,
  uuid7,
  weighted,
  type Timeline,
} from './expressions';
import type { CustomerKeys } from './customers';
import { SERVICE_KINDS, TIFFIN, type Reference } from './reference';
import type { Sql } from './run';

const SALT = {
  customer: 401,
  kind: 402,
  item: 403,
  schedule: 404,
  weekdays: 405,
  everyN: 406,
  quantity: 407,
  start: 408,
  future: 409,
  ended: 410,
  endedDays: 411,
  paused: 412,
  pauseFrom: 413,
  pauseTo: 414,
  pauseOpen: 415,
  pauseReason: 416,
  soonPause: 417,
  skip: 418,
  skipFrom: 419,
  slot: 420,
  payment: 421,
  instruction: 422,
  instructionPick: 423,
  createdHours: 424,
  admin: 425,
  tiffinEnded: 426,
} as const;

const WATER = SERVICE_KINDS.indexOf('water');
const OXYGEN = SERVICE_KINDS.indexOf('oxygen');
const LAUNDRY = SERVICE_KINDS.indexOf('laundry');

/** Share of subscriptions per service, in SERVICE_KINDS order: water, oxygen, laundry, tiffin. */
const SUBSCRIPTION_MIX = [0.55, 0.1, 0.05, 0.3];

/** Chosen weekdays (ISO, Monday 1) of a weekly water or laundry subscription. */
const WEEKDAY_SETS = [
  '{1}',
  '{3}',
  '{6}',
  '{7}',
  '{1,4}',
  '{2,5}',
  '{3,6}',
  '{1,5}',
  '{1,3,5}',
  '{2,4,6}',
];

const PAUSE_REASONS = [
  'Travelling, back after the holidays',
  'Out of town for a wedding',
  'Customer asked to hold deliveries',
  'House under repair',
];

/** Which delivery times a service's subscriptions use: meal times for tiffin, others for the rest. */
function slotsFor(times: string[]) {
  const all = times.length ? times : [...SLOTS];
  const meals = all.filter((s) => TIFFIN_SLOTS.includes(s));
  const days = all.filter((s) => !TIFFIN_SLOTS.includes(s));
  return { meals: meals.length ? meals : all, days: days.length ? days : all };
}

/**
 * `count` subscriptions (issue 35), set-based: customers chosen by a hash, to their first
 * address; water jars (chosen weekdays, alternate days or daily, taking the empties back),
 * tiffin plans (daily, ending after the plan's days: some already ended), oxygen every 3 to 10
 * days, weekly laundry pick-ups, at the delivery times of the settings; started in the last four
 * months (a few start in the coming week). About 5 % are paused now (a pause row, until a day to
 * come or until resumed), a blocked customer's are paused with 'Customer blocked', some have a
 * pause booked, some ended, some a day skipped; each has its 'created' history row (and one for
 * its pause or its end). About half are due on any given day. Then a few holidays: last month's
 * and next month's festivals for every pin code, and a local one for three pin codes.
 */
export async function loadSubscriptions(
  run: Sql,
  count: number,
  customers: CustomerKeys,
  ref: Reference,
  timeline: Timeline,
): Promise<void> {
  if (count <= 0) return;
  const [times] = await run<{ slots: string[] | null }>(
    `SELECT delivery_time AS slots FROM delivery_times WHERE id = 'default'`,
  );
  const slots = slotsFor(Array.isArray(times?.slots) ? times.slots : []);
  const today = `order_day(${timeline.nowSql})`;
  const payment = `(ARRAY['Online', 'Cash on Delivery', 'Wallet'])[1 + ${weighted([0.55, 0.3, 0.15], rnd('s', SALT.payment))}]`;
  const adminIds = textArray(ref.staff.map((s) => s.id));
  const adminNames = textArray(ref.staff.map((s) => s.name));

  // Each subscription's decisions, once, in a work table the inserts below read.
  await run(`CREATE UNLOGGED TABLE seed_subscriptions AS
    SELECT ${uuid7('created_at', 's', ID_TAGS.subscription)} AS id, o.*
    FROM (
      SELECT *,
        CASE WHEN status = 'Ended' THEN 'ended'
          WHEN status = 'Paused' AND blocked THEN 'Customer blocked'
          WHEN status = 'Paused' THEN ${pick(PAUSE_REASONS, 's', SALT.pauseReason)} END AS reason,
        -- Made a day or a few before it started, never before the customer signed up.
        least(${timeline.nowSql} - interval '1 hour', greatest(signed_up_at + interval '10 minutes',
          (start_date - 1 - ${below(3, 's', SALT.createdHours)} + time '04:00') AT TIME ZONE 'UTC'
            + ${below(10, 's', SALT.createdHours + 100)} * interval '1 hour')) AS created_at
      FROM (
        SELECT *,
          CASE WHEN end_date < ${today} THEN 'Ended'
            WHEN blocked OR (start_date <= ${today} AND ${chance(0.02, 's', SALT.paused)}) THEN 'Paused'
            ELSE 'Active' END AS status
        FROM (
          SELECT *,
            CASE WHEN kind = ${TIFFIN} THEN start_date + days - 1
              WHEN start_date < ${today} - 1 AND ${chance(0.04, 's', SALT.ended)}
                THEN greatest(start_date, ${today} - 1 - ${below(30, 's', SALT.endedDays)}) END AS end_date
          FROM (
            SELECT *,
              greatest(order_day(signed_up_at) + 1, CASE
                WHEN ${chance(0.03, 's', SALT.future)} THEN ${today} + 1 + ${below(7, 's', SALT.start)}
                WHEN kind = ${TIFFIN} AND ${chance(0.15, 's', SALT.tiffinEnded)}
                  THEN ${today} - days - ${below(30, 's', SALT.start)}
                WHEN kind = ${TIFFIN} THEN ${today} - ${below('days', 's', SALT.start)}
                ELSE ${today} - ${below(120, 's', SALT.start)} END) AS start_date
            FROM (
              SELECT o.s, o.kind, ad.customer_id, ad.id AS address_id, ad.pincode, c.at AS signed_up_at,
                cu.status = 'Blocked' AS blocked, it.id AS item_id,
                coalesce(it.days, 1) AS days,
                CASE WHEN o.kind = ${TIFFIN} THEN 'daily'
                  WHEN o.kind = ${OXYGEN} THEN 'everyNDays'
                  WHEN o.kind = ${LAUNDRY} THEN 'weekdays'
                  ELSE (ARRAY['weekdays', 'alternate', 'daily'])[1 + ${weighted([0.4, 0.3, 0.3], rnd('o.s', SALT.schedule))}]
                END AS schedule_kind,
                CASE o.kind WHEN ${WATER} THEN 1 + ${below(3, 'o.s', SALT.quantity)}
                  WHEN ${LAUNDRY} THEN 2 + ${below(11, 'o.s', SALT.quantity)}
                  WHEN ${TIFFIN} THEN 1 + (${chance(0.1, 'o.s', SALT.quantity)})::int
                  ELSE 1 END AS quantity
              FROM (
                SELECT s, ${weighted(SUBSCRIPTION_MIX, rnd('s', SALT.kind))} AS kind,
                  ${below(customers.count, 's', SALT.customer)} AS k
                FROM generate_series(0, ${count - 1}) s
                OFFSET 0
              ) o
                JOIN seed_addresses ad ON ad.k = o.k AND ad.a = 0
                JOIN seed_customers c ON c.k = o.k
                JOIN customers cu ON cu.id = c.id
                JOIN seed_item it ON it.kind = o.kind
                  AND it.slot = ${below(`(${intArray(ref.items)})[o.kind + 1]`, 'o.s', SALT.item)}
              OFFSET 0
            ) o
            OFFSET 0
          ) o
          OFFSET 0
        ) o
        OFFSET 0
      ) o
      OFFSET 0
    ) o`);

  await run(`INSERT INTO subscriptions (id, customer_id, category_id, product_id, plan_id,
      quantity, return_quantity, schedule_kind, weekdays, interval_days, slot, address_id, pincode,
      start_date, end_date, payment_method, special_instruction, status, status_reason,
      created_at, updated_at)
    SELECT id, customer_id, (${textArray(ref.categoryIds)})[kind + 1],
      CASE WHEN kind <> ${TIFFIN} THEN item_id END, CASE WHEN kind = ${TIFFIN} THEN item_id END,
      quantity, CASE WHEN kind IN (${WATER}, ${OXYGEN}) THEN quantity ELSE 0 END,
      schedule_kind,
      CASE WHEN schedule_kind = 'weekdays'
        THEN (${textArray(WEEKDAY_SETS)})[1 + ${below(WEEKDAY_SETS.length, 's', SALT.weekdays)}]::int[]
        ELSE '{}'::int[] END,
      CASE schedule_kind WHEN 'alternate' THEN 2
        WHEN 'everyNDays' THEN (ARRAY[3, 4, 5, 7, 10])[1 + ${below(5, 's', SALT.everyN)}]
        ELSE 1 END,
      CASE WHEN kind = ${TIFFIN} THEN ${pick(slots.meals, 's', SALT.slot)}
        ELSE ${pick(slots.days, 's', SALT.slot)} END,
      address_id, pincode, start_date, end_date, ${payment},
      CASE WHEN ${chance(0.12, 's', SALT.instruction)} THEN ${pick(INSTRUCTIONS, 's', SALT.instructionPick)} END,
      status, CASE WHEN status = 'Ended' AND kind = ${TIFFIN} THEN 'Plan finished'
        WHEN status = 'Ended' THEN 'Customer stopped the deliveries' ELSE reason END,
      created_at,
      CASE WHEN status = 'Ended' THEN greatest(created_at, (end_date + 1 + time '00:00') AT TIME ZONE 'Asia/Kolkata')
        ELSE created_at END
    FROM seed_subscriptions`);

  // The pauses: the paused ones' (covering today), and a trip booked by some active ones.
  await run(`INSERT INTO subscription_pauses (id, subscription_id, from_date, to_date, reason,
      extend_end, admin_id, created_at)
    SELECT id, subscription_id, from_date, to_date, reason, false,
      CASE WHEN blocked THEN NULL ELSE (${adminIds})[1 + ${below(ref.staff.length, 's', SALT.admin)}] END,
      least(${timeline.nowSql} - interval '1 minute', greatest(created_at + interval '1 minute',
        (from_date - 1 + time '12:00') AT TIME ZONE 'Asia/Kolkata'))
    FROM (
      SELECT s, blocked, created_at, ${uuid7('created_at', 's', ID_TAGS.subscriptionPause)} AS id,
        id AS subscription_id, reason,
        least(${today}, greatest(start_date, ${today} - ${below(10, 's', SALT.pauseFrom)})) AS from_date,
        CASE WHEN blocked OR ${chance(0.4, 's', SALT.pauseOpen)} THEN NULL
          ELSE ${today} + 3 + ${below(20, 's', SALT.pauseTo)} END AS to_date
      FROM seed_subscriptions WHERE status = 'Paused'
      UNION ALL
      SELECT s, false, created_at, ${uuid7('created_at', 's', ID_TAGS.subscriptionPause)},
        id, ${pick(PAUSE_REASONS, 's', SALT.pauseReason)},
        ${today} + 4 + ${below(10, 's', SALT.pauseFrom)},
        ${today} + 8 + ${below(10, 's', SALT.pauseFrom)} + ${below(4, 's', SALT.pauseTo)}
      FROM seed_subscriptions
      WHERE status = 'Active' AND end_date IS NULL AND ${chance(0.03, 's', SALT.soonPause)}
    ) p`);

  // A day skipped by some active ones: their first scheduled day of the coming week.
  await run(`INSERT INTO subscription_skips (subscription_id, day, admin_id, created_at)
    SELECT x.id, d.day, (${adminIds})[1 + ${below(ref.staff.length, 'x.s', SALT.admin)}],
      least(${timeline.nowSql} - interval '1 minute', greatest(x.created_at, ${timeline.nowSql} - interval '1 day'))
    FROM subscriptions s JOIN seed_subscriptions x ON x.id = s.id
      CROSS JOIN LATERAL (
        SELECT min(${today} + i) AS day FROM generate_series(1 + ${below(3, 'x.s', SALT.skipFrom)}, 9) i
        WHERE ${today} + i >= s.start_date AND (s.end_date IS NULL OR ${today} + i <= s.end_date)
          AND CASE WHEN s.schedule_kind = 'weekdays'
            THEN extract(isodow FROM ${today} + i)::int = ANY (s.weekdays)
            ELSE (${today} + i - s.start_date) % s.interval_days = 0 END
      ) d
    WHERE s.status = 'Active' AND d.day IS NOT NULL AND ${chance(0.04, 'x.s', SALT.skip)}`);

  // Every subscription's history: created (by an admin, on the phone), then paused or ended.
  await run(`INSERT INTO subscription_changes (subscription_id, action, changes, note, admin_id,
      admin_name, at)
    SELECT id, 'created', NULL, NULL, (${adminIds})[1 + a], (${adminNames})[1 + a], created_at
    FROM (SELECT id, created_at, ${below(ref.staff.length, 's', SALT.admin)} AS a
      FROM seed_subscriptions OFFSET 0) x
    UNION ALL
    SELECT p.subscription_id, 'paused',
      jsonb_build_object('pause', jsonb_build_array(NULL, jsonb_build_object('from', p.from_date, 'to', p.to_date)))
        || CASE WHEN p.from_date <= ${today} THEN '{"status": ["Active", "Paused"]}'::jsonb ELSE '{}' END,
      p.reason, p.admin_id,
      CASE WHEN p.admin_id IS NOT NULL THEN (${adminNames})[array_position(${adminIds}, p.admin_id)] END,
      p.created_at
    FROM subscription_pauses p
    UNION ALL
    SELECT k.subscription_id, 'skipped', jsonb_build_object('skip', jsonb_build_array(NULL, k.day)),
      NULL, k.admin_id, (${adminNames})[array_position(${adminIds}, k.admin_id)], k.created_at
    FROM subscription_skips k
    UNION ALL
    SELECT id, 'ended', '{"status": ["Active", "Ended"]}'::jsonb, status_reason, NULL, NULL, updated_at
    FROM subscriptions WHERE status = 'Ended'`);

  // Holidays: last month's and next month's festivals everywhere, a local one in ten days.
  const festival = (months: number) => {
    const at = new Date(timeline.now);
    at.setUTCDate(1);
    at.setUTCMonth(at.getUTCMonth() + months);
    const [day, name] = FESTIVALS[at.getUTCMonth()]!;
    return `${lit(`${at.toISOString().slice(0, 8)}${String(day).padStart(2, '0')}`)}::date, ${lit(name)}`;
  };
  await run(`INSERT INTO holidays (id, day, name, pincodes, extend_plans, created_at, updated_at)
    SELECT ${uuid7(timeline.nowSql, 'n', ID_TAGS.holiday)}, day, name, pincodes, extend_plans,
      ${timeline.nowSql} - interval '20 days', ${timeline.nowSql} - interval '20 days'
    FROM (VALUES
      (1, ${festival(-1)}, '{}'::text[], true),
      (2, ${festival(1)}, '{}'::text[], true),
      (3, ${today} + 10, 'Local body elections',
        (SELECT array_agg(pincode ORDER BY pincode) FROM (SELECT DISTINCT pincode FROM seed_addresses
          ORDER BY pincode LIMIT 3) p), false)
    ) h(n, day, name, pincodes, extend_plans)`);
}
