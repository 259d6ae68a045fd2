import {
  below,
  chance,
  ID_TAGS,
  intArray,
  pick,
  rnd,
  textArray,
  uuid7,
  weighted,
  type Timeline,
} from './expressions';
import { EMAIL_DOMAINS, FIRST_NAMES, handleOf, SURNAMES, surnameSlots } from './names';
import { addressJson, cityOf, placeIn, streetAddress } from './places';
import type { Sql } from './run';

/** One salt per decision, so that decisions do not move together. */
const SALT = {
  signup: 101,
  firstName: 102,
  surname: 103,
  emailStyle: 104,
  domain: 105,
  phone: 106,
  wallet: 107,
  walletAmount: 108,
  status: 109,
  emailVerified: 110,
  phoneVerified: 111,
  city: 112,
  addresses: 113,
  place: 114,
  street: 115,
  service: 116,
} as const;

/** Share of orders per service, in SERVICE_KINDS order: water, oxygen, laundry, tiffin. */
export const SERVICE_MIX = [0.55, 0.12, 0.18, 0.15];

/**
 * Customer `k` (0..count-1), as expressions of k: later customers signed up later, on the same
 * growing timeline as the orders. Orders and tickets choose customers by number through these
 * and find their ids and addresses in `seed_customers` and `seed_addresses`.
 */
export class CustomerKeys {
  constructor(
    readonly count: number,
    private readonly timeline: Timeline,
  ) {}

  /** When customer k signed up: the k-th share of the timeline, up to half a day earlier. */
  signedUpAt(k: string): string {
    return `(${this.timeline.at(`(${k})::float8 / ${this.count}`)} - ${rnd(k, SALT.signup)} * interval '12 hours')`;
  }

  /** The customer's id; `signedUpAt` must be a column holding signedUpAt(k). */
  id(k: string, signedUpAt: string): string {
    return uuid7(signedUpAt, k, ID_TAGS.customer);
  }

  /**
   * A customer who had signed up by the fraction `q` of the timeline, chosen by `u` in [0, 1):
   * customer k signed up at k / count <= u * q, so never after the order or ticket. Customers
   * of long standing get more orders, as they do.
   */
  activeBy(q: string, u: string): string {
    return `floor((${u}) * (${q}) * ${this.count})::int`;
  }

  /** The service a customer mostly orders. */
  usualService(k: string): string {
    return weighted(SERVICE_MIX, rnd(k, SALT.service));
  }

  /** 1 to 3 addresses: most customers have one. */
  addressCount(k: string): string {
    return `(1 + (${chance(0.25, k, SALT.addresses)})::int + (${chance(0.05, k, SALT.addresses)})::int)`;
  }

  /** The place (pin code) of address `a` of customer `k`: all in the customer's city. */
  place(k: string, a: string): string {
    return placeIn(cityOf(rnd(k, SALT.city)), rnd(`(${k}) * 4 + (${a})`, SALT.place));
  }

  /** The street address of address `a` of customer `k`, at the place row `pl`. */
  street(k: string, a: string, pl: string): string {
    return streetAddress(rnd(`(${k}) * 4 + (${a})`, SALT.street), pl);
  }

  /** The id of address `a`; `signedUpAt` must be a column holding signedUpAt(k). */
  addressId(k: string, a: string, signedUpAt: string): string {
    return uuid7(
      `(${signedUpAt} + (${a}) * interval '1 minute')`,
      `(${k}) * 4 + (${a})`,
      ID_TAGS.address,
    );
  }
}

/**
 * The customers and their addresses. Names are Indian first names and surnames by frequency;
 * e-mails are unique (they carry the customer number), phones are 10 digits starting 6-9 and
 * unique too; most customers are active, some blocked or inactive. Leaves the work tables
 * `seed_customers` (k, id) and `seed_addresses` (k, a, id, customer_id, pincode, city_index and
 * the address as an order keeps it), which orders and tickets join rather than building the
 * same ids and addresses again per row.
 */
