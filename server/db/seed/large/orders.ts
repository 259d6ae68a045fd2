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
import { INSTRUCTIONS, SLOTS, TIFFIN_SLOTS } from '../orders';
import { SERVICE_MIX, type CustomerKeys } from './customers';
import { kitchenJson } from './places';
import { TIFFIN, type Reference } from './reference';
import type { Sql } from './run';

const SALT = {
  time: 201,
  customer: 202,
  usual: 203,
  service: 204,
  address: 205,
  addressPick: 206,
  item: 207,
  quantity: 208,
  emergency: 209,
  accessory: 210,
  accessoryPick: 211,
  accessoryQuantity: 212,
  fate: 213,
  outHours: 214,
  deliveredHours: 215,
  cancelHours: 216,
  cancelledByCustomer: 217,
  admin1: 218,
  admin2: 219,
  payment: 220,
  slot: 221,
  pickupSlot: 222,
  instruction: 223,
  instructionPick: 224,
  noTotal: 225,
} as const;

/** The order number's alphabet (as placeOrder's): no I or O, which read as 1 and 0. */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * Order `i` (0..count-1), as expressions of i: order i is placed at the fraction
 * (i + something below 1) / count of the timeline, so orders come in time order and the
 * business grows month by month.
 */
export class OrderKeys {
  constructor(
    readonly count: number,
    private readonly timeline: Timeline,
  ) {}

  /** The fraction of the timeline when order i was placed. */
  share(i: string): string {
    return `((${i} + ${rnd(i, SALT.time)}) / ${this.count})`;
  }

  placedAt(i: string): string {
    return this.timeline.at(this.share(i));
  }

  /** The order's id; `placedAt` must be a column holding placedAt(i). */
  id(i: string, placedAt: string): string {
    return uuid7(placedAt, i, ID_TAGS.order);
  }
}

/**
 * The order number: OD + the India date + six characters. The characters are the order's row
 * number through a bijection modulo 34^6 (the multiplier is prime to 34), so they look random
 * and never repeat.
 */
function orderNumber(i: string, placedAt: string): string {
  const scrambled = `((${i})::int8 * 387420489 + 123456789) % 1544804416`;
  const chars = [5, 4, 3, 2, 1, 0].map(
    (p) => `substr('${ALPHABET}', 1 + ((${scrambled}) / ${34 ** p} % 34)::int, 1)`,
  );
  return `('OD' || to_char((${placedAt} AT TIME ZONE 'UTC') + interval '330 minutes', 'YYMMDD') || ${chars.join(' || ')})`;
}

/**
 * Which accessory (slot of `seed_accessory`) and how many an order of service `kind` bought,
 * NULL slot for none, decided from the order's id (`seq` = hashtext(id)): the order's amount
 * and its accessory rows are written by different statements and must agree.
 */
function accessoryOf(ref: Reference, kind: string, seq: string) {
  const available = `(${intArray(ref.accessories)})[${kind} + 1]`;
  return {
    slot: `CASE WHEN ${kind} IN (0, 1) AND ${available} > 0 AND ${chance(0.12, seq, SALT.accessory)}
      THEN ${below(available, seq, SALT.accessoryPick)} END`,
    quantity: `(1 + ${below(2, seq, SALT.accessoryQuantity)})`,
  };
}

/** The service kind (index of SERVICE_KINDS) of an order's category id. */
const kindOf = (ref: Reference, categoryId: string) =>
  `(array_position(${textArray(ref.categoryIds)}, ${categoryId}) - 1)`;

/**
 * Order i's placing time, customer, service and address (an SQL subquery): customers mostly
 * order their usual service, from their first address.
 */
function placedOrders(
  orders: OrderKeys,
  customers: CustomerKeys,
  [from, to]: Range = [0, orders.count],
): string {
  return `SELECT i, at, k,
      CASE WHEN ${chance(0.7, 'i', SALT.usual)} THEN ${customers.usualService('k')}
        ELSE ${weighted(SERVICE_MIX, rnd('i', SALT.service))} END AS kind,
      CASE WHEN ${chance(0.8, 'i', SALT.address)} THEN 0
        ELSE ${below(customers.addressCount('k'), 'i', SALT.addressPick)} END AS a
    FROM (
      SELECT i, ${orders.placedAt('i')} AS at,
        ${customers.activeBy(orders.share('i'), rnd('i', SALT.customer))} AS k
      FROM generate_series(${from}, ${to - 1}) i
      OFFSET 0
    ) o`;
}

