import { and, count, desc, eq, gte, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { SubscriptionStatus } from '@shared/schedule';
import { addDays, indiaDay } from '@shared/time';
import type { Database } from '../../db/client';
import { subscriptionCountsTable, subscriptionsTable } from '../../db/schema';
import { afterRow, keysetBatches, orderBy, type SortKey } from '../../lib/keyset';
import { anyOf, inList } from '../../lib/sql';
import { findCustomerIds } from '../customers/repository';
import type { SubscriptionRow } from './days';

/** The list's filters (get-all-subscriptions, export-subscriptions). */
export interface SubscriptionFilter {
  search?: string;
  status?: SubscriptionStatus;
  serviceId?: string;
  pincode?: string;
  userId?: string;
  slot?: string;
  /** Ending within this many days from today (those with an end, not ended). */
  endingWithin?: number;
}

const s = subscriptionsTable;

/** Newest first, the id breaking ties: the order of every subscriptions index. */
const KEYS: SortKey[] = [
  { key: s.createdAt, order: 'desc' },
  { key: s.id, order: 'desc' },
];

/**
 * The filter as conditions on `subscriptions`; a search as the ids of the customers it matches.
 * `counted`: the list as `in (select unnest(...))`, which the count joins through
 * subscriptions_customer_created_idx whatever its length (server/lib/sql.ts); a page walks its
 * sorted index with `= any(...)`.
 */
async function conditionsOf(
  db: Database,
  f: SubscriptionFilter,
): Promise<{ where: SQL[]; counted: SQL[] } | null> {
  const where: SQL[] = [];
  if (f.status) where.push(eq(s.status, f.status));
  if (f.serviceId) where.push(eq(s.categoryId, f.serviceId));
  if (f.pincode) where.push(eq(s.pincode, f.pincode));
  if (f.userId) where.push(eq(s.customerId, f.userId));
  if (f.slot) where.push(eq(s.slot, f.slot));
  if (f.endingWithin !== undefined) {
    // subscriptions_end_idx: the subscriptions with an end, not ended, by it.
    const today = indiaDay();
    where.push(
      isNotNull(s.endDate),
      ne(s.status, 'Ended'),
      gte(s.endDate, today),
      lte(s.endDate, addDays(today, f.endingWithin)),
    );
  }
  if (f.search) {
    // The customers' trigram lookups (a bounded list), then their subscriptions through
    // subscriptions_customer_created_idx.
    const customerIds = await findCustomerIds(db, f.search, ['firstName', 'lastName', 'phone']);
    if (!customerIds.length) return null;
    return {
      where: [...where, anyOf(s.customerId, customerIds)],
      counted: [...where, inList(s.customerId, customerIds)],
    };
  }
  return { where, counted: where };
}

/**
 * The total: from subscription_counts (kept by trigger, migration 0033) for the filters it
 * splits (service, pin code, status, slot); a customer's, a search's or the ending ones
 * counted through their index, each bounded (a customer's few, the matched customers', the
 * days' ends).
 */
async function totalOf(db: Database, f: SubscriptionFilter, counted: SQL[]): Promise<number> {
  if (f.search || f.userId || f.endingWithin !== undefined) {
    const [row] = await db
      .select({ n: count() })
      .from(s)
      .where(and(...counted));
    return row?.n ?? 0;
  }
  const c = subscriptionCountsTable;
  const counters: SQL[] = [];
  if (f.status) counters.push(eq(c.status, f.status));
  if (f.serviceId) counters.push(eq(c.categoryId, f.serviceId));
  if (f.pincode) counters.push(eq(c.pincode, f.pincode));
  if (f.slot) counters.push(eq(c.slot, f.slot));
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${c.n}), 0)`.mapWith(Number) })
    .from(c)
    .where(and(...counters));
  return row?.n ?? 0;
}

export function createSubscriptionPaging(db: Database) {
  return {
    /** One page, newest first, and the list's total. */
    async page(f: SubscriptionFilter, page: number, limit: number) {
      const conditions = await conditionsOf(db, f);
      if (!conditions) return { rows: [] as SubscriptionRow[], total: 0 };
      const { where, counted } = conditions;
      const newestFirst = [desc(s.createdAt), desc(s.id)];
      // Deferred join: the page's ids from the sort's index (created_at, id: an index-only
      // scan, with a filter through its own index), then only their rows. Skipping whole rows
      // took page 5000 of 100 k subscriptions from 8 ms to 261 ms; skipping index entries, 11.
      const pageIds = db
        .select({ id: s.id })
        .from(s)
        .where(and(...where))
        .orderBy(...newestFirst)
        .limit(limit)
        .offset((page - 1) * limit);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(s)
          .where(inArray(s.id, pageIds))
          .orderBy(...newestFirst),
        totalOf(db, f, counted),
      ]);
      return { rows, total };
    },

    /** Every subscription of the list for its CSV, a batch at a time, in the list's order. */
    async *exportRows(f: SubscriptionFilter, batchSize: number): AsyncGenerator<SubscriptionRow[]> {
      const conditions = await conditionsOf(db, f);
      if (!conditions) return;
      const { where } = conditions;
      yield* keysetBatches<SubscriptionRow>(
        (after, limit) =>
          db
            .select()
            .from(s)
            .where(and(...where, after ? afterRow(s, s.id, KEYS, after.id) : undefined))
            .orderBy(...orderBy(KEYS))
            .limit(limit),
        batchSize,
      );
    },
  };
}
