import { sql, type SQL } from 'drizzle-orm';
import { DUE_BUCKETS, toRupees, type BillingMode } from '@shared/account';
import { daysBetween } from '@shared/schedule';
import { addDays, indiaDay, indiaMidnight } from '@shared/time';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { keysetBatches } from '../../lib/keyset';
import { findCustomerIds } from '../customers/repository';
import type { BucketsDto, DueDto, DueFilter } from './duesSchemas';

/*
 * The Dues list (issue 36): customers who owe, oldest unpaid charge first, from account_dues
 * (kept by account_entries_keep_balance(), migration 0037) through account_dues_since_idx, or
 * account_dues_pincode_since_idx for a pin code or a rider's area, or
 * account_dues_mode_since_idx for a billing mode. Each customer's owed amount is aged as the
 * trigger ages it: payments pay the oldest charges first, so what is still owed is the newest
 * charges, walked back from the newest until they add up to it (the oldest of them in part).
 */

/** A filtered total counts at most this many customers (the oldest); `capped` says it did. */
export const DUES_COUNT_LIMIT = 10_000;

type Row = Record<string, unknown>;

const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => new Date(v as string | Date).toISOString();

export const noBuckets = (): BucketsDto => ({ d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 });

/** The bucket of a due `days` old (DUE_BUCKETS). */
export function bucketOf(days: number): keyof BucketsDto {
  const found = DUE_BUCKETS.find((b) => days <= (b.to ?? Infinity));
  return (found ?? DUE_BUCKETS[DUE_BUCKETS.length - 1]).key;
}

/** Paise per bucket to rupees. */
const bucketsInRupees = (paise: BucketsDto): BucketsDto => ({
  d0_30: toRupees(paise.d0_30),
  d31_60: toRupees(paise.d31_60),
  d61_90: toRupees(paise.d61_90),
  d90_plus: toRupees(paise.d90_plus),
});

interface DueRow {
  customer_id: string;
  owed: string | number;
  owed_since: string | Date;
  pincode: string | null;
  billing_mode: BillingMode;
  first_name: string;
  last_name: string;
  phone: string;
}

/** What a search looks at besides the Family Id (customers/repository.ts matchConditions). */
export const SEARCH_COLUMNS: ('firstName' | 'lastName' | 'phone')[] = [
  'firstName',
  'lastName',
  'phone',
];

/**
 * The filter as conditions on account_dues `d`; null when it cannot match anyone. `counted`: what
 * the totals count besides a search; `searchedIds`: the customers a search matched, whose dues the
 * totals look up one by one through the primary key.
 */
async function conditionsOf(
  db: Database,
  f: DueFilter,
  today: string,
): Promise<{ where: SQL[]; counted: SQL[]; searchedIds?: string[] } | null> {
  const where: SQL[] = [];
  const counted: SQL[] = [];
  const both = (condition: SQL) => {
    where.push(condition);
    counted.push(condition);
  };
  let pins: string[] | undefined = f.pincode ? [f.pincode] : undefined;
  if (f.riderId) {
    // A rider's area: the pin codes the rider serves (riders.pincodes).
    const { rows } = await db.execute<{ pincodes: string[] }>(
      sql`select pincodes from riders where id = ${f.riderId}`,
    );
    if (!rows[0]) throw notFound('This rider does not exist.');
    const area = rows[0].pincodes ?? [];
    pins = pins ? pins.filter((p) => area.includes(p)) : area;
  }
  if (pins) {
    if (!pins.length) return null;
    both(
      pins.length === 1
        ? sql`d.pincode = ${pins[0]}`
        : sql`d.pincode = any(${sql.param(pins)}::text[])`,
    );
  }
  if (f.minDays) {
    // Owed for at least minDays whole days (India): the oldest unpaid charge on or before
    // today - minDays.
    both(sql`d.owed_since < ${indiaMidnight(addDays(today, 1 - f.minDays)).toISOString()}`);
  }
  if (f.billingMode) both(sql`d.billing_mode = ${f.billingMode}`);
  if (f.search) {
    // Name, phone or Family Id, as the subscriptions list searches (trigram lookups).
    const ids = await findCustomerIds(db, f.search, SEARCH_COLUMNS);
    if (!ids.length) return null;
    where.push(sql`d.customer_id = any(${sql.param(ids)}::text[])`);
    return { where, counted, searchedIds: ids };
  }
  return { where, counted };
}

const whereOf = (where: SQL[]) =>
  where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;