/** Orders `from` up to (not including) `to`, by number. */
export type Range = [from: number, to: number];

/** The `part`th of `parts` equal ranges of the orders (the last takes what is left). */
export function rangeOf(orders: OrderKeys, part: number, parts: number): Range {
  const size = Math.ceil(orders.count / parts);
  return [Math.min(orders.count, part * size), Math.min(orders.count, (part + 1) * size)];
}

/**
 * The work table `seed_first`: each customer's first order of each service (by number), which
 * is fresh; made once over all the orders, before they are loaded in parts.
 */
export async function findFirstOrders(
  run: Sql,
  orders: OrderKeys,
  customers: CustomerKeys,
): Promise<void> {
  // OFFSET 0 keeps each level a subquery, so that a column computed once is not computed
  // again wherever the level above mentions it.
  await run(`CREATE UNLOGGED TABLE seed_first AS
    SELECT min(i) AS i FROM (${placedOrders(orders, customers)} OFFSET 0) o GROUP BY k, kind`);
  await run(`ANALYZE seed_first`);
}

/**
 * The orders of `range`, computed in one statement (no intermediate table: on PGlite writing
 * rows costs far more than computing them): who, which service, address, product or plan,
 * quantity, emergency, accessory, prices and charges, and where the order stands now. Old orders
 * are delivered or cancelled; orders of the last two days are still moving; tiffin subscriptions
 * are jobs until their end date. A customer's first order of a service is fresh (`seed_first`),
 * every later one a reorder. History, accessories and returns are derived from these rows.
 */