export async function loadCustomers(run: Sql, keys: CustomerKeys): Promise<void> {
  const slots = surnameSlots();
  const surnames = SURNAMES.map(([name]) => name);
  const surnameOfSlot = slots.map((name) => surnames.indexOf(name));
  const firstHandles = FIRST_NAMES.map(handleOf);
  const surnameHandles = surnames.map(handleOf);
  // The same customer number in every address style keeps every e-mail unique.
  const emailLocal = `CASE ${below(4, 'k', SALT.emailStyle)}
      WHEN 0 THEN fh || '.' || sh WHEN 1 THEN fh || sh WHEN 2 THEN fh || '_' || sh
      ELSE left(fh, 1) || sh END || (k + 1)`;
  const status = `(ARRAY['Active', 'Blocked', 'Inactive'])[1 + ${weighted([0.86, 0.06, 0.08], rnd('k', SALT.status))}]`;

  await run(`CREATE UNLOGGED TABLE seed_customers AS
    SELECT k, ${keys.id('k', 'at')} AS id, at
    FROM (SELECT k, ${keys.signedUpAt('k')} AS at FROM generate_series(0, ${keys.count - 1}) k OFFSET 0) c`);
  await run(`ANALYZE seed_customers`);

  await run(`INSERT INTO customers (id, first_name, last_name, user_name, email, phone,
      password_hash, wallet, status, is_email_verified, is_phone_verified, image_url,
      created_at, updated_at)
    SELECT id, (${textArray(FIRST_NAMES)})[f + 1], (${textArray(surnames)})[s + 1],
      fh || '_' || sh || (k + 1),
      ${emailLocal} || '@' || ${pick(EMAIL_DOMAINS, 'k', SALT.domain)},
      (6 + ${below(4, 'k', SALT.phone)})::text
        || lpad(((k::int8 * 387420489 + 104729) % 1000000000)::text, 9, '0'),
      NULL,
      CASE WHEN ${chance(0.3, 'k', SALT.wallet)} THEN 0 ELSE 5 * ${below(400, 'k', SALT.walletAmount)} END,
      ${status},
      ${chance(0.7, 'k', SALT.emailVerified)}, ${chance(0.9, 'k', SALT.phoneVerified)}, NULL, at, at
    FROM (
      SELECT k, id, at, f, s, (${textArray(firstHandles)})[f + 1] AS fh,
        (${textArray(surnameHandles)})[s + 1] AS sh
      FROM (
        SELECT k, id, at, ${below(FIRST_NAMES.length, 'k', SALT.firstName)} AS f,
          (${intArray(surnameOfSlot)})[1 + ${below(1000, 'k', SALT.surname)}] AS s
        FROM seed_customers
        OFFSET 0
      ) c
      OFFSET 0
    ) c`);

  await run(`CREATE UNLOGGED TABLE seed_addresses AS
    SELECT k, a, id, customer_id, at, city_index, pincode, city, state, full_address,
      ${addressJson('full_address', 'c')} AS home
    FROM (
      SELECT c.k, c.a, c.customer_id, c.at, ${keys.addressId('c.k', 'c.a', 'c.signed_up_at')} AS id,
        pl.city_index, pl.pincode, pl.city, pl.state, ${keys.street('c.k', 'c.a', 'pl')} AS full_address
      FROM (
        SELECT c.k, a, c.id AS customer_id, c.at AS signed_up_at,
          c.at + a * interval '1 minute' AS at, ${keys.place('c.k', 'a')} AS p
        FROM seed_customers c, generate_series(0, ${keys.addressCount('c.k')} - 1) a
        OFFSET 0
      ) c JOIN seed_place pl ON pl.p = c.p
      OFFSET 0
    ) c`);
  await run(`ANALYZE seed_addresses`);

  await run(`INSERT INTO customer_addresses (id, customer_id, full_address, city, state, pincode,
      is_default, created_at, updated_at)
    SELECT id, customer_id, full_address, city, state, pincode, a = 0, at, at
    FROM seed_addresses`);
}
