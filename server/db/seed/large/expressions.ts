/**
 * SQL expression builders for the bulk load. Every value is a pure function of a row number and
 * a salt, so a load makes the same data on every run whatever plan the database picks (unlike
 * `random()`, whose sequence follows the order rows happen to be produced in).
 *
 * The statements are assembled as text from constants of this folder and validated integers
 * only; nothing typed by a person reaches them.
 */

/** A quoted SQL string literal. */
export const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;

export const textArray = (values: readonly string[]) => `ARRAY[${values.map(lit).join(',')}]`;

export const intArray = (values: readonly number[]) =>
  `ARRAY[${values.map((v) => String(Math.trunc(v))).join(',')}]::int[]`;

/**
 * The hash of `seq` (an integer expression below 2^31) and `salt`, an int4. Everything here
 * stays in int4, which PostgreSQL passes by value on every platform: PGlite is a 32-bit build,
 * where each int8 or float8 result is a memory allocation.
 */
export const mix = (seq: string, salt: number) =>
  `hashint4((${seq})::int4 # ${Math.imul(salt, 0x9e3779b1)})`;

/** A number in [0, 1) fixed by `seq` and `salt`. */
export const rnd = (seq: string, salt: number) =>
  `((${mix(seq, salt)} & 2147483647)::float8 / 2147483648.0)`;

/** True for a share `p` of the values of `seq`. */
export const chance = (p: number, seq: string, salt: number) =>
  `(${mix(seq, salt)} < ${Math.round(-(2 ** 31) + p * 2 ** 32)})`;

/** A whole number in [0, n) fixed by `seq` and `salt`; `n` may be an SQL expression. */
export const below = (n: number | string, seq: string, salt: number) =>
  `((${mix(seq, salt)} & 2147483647) % (${n}))`;

/** One of `values` (text); subscripting a text array walks it, so keep such lists short. */
export const pick = (values: readonly string[], seq: string, salt: number) =>
  `(${textArray(values)})[1 + ${below(values.length, seq, salt)}]`;

/**
 * The index (0-based) chosen by weight for the number `u` in [0, 1): width_bucket evaluates
 * `u` once, where a CASE would compute it again in every arm.
 */
export function weighted(weights: readonly number[], u: string): string {
  const total = weights.reduce((s, w) => s + w, 0);
  let upTo = 0;
  const bounds = weights.slice(0, -1).map((w) => (upTo += w / total).toFixed(6));
  return bounds.length ? `width_bucket(${u}, ARRAY[${bounds.join(',')}]::float8[])` : '0';
}

/** Which table an id belongs to, so that ids never repeat across the generated tables. */
export const ID_TAGS = {
  pincode: 1,
  customer: 2,
  address: 3,
  order: 4,
  accessory: 5,
  ticket: 6,
  reply: 7,
  returnRequest: 8,
  subscription: 9,
  subscriptionPause: 10,
  holiday: 11,
} as const;

/**
 * A UUIDv7 like the server's (`uuid` v7): the time in milliseconds first, so ids sort by
 * creation as the app's do, then hashed bits, then the table tag and row number (`seq`, below
 * 2^31), which make every id unique without relying on luck.
 */
export function uuid7(at: string, seq: string, tag: number): string {
  const ms = `(date_part('epoch', ${at}) * 1000)::int8`;
  const bits = mix(seq, tag);
  return `(lpad(to_hex((${ms} >> 16)::int4), 8, '0') || '-' || lpad(to_hex((${ms} & 65535)::int4), 4, '0')
    || '-' || to_hex((${bits} & 4095) | 28672) || '-' || to_hex(((${bits} >> 12) & 16383) | 32768)
    || '-${tag.toString(16).padStart(2, '0')}' || lpad(to_hex((${seq})::int4), 10, '0'))`;
}

/**
 * The period the data covers, and how it fills up: the business grows steadily, four times as
 * many orders a day at the end as at the start, so each month holds more than the one before.
 */
export class Timeline {
  readonly start: Date;
  readonly end: Date;

  constructor(
    readonly now: Date,
    days: number,
  ) {
    // The newest rows are a few minutes old, so that every later step fits before now.
    this.end = new Date(now.getTime() - 10 * 60_000);
    this.start = new Date(this.end.getTime() - days * 86_400_000);
  }

  /** `now` as an SQL timestamp. */
  get nowSql(): string {
    return `${lit(this.now.toISOString())}::timestamptz`;
  }

  /**
   * The instant at the fraction `q` (0..1) of everything placed: the inverse of the cumulative
   * share when the daily rate grows linearly from 1 to 4 (density 1 + 3x).
   */
  at(q: string): string {
    const seconds = (this.end.getTime() - this.start.getTime()) / 1000;
    return `(${lit(this.start.toISOString())}::timestamptz
      + ((sqrt(1 + 15 * (${q})) - 1) / 3 * ${seconds}) * interval '1 second')`;
  }
}