export async function loadOrders(
  run: Sql,
  orders: OrderKeys,
  customers: CustomerKeys,
  ref: Reference,
  timeline: Timeline,
  range: Range = [0, orders.count],
): Promise<void> {
  const now = timeline.nowSql;
  const lastMinute = `(${now} - interval '1 minute')`;
  const hours = (n: string) => `(${n}) * interval '1 hour'`;
  const outHours = `1 + ${below(6, 'i', SALT.outHours)}`;
  const accessory = accessoryOf(ref, 'kind', 'hashtext(id)');
  // When an order stops being a job: two days after it is placed, or, for a tiffin
  // subscription (a job every day), the evening of its end date.
  const settleAt = `(CASE WHEN kind = ${TIFFIN} THEN (end_date + time '18:00') AT TIME ZONE 'UTC'
    ELSE at + interval '2 days' END)`;
  const payment = `(ARRAY['Online', 'Cash on Delivery', 'Wallet', NULL])[1 + ${weighted([0.55, 0.3, 0.1, 0.05], rnd('i', SALT.payment))}]`;
  // The oldest orders predate the total column: the panel shows price + delivery for them.
  const noTotalBefore = `${lit(new Date(timeline.start.getTime() + 40 * 86_400_000).toISOString())}::timestamptz`;

  await run(`INSERT INTO orders (id, order_id, customer_id, category_id, product_id, plan_id,
      order_type, quantity, return_quantity, price, amount, delivery_charge, emergency_charge, gst,
      total_amount, payment_method, is_emergency, status, pickup_time, delivery_time, start_date,
      end_date, special_instruction, address_id, address, delivery_address, pickup_address,
      pincode, created_at, updated_at)
    SELECT o.id, ${orderNumber('i', 'o.at')}, ad.customer_id, (${textArray(ref.categoryIds)})[kind + 1],
      CASE WHEN kind <> ${TIFFIN} THEN item_id END, CASE WHEN kind = ${TIFFIN} THEN item_id END,
      CASE WHEN fresh THEN 'fresh' ELSE 'reorder' END, qty,
      CASE WHEN kind IN (0, 1) AND NOT fresh THEN qty ELSE 0 END,
      price, amount, delivery, extra, gst,
      CASE WHEN o.at < ${noTotalBefore} AND ${chance(0.3, 'i', SALT.noTotal)} THEN NULL
        ELSE amount + delivery + extra + gst END,
      ${payment}, emergency, status,
      CASE kind WHEN 2 THEN ${pick(SLOTS, 'i', SALT.pickupSlot)} WHEN ${TIFFIN} THEN '11:30 AM' END,
      CASE WHEN emergency THEN 'Within 2 hours'
        WHEN kind = ${TIFFIN} THEN ${pick(TIFFIN_SLOTS, 'i', SALT.slot)}
        ELSE ${pick(SLOTS, 'i', SALT.slot)} END,
      start_date, end_date,
      CASE WHEN ${chance(0.15, 'i', SALT.instruction)} THEN ${pick(INSTRUCTIONS, 'i', SALT.instructionPick)} END,
      CASE WHEN kind <> ${TIFFIN} THEN ad.id END,
      CASE WHEN kind <> ${TIFFIN} THEN ad.home END,
      CASE WHEN kind = ${TIFFIN} THEN ad.home END,
      CASE WHEN kind = ${TIFFIN} THEN ${kitchenJson('ad.city_index')} END,
      ad.pincode, o.at, updated_at
    FROM (
      SELECT *, round((amount + delivery + extra) * ${ref.gstPercent / 100}, 2) AS gst
      FROM (
        SELECT o.*, f.i IS NOT NULL AS fresh, it.id AS item_id, it.price,
          round(it.price * o.qty + coalesce(ac.price * o.acc_qty, 0), 2) AS amount,
          CASE WHEN o.kind = ${TIFFIN} THEN 0 ELSE ${ref.standardCharge} END AS delivery,
          CASE WHEN o.emergency THEN ${ref.emergencyCharge} ELSE 0 END AS extra
        FROM (
          SELECT *,
            CASE status
              WHEN 'Pending' THEN at
              WHEN 'Out for Delivery' THEN least(${lastMinute}, at + CASE WHEN kind = ${TIFFIN}
                THEN interval '1 day' ELSE ${hours(outHours)} END)
              WHEN 'Delivered' THEN least(${lastMinute}, CASE WHEN kind = ${TIFFIN} THEN ${settleAt}
                ELSE at + ${hours(`${outHours} + 2 + ${below(8, 'i', SALT.deliveredHours)}`)} END)
              ELSE least(${lastMinute}, at + ${hours(`1 + ${below(5, 'i', SALT.cancelHours)}`)})
            END AS updated_at
          FROM (
            SELECT *,
              CASE
                WHEN ${settleAt} < ${now} THEN CASE WHEN fate < 0.07 THEN 'Cancelled' ELSE 'Delivered' END
                WHEN kind = ${TIFFIN} THEN CASE WHEN fate < 0.04 THEN 'Cancelled'
                  WHEN (start_date + time '06:00') AT TIME ZONE 'UTC' < ${now} THEN 'Out for Delivery'
                  ELSE 'Pending' END
                WHEN fate < 0.35 THEN 'Out for Delivery'
                WHEN fate < 0.45 THEN 'Delivered'
                WHEN fate < 0.48 THEN 'Cancelled'
                ELSE 'Pending'
              END AS status
            FROM (
              SELECT *, ${accessory.slot} AS acc, ${accessory.quantity} AS acc_qty,
                CASE WHEN kind = ${TIFFIN} THEN order_day(at) + 1 END AS start_date,
                CASE WHEN kind = ${TIFFIN} THEN order_day(at) + (${intArray(ref.planDays)})[slot + 1] END AS end_date
              FROM (
                SELECT i, at, k, kind, a, ${orders.id('i', 'at')} AS id,
                  ${below(`(${intArray(ref.items)})[kind + 1]`, 'i', SALT.item)} AS slot,
                  CASE kind WHEN 0 THEN 1 + ${below(4, 'i', SALT.quantity)}
                    WHEN 1 THEN 1 + ${below(2, 'i', SALT.quantity)}
                    WHEN 2 THEN 2 + ${below(11, 'i', SALT.quantity)} ELSE 1 END AS qty,
                  (kind = 0 AND ${chance(0.05, 'i', SALT.emergency)})
                    OR (kind = 1 AND ${chance(0.15, 'i', SALT.emergency)}) AS emergency,
                  ${rnd('i', SALT.fate)} AS fate
                FROM (${placedOrders(orders, customers, range)} OFFSET 0) o
                OFFSET 0
              ) o
              OFFSET 0
            ) o
            OFFSET 0
          ) o
          OFFSET 0
        ) o
          JOIN seed_item it ON it.kind = o.kind AND it.slot = o.slot
          LEFT JOIN seed_accessory ac ON ac.kind = o.kind AND ac.slot = o.acc
          LEFT JOIN seed_first f ON f.i = o.i
        OFFSET 0
      ) o
      OFFSET 0
    ) o JOIN seed_addresses ad ON ad.k = o.k AND ad.a = o.a`);
}

