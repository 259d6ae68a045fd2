import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderDayCountsTable, ordersTable } from '../../db/schema';
import { SEEK_FROM_OFFSET, seekDay } from '../../lib/daySeek';
import {
  baseConditions,
  bySlotOrRider,
  dayCounterConditions,
  orderingOf,
  type OrderFilter,
  type OrderListQuery,
} from './conditions';
import type { OrderRow } from './dto';
import { joinedFrom } from './rows';
import { lookUp, matchCondition, type SearchMatches } from './search';
import { orderTotal } from './totals';

export interface OrderPageQuery extends OrderListQuery {
  page: number;
  limit: number;
}

/** The rows of a list to answer: `limit` after skipping `offset`. */
interface Window {
  offset: number;
  limit: number;
}

/** A list's pages: each page's ids through an index, then only those rows joined. */
export function createOrderPaging(db: Database) {
  /**
   * The rows of a list of orders by id: one statement whatever the list, prepared once (named on
   * PostgreSQL), so that PostgreSQL plans its five-table join once per connection instead of for
   * every page: planning took 2.7 ms of the database's time, running it 0.35 ms.
   */
  const rowsById = joinedFrom(db)
    .where(sql`${ordersTable.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('order_rows_by_id');

  /** The answer rows of these orders (ids found through an index), in the order of `ids`. */
  async function rowsOf(ids: string[]): Promise<OrderRow[]> {
    if (!ids.length) return [];
    const rows = (await rowsById.execute({ ids })) as OrderRow[];
    const position = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => position.get(a.order.id)! - position.get(b.order.id)!);
  }

  const total = (f: OrderFilter, m?: SearchMatches) => orderTotal(db, f, m);

  /**
   * Where a deep page sorted by date starts, from the per-day counters (server/lib/daySeek.ts);
   * undefined when plain OFFSET is as good: near the start, or a filter the counters lack.
   */
  async function seek(q: OrderListQuery, offset: number) {
    if (q.sort !== 'createdAt' || q.search || q.pincode !== undefined || bySlotOrRider(q)) {
      return undefined;
    }
    if (offset < SEEK_FROM_OFFSET) return undefined;
    const dayCounts = db
      .select({ day: orderDayCountsTable.day, n: orderDayCountsTable.n })
      .from(orderDayCountsTable)
      .where(and(...dayCounterConditions(q)))
      .getSQL();
    return (await seekDay(db, dayCounts, offset, q.order)) ?? 'past-the-end';
  }

  /**
   * The ids of `limit` orders of the list after skipping `offset`, in order, through the index
   * that holds the sort and the tie-break.
   */
  async function pageIds(
    q: OrderListQuery,
    m: SearchMatches | undefined,
    { offset, limit }: Window,
  ): Promise<string[]> {
    const where = baseConditions(q);
    if (q.search) {
      where.push(matchCondition(m ?? (await lookUp(db, q.search))));
    } else {
      const sought = await seek(q, offset);
      if (sought === 'past-the-end') return [];
      if (sought) {
        where.push(
          q.order === 'desc'
            ? lt(ordersTable.createdAt, sought.boundary)
            : gte(ordersTable.createdAt, sought.boundary),
        );
        offset = sought.skip;
      }
    }
    if (q.sort === 'orderId') return pageIdsByNumber(where, q, { offset, limit });
    const rows = await db
      .select({ id: ordersTable.id })
      .from(ordersTable)
      .where(and(...where))
      .orderBy(...orderingOf(q.sort, q.order))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  }

  /**
   * A deep page of a list sorted by amount, given its total: past the list's middle it is read
   * from the other end, in the opposite order, and turned round. A filter the amount's index does
   * not lead with (the last 30 days) walks index entries in proportion to the rows skipped; page
   * 5000 of those 64,719 orders skipped 49,990 of them from the top (32 ms at 1 M orders) and
   * skips 14,719 from the bottom. Not for order numbers or statuses: a range of days keeps their
   * orders at one end of the sort, whatever the page, and from the other end every older order
   * would be walked.
   */
  async function deepPageIds(
    q: OrderListQuery,
    m: SearchMatches | undefined,
    window: Window,
    total: number,
  ) {
    const after = total - window.offset - window.limit;
    if (after >= window.offset) return pageIds(q, m, window);
    if (window.offset >= total) return [];
    const reversed = { ...q, order: q.order === 'desc' ? ('asc' as const) : ('desc' as const) };
    const ids = await pageIds(reversed, m, {
      offset: Math.max(0, after),
      limit: Math.min(window.limit, total - window.offset),
    });
    return ids.reverse();
  }

  /**
   * A page sorted by order number: the page's numbers first, which the sort's unique index holds
   * (alone, or after the service), so that skipping to a deep page walks that index without the
   * table; then the ten orders of those numbers. Selecting the id in the walk read a heap page
   * for every entry skipped: 20 ms for page 5000 of 1 M orders, against 5 ms without.
   */
  async function pageIdsByNumber(where: SQL[], q: OrderListQuery, { offset, limit }: Window) {
    const numbers = db
      .select({ orderId: ordersTable.orderId })
      .from(ordersTable)
      .where(and(...where))
      .orderBy(...orderingOf(q.sort, q.order))
      .limit(limit)
      .offset(offset)
      .as('page_numbers');
    const rows = await db
      .select({ id: ordersTable.id })
      .from(numbers)
      .innerJoin(ordersTable, eq(ordersTable.orderId, numbers.orderId))
      .orderBy(q.order === 'desc' ? desc(numbers.orderId) : asc(numbers.orderId));
    return rows.map((r) => r.id);
  }

  return {
    total,

    /**
     * One page: the page's ids first, through an index (a seek for deep pages), then only those
     * rows joined with the customer, service, product and plan.
     */
    async page(q: OrderPageQuery): Promise<{ rows: OrderRow[]; total: number }> {
      const m = q.search ? await lookUp(db, q.search) : undefined;
      const window = { offset: (q.page - 1) * q.limit, limit: q.limit };
      const [ids, n] =
        q.sort === 'totalAmount' && window.offset >= SEEK_FROM_OFFSET
          ? await total(q, m).then(async (n) => [await deepPageIds(q, m, window, n), n] as const)
          : await Promise.all([pageIds(q, m, window), total(q, m)]);
      if (!ids.length) return { rows: [], total: n };
      return { rows: await rowsOf(ids), total: n };
    },

    rowsOf,
  };
}