/** The page's or batch's rows: the dues with their customer, oldest first. */
function dueRows(db: Database, where: SQL[], limit: number, offset: number) {
  return db.execute<DueRow & Row>(sql`
    select d.customer_id, d.owed, d.owed_since, d.pincode, d.billing_mode,
           c.first_name, c.last_name, c.phone
      from account_dues d join customers c on c.id = d.customer_id
      ${whereOf(where)}
     order by d.owed_since, d.customer_id
     limit ${limit} offset ${offset}`);
}

/**
 * Each customer's owed paise by the age (days, India) of the charges still unpaid: their debits
 * since the oldest unpaid one, newest first (account_entries_customer_idx), each counted for
 * what is left of the owed amount once the newer ones are.
 */
async function bucketsOf(db: Database, ids: string[], today: string) {
  const { rows } = await db.execute<Row>(sql`
    select customer_id,
           coalesce(sum(part) filter (where age <= 30), 0) as d0_30,
           coalesce(sum(part) filter (where age between 31 and 60), 0) as d31_60,
           coalesce(sum(part) filter (where age between 61 and 90), 0) as d61_90,
           coalesce(sum(part) filter (where age > 90), 0) as d90_plus
      from (select customer_id, least(amount, owed - (upto - amount)) as part,
                   ${today}::date - order_day(at) as age
              from (select d.customer_id, d.owed, -e.amount as amount, e.at,
                           sum(-e.amount) over (partition by d.customer_id
                                                order by e.at desc, e.id desc) as upto
                      from account_dues d
                      join account_entries e
                        on e.customer_id = d.customer_id and e.at >= d.owed_since
                       and e.amount < 0
                     where d.customer_id = any(${sql.param(ids)}::text[])) walked
             where upto - amount < owed) unpaid
     group by customer_id`);
  return new Map(
    rows.map((r) => [
      r.customer_id as string,
      {
        d0_30: num(r.d0_30),
        d31_60: num(r.d31_60),
        d61_90: num(r.d61_90),
        d90_plus: num(r.d90_plus),
      } satisfies BucketsDto,
    ]),
  );
}

/** Each customer's latest payment or top-up. */
async function lastPaymentsOf(db: Database, ids: string[]) {
  const { rows } = await db.execute<Row>(sql`
    select k.id as customer_id, p.amount, p.at
      from unnest(${sql.param(ids)}::text[]) as k(id)
      cross join lateral (
        select e.amount, e.at from account_entries e
         where e.customer_id = k.id and e.kind in ('payment', 'topup')
         order by e.at desc, e.id desc limit 1) p`);
  return new Map(
    rows.map((r) => [r.customer_id as string, { at: iso(r.at), amount: toRupees(num(r.amount)) }]),
  );
}

/** The rows as the list answers them, with their buckets and last payment. */
async function toDueDtos(db: Database, rows: DueRow[], today: string): Promise<DueDto[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.customer_id);
  const [buckets, payments] = await Promise.all([
    bucketsOf(db, ids, today),
    lastPaymentsOf(db, ids),
  ]);
  return rows.map((r) => {
    const owed = num(r.owed);
    const since = iso(r.owed_since);
    const days = daysBetween(indiaDay(new Date(since)), today);
    const paise = buckets.get(r.customer_id) ?? noBuckets();
    // What the walk did not reach (a charge entered with an earlier date after the customer
    // already owed) is as old as the oldest unpaid charge.
    const walked = paise.d0_30 + paise.d31_60 + paise.d61_90 + paise.d90_plus;
    if (walked < owed) paise[bucketOf(days)] += owed - walked;
    return {
      userId: r.customer_id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      phone: r.phone,
      pincode: r.pincode,
      billingMode: r.billing_mode,
      owed: toRupees(owed),
      owedSince: since,
      days,
      buckets: bucketsInRupees(paise),
      lastPayment: payments.get(r.customer_id) ?? null,
    };
  });
}

export interface DuesTotals {
  customers: number;
  owed: number;
  buckets: BucketsDto;
  /** A filtered total that stopped at DUES_COUNT_LIMIT customers. */
  capped: boolean;
}

/** Every customer owing, by the age of their oldest unpaid charge: account_due_days, a row a day. */
export async function allDuesTotals(db: Database, today = indiaDay()): Promise<DuesTotals> {
  const { rows } = await db.execute<Row>(
    sql`select day::text as day, n, owed from account_due_days where n <> 0`,
  );
  const buckets = noBuckets();
  let customers = 0;
  let owed = 0;
  for (const r of rows) {
    customers += num(r.n);
    owed += num(r.owed);
    buckets[bucketOf(daysBetween(String(r.day).slice(0, 10), today))] += num(r.owed);
  }
  return { customers, owed: toRupees(owed), buckets: bucketsInRupees(buckets), capped: false };
}