/**
 * Every status each order of part `part` of `parts` (split by a hash of the order's id) has
 * had, from the order itself: placed (Pending, by the customer), then out for delivery and
 * delivered, or cancelled (by the customer or an admin), each with who and when. Ids are given
 * here rather than drawn one by one from the sequence (`continueHistoryIds` moves it past them):
 * the nth order of a part has ids (n × parts + part) × 3 + its step, so parts never collide.
 */
export async function loadStatusHistory(
  run: Sql,
  ref: Reference,
  part = 0,
  parts = 1,
): Promise<void> {
  const adminIds = textArray(ref.staff.map((s) => s.id));
  const adminNames = textArray(ref.staff.map((s) => s.name));
  const tiffinId = lit(ref.categoryIds[TIFFIN]!);
  await run(`INSERT INTO order_status_history (id, order_id, from_status, to_status, admin_id,
      admin_name, at)
    SELECT (o.n * ${parts} + ${part}) * 3 + h.step, o.id, h.from_status, h.to_status, (${adminIds})[h.admin + 1],
      (${adminNames})[h.admin + 1], h.at
    FROM (
      SELECT row_number() OVER () AS n, id, status, created_at, updated_at,
        category_id = ${tiffinId} AS tiffin, hashtext(id) AS h
      FROM orders
      ${parts > 1 ? `WHERE mod(hashtext(id)::int8 + 2147483648, ${parts}) = ${part}` : ''}
      OFFSET 0
    ) o CROSS JOIN LATERAL (VALUES
      (1, NULL, 'Pending', NULL::int, o.created_at),
      (2, 'Pending',
        CASE WHEN o.status IN ('Out for Delivery', 'Delivered') THEN 'Out for Delivery' END,
        ${below(ref.staff.length, 'o.h', SALT.admin1)},
        CASE WHEN o.status = 'Out for Delivery' THEN o.updated_at
          WHEN o.tiffin THEN o.created_at + interval '1 day'
          ELSE o.created_at + (o.updated_at - o.created_at) / 3 END),
      (3, CASE WHEN o.status = 'Delivered' THEN 'Out for Delivery' ELSE 'Pending' END,
        CASE WHEN o.status IN ('Delivered', 'Cancelled') THEN o.status END,
        CASE WHEN o.status = 'Cancelled' AND ${chance(0.5, 'o.h', SALT.cancelledByCustomer)} THEN NULL
          ELSE ${below(ref.staff.length, 'o.h', SALT.admin2)} END,
        o.updated_at)
    ) h(step, from_status, to_status, admin, at)
    WHERE h.to_status IS NOT NULL`);
}

/** The history's id sequence continues after the ids `loadStatusHistory` gave. */
export async function continueHistoryIds(run: Sql): Promise<void> {
  await run(`SELECT setval(pg_get_serial_sequence('order_status_history', 'id'),
    (SELECT max(id) FROM order_status_history))`);
}

/** Accessories bought with water and oxygen orders, at the price the order paid. */
export async function loadOrderAccessories(run: Sql, ref: Reference): Promise<void> {
  const accessory = accessoryOf(ref, 'kind', 'hashtext(id)');
  const services = [0, 1].map((kind) => lit(ref.categoryIds[kind]!)).join(', ');
  await run(`INSERT INTO order_accessories (id, order_id, accessory_id, name, quantity, amount)
    SELECT ${uuid7('o.created_at', 'o.n', ID_TAGS.accessory)}, o.id, ac.id, ac.name, o.acc_qty, ac.price
    FROM (
      SELECT row_number() OVER () AS n, *
      FROM (
        SELECT id, created_at, kind, ${accessory.slot} AS acc, ${accessory.quantity} AS acc_qty
        FROM (SELECT id, created_at, ${kindOf(ref, 'category_id')} AS kind FROM orders
          WHERE category_id IN (${services}) OFFSET 0) o
        OFFSET 0
      ) o
      WHERE acc IS NOT NULL
    ) o JOIN seed_accessory ac ON ac.kind = o.kind AND ac.slot = o.acc`);
}