/**
 * A filtered list's totals: the oldest DUES_COUNT_LIMIT + 1 of its dues read through the
 * filter's index (the ORDER BY ... LIMIT keeps the planner on it), each customer's owed amount in
 * the bucket of their oldest unpaid charge (as account_due_days buckets the whole list).
 */
async function filteredTotals(
  db: Database,
  where: SQL[],
  today: string,
  searchedIds?: string[],
): Promise<DuesTotals> {
  const from = (days: number) => indiaMidnight(addDays(today, -days)).toISOString();
  // A search's customers (at most SEARCH_MATCH_LIMIT) each looked up by the primary key: with
  // `customer_id = any(...)` PostgreSQL may read all of account_dues instead once the customers
  // matched are a few thousand (the LIMIT 1 keeps the lateral lookup from becoming a hash join).
  const dues = searchedIds
    ? sql`select d.owed, d.owed_since
            from unnest(${sql.param(searchedIds)}::text[]) as m(id)
           cross join lateral (select d.owed, d.owed_since from account_dues d
                                where d.customer_id = m.id
                                ${where.length ? sql`and ${sql.join(where, sql` and `)}` : sql``}
                                limit 1) d
           limit ${DUES_COUNT_LIMIT + 1}`
    : sql`select d.owed, d.owed_since from account_dues d ${whereOf(where)}
           order by d.owed_since, d.customer_id
           limit ${DUES_COUNT_LIMIT + 1}`;
  const { rows } = await db.execute<Row>(sql`
    select count(*) as n, coalesce(sum(owed), 0) as owed,
           coalesce(sum(owed) filter (where owed_since >= ${from(30)}), 0) as d0_30,
           coalesce(sum(owed) filter (where owed_since >= ${from(60)}
                                        and owed_since < ${from(30)}), 0) as d31_60,
           coalesce(sum(owed) filter (where owed_since >= ${from(90)}
                                        and owed_since < ${from(60)}), 0) as d61_90,
           coalesce(sum(owed) filter (where owed_since < ${from(90)}), 0) as d90_plus
      from (${dues}) oldest`);
  const r = rows[0] ?? {};
  const n = num(r.n);
  return {
    customers: Math.min(n, DUES_COUNT_LIMIT),
    owed: toRupees(num(r.owed)),
    buckets: bucketsInRupees({
      d0_30: num(r.d0_30),
      d31_60: num(r.d31_60),
      d61_90: num(r.d61_90),
      d90_plus: num(r.d90_plus),
    }),
    capped: n > DUES_COUNT_LIMIT,
  };
}

const isFiltered = (f: DueFilter) =>
  Boolean(f.search || f.pincode || f.riderId || f.minDays || f.billingMode);

/** One page of the Dues list, oldest first, with the list's totals. */
export async function duesPage(db: Database, f: DueFilter, page: number, limit: number) {
  const today = indiaDay();
  const conditions = await conditionsOf(db, f, today);
  if (!conditions) {
    const totals = { customers: 0, owed: 0, buckets: noBuckets(), capped: false };
    return { customers: [] as DueDto[], totals };
  }
  const { where, counted, searchedIds } = conditions;
  const [{ rows }, totals] = await Promise.all([
    dueRows(db, where, limit, (page - 1) * limit),
    // A search's customers are at most SEARCH_MATCH_LIMIT (10,000): counted whole.
    isFiltered(f)
      ? filteredTotals(db, searchedIds ? counted : where, today, searchedIds)
      : allDuesTotals(db, today),
  ]);
  return { customers: await toDueDtos(db, rows, today), totals };
}

/** Every due of the list for its CSV, a batch at a time, oldest first (a keyset walk). */
export async function* duesBatches(
  db: Database,
  f: DueFilter,
  batchSize: number,
): AsyncGenerator<DueDto[]> {
  const today = indiaDay();
  const conditions = await conditionsOf(db, f, today);
  if (!conditions) return;
  const { where } = conditions;
  const rows = keysetBatches<DueRow>(async (after, limit) => {
    const seek = after
      ? [
          sql`(d.owed_since, d.customer_id) > (${iso(after.owed_since)}::timestamptz, ${after.customer_id})`,
        ]
      : [];
    return (await dueRows(db, [...where, ...seek], limit, 0)).rows;
  }, batchSize);
  for await (const batch of rows) yield await toDueDtos(db, batch, today);
}
