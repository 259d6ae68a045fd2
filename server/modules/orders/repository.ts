import { indiaMidnight, nextDay } from '@shared/time';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client';
import {
  categoriesTable,
  customerOrderCountsTable,
  customersTable,
  OPEN_ORDER_STATUSES,
  orderAccessoriesTable,
  orderCountsTable,
  orderDayCountsTable,
  ordersTable,
  orderStatusHistoryTable,
  plansTable,
  productsTable,
  ridersTable,
  type OrderAddress,
  type OrderStatus,
  type OrderType,
  type RunShift,
} from '../../db/schema';
import { SEEK_FROM_OFFSET, seekDay } from '../../lib/daySeek';
import { afterRow, keysetBatches, orderBy, type SortKey } from '../../lib/keyset';
import { badRequest } from '../../lib/errors';
import { anyOf, likePattern } from '../../lib/sql';
import { findCustomerIds, SEARCH_MATCH_LIMIT } from '../customers/repository';
import type { AccessoryRow, OrderRow } from './dto';
import { UNASSIGNED } from './filters';

/** What the panel pays attention to: the total, or price + delivery on older orders. */
const paidAmount = sql`coalesce(${ordersTable.totalAmount}, ${ordersTable.price} + ${ordersTable.deliveryCharge})`;

/** Every field a list may be sorted by; each call accepts a subset (docs/api.md). */
export const ORDER_SORTS = {
  createdAt: ordersTable.createdAt,
  orderId: ordersTable.orderId,
  totalAmount: paidAmount,
  status: ordersTable.status,
  pincode: ordersTable.pincode,
} as const;
export type OrderSort = keyof typeof ORDER_SORTS;

/**
 * Written as the literal predicate of the partial indexes `orders_open_jobs_idx`,
 * `orders_unassigned_jobs_idx` and `orders_rider_open_idx`, so the planner can prove the index
 * applies (a bound parameter list would not match it).
 */
export const IS_OPEN = sql.raw(
  `"orders"."status" in (${OPEN_ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`,
);

export interface OrderFilter {
  categoryId?: string;
  /** Only these statuses; `'open'` = the jobs still to do (Pending, Out for Delivery). */
  statuses?: OrderStatus[] | 'open';
  pincode?: string;
  orderType?: OrderType;
  /** Placed on or after this day in India (YYYY-MM-DD). */
  from?: string;
  /** Placed on or before this day in India (YYYY-MM-DD). */
  to?: string;
  /** Emergencies only. */
  emergency?: boolean;
  /** The delivery slot as the order reads it ('7:00 AM - 9:00 AM'). */
  slot?: string;
  /** The jobs of one rider (an id), or `'none'`: the jobs nobody has yet (issue 15). */
  rider?: string;
  /** Order id, or the customer's first name, last name, e-mail or phone. */
  search?: string;
}

/** Whether the filter limits the dates or the urgency (which only the per-day counters split). */
const byDayOrUrgency = (f: OrderFilter) => Boolean(f.from || f.to || f.emergency);

/** Whether the filter limits what no counter splits: the slot, the rider. */
const bySlotOrRider = (f: OrderFilter) => f.slot !== undefined || f.rider !== undefined;

/**
 * Which counters give the filter's total (a search aside): `order_counts` have the pin code but
 * no day, `order_day_counts` the day and urgency but no pin code, and none has the slot or the
 * rider. Without either, the list counts its orders through the filter's index (a pin code's, a
 * day range's, a service's open jobs, a rider's open jobs or the unassigned ones), each a small
 * part of the table.
 */
function countersFor(f: OrderFilter): 'per-pincode' | 'per-day' | undefined {
  if (bySlotOrRider(f)) return undefined;
  if (!byDayOrUrgency(f)) return 'per-pincode';
  return f.pincode === undefined ? 'per-day' : undefined;
}

/** A list's filter and order, without a page: what an export reads. */
export interface OrderListQuery extends OrderFilter {
  sort: OrderSort;
  order: 'asc' | 'desc';
}

export interface OrderPageQuery extends OrderListQuery {
  page: number;
  limit: number;
}

/** The rows of a list to answer: `limit` after skipping `offset`. */
interface Window {
  offset: number;
  limit: number;
}

/**
 * The customer of each order, looked up by its primary key row by row. As a join, PostgreSQL
 * hashes the whole customers table once a page holds a few hundred orders (the job sheet's
 * batches, by-type's bounded answer): at 100 000 customers that reads them all every time.
 */
const customerOfOrder = sql<OrderRow['customer']>`(
  select json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name,
    'email', c.email, 'phone', c.phone)
  from ${customersTable} c where c.id = ${ordersTable.customerId})`;

/** The columns of an order answer: the order and the names it refers to, in one query. */
const orderSelection = {
  order: ordersTable,
  customer: customerOfOrder,
  service: { id: categoriesTable.id, name: categoriesTable.name, kind: categoriesTable.kind },
  product: { id: productsTable.id, name: productsTable.name },
  plan: { id: plansTable.id, name: plansTable.name, duration: plansTable.duration },
  rider: { id: ridersTable.id, name: ridersTable.name },
};

/** An order as its CSV export reads it (`exportRows`): what the file shows, names included. */
export interface OrderExportRow {
  id: string;
  orderId: string;
  /** ISO 8601, as JSON writes a timestamp. */
  createdAt: string;
  customer: OrderRow['customer'];
  service: string;
  /** The product's name, or the plan's for tiffin. */
  product: string | null;
  orderType: OrderType;
  quantity: number;
  returnQuantity: number;
  price: number;
  amount: number;
  deliveryCharge: number;
  emergencyCharge: number;
  gst: number;
  /** What the panel shows and sorts by: the total, or price + delivery on older orders. */
  paid: number;
  paymentMethod: string | null;
  isEmergency: boolean;
  status: OrderStatus;
  pincode: string;
  /** The delivery address (tiffin: where the meals go). */
  address: OrderAddress | null;
  pickupAddress: OrderAddress | null;
  deliveryTime: string | null;
  pickupTime: string | null;
  startDate: string | null;
  endDate: string | null;
  specialInstruction: string | null;
  /** The rider's name, when the job is given to one (issue 15). */
  rider: string | null;
  runDate: string | null;
  runShift: RunShift | null;
}

/**
 * An export's row as one JSON value. PGlite decodes each field of an answer on its own (a copy of
 * its bytes each): the ~40 fields of the list's selection cost an export of 100 000 orders more
 * than its queries do; as one field a row it reads about twice as fast (docs/performance.md).
 */
const o = ordersTable;
const exportRow = sql<OrderExportRow>`json_build_object(
  'id', ${o.id}, 'orderId', ${o.orderId}, 'createdAt', ${o.createdAt},
  'customer', ${customerOfOrder}, 'service', ${categoriesTable.name},
  'product', coalesce(${productsTable.name}, ${plansTable.name}),
  'orderType', ${o.orderType}, 'quantity', ${o.quantity}, 'returnQuantity', ${o.returnQuantity},
  'price', ${o.price}, 'amount', ${o.amount}, 'deliveryCharge', ${o.deliveryCharge},
  'emergencyCharge', ${o.emergencyCharge}, 'gst', ${o.gst}, 'paid', ${paidAmount},
  'paymentMethod', ${o.paymentMethod}, 'isEmergency', ${o.isEmergency}, 'status', ${o.status},
  'pincode', ${o.pincode}, 'address', coalesce(${o.address}, ${o.deliveryAddress}),
  'pickupAddress', ${o.pickupAddress}, 'deliveryTime', ${o.deliveryTime},
  'pickupTime', ${o.pickupTime}, 'startDate', ${o.startDate}, 'endDate', ${o.endDate},
  'specialInstruction', ${o.specialInstruction}, 'rider', ${ridersTable.name},
  'runDate', ${o.runDate}, 'runShift', ${o.runShift})`;

/**
 * Orders whose order id contains the text, through the trigram index; ids have no word to start,
 * so text shorter than a trigram looks for nothing here. Bounded like the customers' search
 * (server/modules/customers/repository.ts). Exported for the areas that search by order id.
 */
export async function findOrderIds(db: Database, search: string): Promise<string[]> {
  if (search.length < 3) return [];
  const rows = await db
    .select({ id: ordersTable.id })
    .from(ordersTable)
    .where(ilike(ordersTable.orderId, likePattern(search)))
    .limit(SEARCH_MATCH_LIMIT + 1);
  if (rows.length > SEARCH_MATCH_LIMIT) {
    throw badRequest(
      `More than ${SEARCH_MATCH_LIMIT.toLocaleString('en-IN')} orders match "${search}". Type more of the order id.`,
    );
  }
  return rows.map((r) => r.id);
}

/** What a search matched: customers (name, e-mail, phone) and orders (order id). */
interface SearchMatches {
  customerIds: string[];
  orderIds: string[];
}

export function createOrderRepository(db: Database) {
  /** The conditions on `orders` itself, without the search. */
  function baseConditions(f: OrderFilter): SQL[] {
    const where: SQL[] = [];
    if (f.categoryId) where.push(eq(ordersTable.categoryId, f.categoryId));
    if (f.statuses === 'open') where.push(IS_OPEN);
    else if (f.statuses) where.push(inArray(ordersTable.status, f.statuses));
    if (f.pincode !== undefined) where.push(eq(ordersTable.pincode, f.pincode));
    if (f.orderType) where.push(eq(ordersTable.orderType, f.orderType));
    if (f.from) where.push(gte(ordersTable.createdAt, indiaMidnight(f.from)));
    if (f.to) where.push(lt(ordersTable.createdAt, indiaMidnight(nextDay(f.to))));
    // The literal predicate of orders_emergency_created_idx, so that the index applies.
    if (f.emergency) where.push(sql`${ordersTable.isEmergency}`);
    if (f.slot !== undefined) where.push(eq(ordersTable.deliveryTime, f.slot));
    // Unassigned: the literal predicate of orders_unassigned_jobs_idx; a rider's id implies
    // orders_rider_open_idx's `rider_id is not null`.
    if (f.rider === UNASSIGNED) where.push(sql`${ordersTable.riderId} is null`);
    else if (f.rider !== undefined) where.push(eq(ordersTable.riderId, f.rider));
    return where;
  }

  /** The total of a filter the counters cannot give (`countersFor`), counted. */
  async function countOf(where: SQL[]): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(ordersTable)
      .where(and(...where));
    return row?.n ?? 0;
  }

  /**
   * What a search matches, looked up first through the trigram indexes (each bounded,
   * server/modules/customers/repository.ts): the customers by name, e-mail or phone, and the
   * orders by order id. Lists, so that the queries using them are index lookups by a list the
   * planner can count, whatever the table's size.
   */
  async function lookUp(search: string): Promise<SearchMatches> {
    const [customerIds, orderIds] = await Promise.all([
      findCustomerIds(db, search),
      findOrderIds(db, search),
    ]);
    return { customerIds, orderIds };
  }

  /**
   * The search as one condition on `orders`: one of the matched ids, or of the matched customers.
   * As one query with the filter and the sort, the planner picks between walking the sort's
   * index until a page is found (a common surname) and looking the few matches up (a phone).
   */
  function matchCondition(m: SearchMatches): SQL {
    const conditions: SQL[] = [];
    if (m.orderIds.length) conditions.push(anyOf(ordersTable.id, m.orderIds));
    if (m.customerIds.length) conditions.push(anyOf(ordersTable.customerId, m.customerIds));
    return conditions.length ? or(...conditions)! : sql`false`;
  }

  /** The filter and search as one condition on `orders` (the job sheet's rows). */
  async function whereOf(f: OrderFilter): Promise<SQL | undefined> {
    const base = baseConditions(f);
    if (!f.search) return and(...base);
    return and(...base, matchCondition(await lookUp(f.search)));
  }

  /**
   * The exact total of a search: the matched customers' orders from their counters (kept by
   * trigger, migration 0010; a common surname matches tens of thousands of orders), plus the
   * orders matched by id whose customer did not match. A pin code (open jobs only, which the
   * counters do not split), a slot, a date range or emergencies count the matches themselves
   * (the matched customers' orders of those days, through orders_customer_created_idx).
   */
  async function searchTotal(f: OrderFilter, m: SearchMatches): Promise<number> {
    const base = baseConditions(f);
    if (f.pincode !== undefined || bySlotOrRider(f) || byDayOrUrgency(f)) {
      return countOf([...base, matchCondition(m)]);
    }
    const c = customerOrderCountsTable;
    const where: SQL[] = [sql`${c.customerId} = matched.id`];
    if (f.categoryId) where.push(eq(c.categoryId, f.categoryId));
    if (f.statuses) {
      where.push(inArray(c.status, f.statuses === 'open' ? OPEN_ORDER_STATUSES : f.statuses));
    }
    if (f.orderType) where.push(eq(c.orderType, f.orderType));
    // Each matched customer's counters summed through the primary key, one customer at a time
    // (a lateral aggregate cannot be turned into a join): as `customer_id = any(...)` PostgreSQL
    // reads every counter once a few thousand customers match. The key's index holds `n`
    // (migration 0028), so the counters are read without the table.
    const perCustomer = db
      .select({ n: sql`sum(${c.n})`.as('n') })
      .from(c)
      .where(and(...where));
    const byCustomer = async () => {
      if (!m.customerIds.length) return 0;
      const { rows } = await db.execute<{ n: string }>(sql`
        select coalesce(sum(per_customer.n), 0) as n
        from unnest(${sql.param(m.customerIds)}::text[]) as matched(id)
        cross join lateral (${perCustomer}) as per_customer`);
      return Number(rows[0]?.n ?? 0);
    };
    // Orders matched by their id whose customer was not matched (else counted above).
    const byOrderIdAlone = async () => {
      if (!m.orderIds.length) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(ordersTable)
        .where(
          and(
            ...base,
            anyOf(ordersTable.id, m.orderIds),
            not(anyOf(ordersTable.customerId, m.customerIds)),
          ),
        );
      return row?.n ?? 0;
    };
    const [customers, orders] = await Promise.all([byCustomer(), byOrderIdAlone()]);
    return customers + orders;
  }

  /**
   * Sorted by creation time, then id, so paging is stable; an order id is unique and needs no
   * tie-break (so the order id indexes serve that sort alone).
   */
  function sortKeys(sort: OrderSort, order: 'asc' | 'desc'): SortKey[] {
    if (sort === 'orderId') return [{ key: ordersTable.orderId, order }];
    const keys: SortKey[] = [];
    if (sort !== 'createdAt') keys.push({ key: ORDER_SORTS[sort], order });
    keys.push({ key: ordersTable.createdAt, order }, { key: ordersTable.id, order });
    return keys;
  }
  const orderingOf = (sort: OrderSort, order: 'asc' | 'desc') => orderBy(sortKeys(sort, order));

  /** The order rows of `ids` (a subquery or a list), joined with the names they refer to. */
  function joinedFrom() {
    return db
      .select(orderSelection)
      .from(ordersTable)
      .innerJoin(categoriesTable, eq(categoriesTable.id, ordersTable.categoryId))
      .leftJoin(productsTable, eq(productsTable.id, ordersTable.productId))
      .leftJoin(plansTable, eq(plansTable.id, ordersTable.planId))
      .leftJoin(ridersTable, eq(ridersTable.id, ordersTable.riderId));
  }

  /**
   * The rows of a list of orders by id: one statement whatever the list, prepared once (named on
   * PostgreSQL), so that PostgreSQL plans its five-table join once per connection instead of for
   * every page: planning took 2.7 ms of the database's time, running it 0.35 ms.
   */
  const rowsById = joinedFrom()
    .where(sql`${ordersTable.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('order_rows_by_id');

  /** The answer rows of these orders (ids found through an index), in the order of `ids`. */
  async function rowsOf(ids: string[]): Promise<OrderRow[]> {
    if (!ids.length) return [];
    const rows = (await rowsById.execute({ ids })) as OrderRow[];
    const position = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => position.get(a.order.id)! - position.get(b.order.id)!);
  }

  /**
   * The total from the counters kept by trigger (migrations 0005, 0015): per pin code, or per
   * day and urgency for a date range or emergencies; a search from its own counters
   * (`searchTotal`); what no counter splits, counted through its index (`countersFor`).
   */
  async function total(f: OrderFilter, m?: SearchMatches): Promise<number> {
    if (f.search) return searchTotal(f, m ?? (await lookUp(f.search)));
    const counters = countersFor(f);
    if (!counters) return countOf(baseConditions(f));
    const sum = <T extends typeof orderCountsTable | typeof orderDayCountsTable>(table: T) =>
      sql<number>`coalesce(sum(${table.n}), 0)`.mapWith(Number);
    const [row] =
      counters === 'per-day'
        ? await db
            .select({ n: sum(orderDayCountsTable) })
            .from(orderDayCountsTable)
            .where(and(...dayCounterConditions(f)))
        : await db
            .select({ n: sum(orderCountsTable) })
            .from(orderCountsTable)
            .where(and(...counterConditions(f)));
    return row?.n ?? 0;
  }

  /** The filter (without search) as conditions on the counters. */
  function counterConditions(f: OrderFilter): SQL[] {
    const where: SQL[] = [];
    if (f.categoryId) where.push(eq(orderCountsTable.categoryId, f.categoryId));
    if (f.statuses) {
      const statuses = f.statuses === 'open' ? OPEN_ORDER_STATUSES : f.statuses;
      where.push(inArray(orderCountsTable.status, statuses));
    }
    if (f.pincode !== undefined) where.push(eq(orderCountsTable.pincode, f.pincode));
    if (f.orderType) where.push(eq(orderCountsTable.orderType, f.orderType));
    return where;
  }

  /** The filter (without search, pin code or slot) as conditions on the per-day counters. */
  function dayCounterConditions(f: OrderFilter): SQL[] {
    const c = orderDayCountsTable;
    const where: SQL[] = [];
    if (f.categoryId) where.push(eq(c.categoryId, f.categoryId));
    if (f.statuses) {
      where.push(inArray(c.status, f.statuses === 'open' ? OPEN_ORDER_STATUSES : f.statuses));
    }
    if (f.orderType) where.push(eq(c.orderType, f.orderType));
    if (f.from) where.push(gte(c.day, f.from));
    if (f.to) where.push(lte(c.day, f.to));
    if (f.emergency) where.push(eq(c.isEmergency, true));
    return where;
  }

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
      where.push(matchCondition(m ?? (await lookUp(q.search))));
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

  /**
   * The `limit` orders of the list after the order `afterId`, in the list's order: a keyset on
   * the sort's own index (server/lib/keyset.ts), the ids first, then those rows joined.
   */
  async function exportBatch(
    q: OrderListQuery,
    m: SearchMatches | undefined,
    afterId: string | undefined,
    limit: number,
  ): Promise<OrderExportRow[]> {
    const keys = sortKeys(q.sort, q.order);
    const where = baseConditions(q);
    if (m) where.push(matchCondition(m));
    if (afterId) where.push(afterRow(ordersTable, ordersTable.id, keys, afterId));
    const ids = db
      .select({ id: ordersTable.id })
      .from(ordersTable)
      .where(and(...where))
      .orderBy(...orderBy(keys))
      .limit(limit)
      .as('export_ids');
    const rows = await db
      .select({ row: exportRow })
      .from(ordersTable)
      .innerJoin(ids, eq(ids.id, ordersTable.id))
      .innerJoin(categoriesTable, eq(categoriesTable.id, ordersTable.categoryId))
      .leftJoin(productsTable, eq(productsTable.id, ordersTable.productId))
      .leftJoin(plansTable, eq(plansTable.id, ordersTable.planId))
      .leftJoin(ridersTable, eq(ridersTable.id, ordersTable.riderId))
      .orderBy(...orderBy(keys));
    return rows.map((r) => r.row);
  }

  return {
    total,

    /**
     * Every order of a list (filter, search, sort) for its CSV export, `batchSize` at a time.
     * The search is looked up once, before the first batch (a refusal comes before any row).
     */
    async *exportRows(q: OrderListQuery, batchSize: number): AsyncGenerator<OrderExportRow[]> {
      const m = q.search ? await lookUp(q.search) : undefined;
      yield* keysetBatches((after, limit) => exportBatch(q, m, after?.id, limit), batchSize);
    },

    /**
     * One page: the page's ids first, through an index (a seek for deep pages), then only those
     * rows joined with the customer, service, product and plan.
     */
    async page(q: OrderPageQuery): Promise<{ rows: OrderRow[]; total: number }> {
      const m = q.search ? await lookUp(q.search) : undefined;
      const window = { offset: (q.page - 1) * q.limit, limit: q.limit };
      const [ids, n] =
        q.sort === 'totalAmount' && window.offset >= SEEK_FROM_OFFSET
          ? await total(q, m).then(async (n) => [await deepPageIds(q, m, window, n), n] as const)
          : await Promise.all([pageIds(q, m, window), total(q, m)]);
      if (!ids.length) return { rows: [], total: n };
      return { rows: await rowsOf(ids), total: n };
    },

    rowsOf,

    /**
     * The open jobs of the filter per pin code (the job sheet's headings): summed from the
     * counters, or counted over its matches for a search, a slot or days (a service's open
     * jobs, a small part of the table).
     */
    async countsByPincode(f: OrderFilter): Promise<Map<string, number>> {
      const rows =
        f.search || countersFor(f) !== 'per-pincode'
          ? await db
              .select({ pincode: ordersTable.pincode, n: count() })
              .from(ordersTable)
              .where(await whereOf(f))
              .groupBy(ordersTable.pincode)
          : await db
              .select({
                pincode: orderCountsTable.pincode,
                n: sql<number>`sum(${orderCountsTable.n})`.mapWith(Number),
              })
              .from(orderCountsTable)
              .where(and(...counterConditions(f)))
              .groupBy(orderCountsTable.pincode);
      return new Map(rows.filter((r) => r.n > 0).map((r) => [r.pincode, r.n]));
    },

    /**
     * The next `limit` jobs of the filter for the job sheet, in the sheet's order (by pin code,
     * emergencies first, then oldest first, id last) after the job `afterId`: a keyset, so each
     * batch starts where the previous one ended, through orders_open_jobs_idx.
     */
    async jobSheetBatch(
      f: OrderFilter,
      afterId: string | undefined,
      limit: number,
    ): Promise<OrderRow[]> {
      const o = ordersTable;
      const where = [await whereOf(f)];
      if (afterId) {
        // The key of the last job read, taken from its row (exact to the microsecond).
        const last = alias(ordersTable, 'sheet_last');
        const lastRow = <T extends Parameters<typeof db.select>[0]>(fields: T) =>
          db.select(fields).from(last).where(eq(last.id, afterId));
        const lastKey = lastRow({
          pincode: last.pincode,
          urgency: sql`not ${last.isEmergency}`,
          createdAt: last.createdAt,
          id: last.id,
        });
        where.push(
          sql`${o.pincode} >= ${lastRow({ pincode: last.pincode })}`,
          sql`(${o.pincode}, not ${o.isEmergency}, ${o.createdAt}, ${o.id}) > ${lastKey}`,
        );
      }
      // The batch's ids first (sorting narrow rows), then only those joined with their names.
      const sheetOrder = [asc(o.pincode), sql`not ${o.isEmergency}`, asc(o.createdAt), asc(o.id)];
      const ids = db
        .select({ id: o.id })
        .from(o)
        .where(and(...where))
        .orderBy(...sheetOrder)
        .limit(limit)
        .as('sheet_ids');
      const rows = await joinedFrom()
        .innerJoin(ids, eq(ids.id, o.id))
        .orderBy(...sheetOrder);
      return rows as OrderRow[];
    },

    /**
     * The delivery slots of a service's open jobs with how many jobs each has (the jobs list's
     * slot filter), through orders_open_jobs_idx; at most `limit`, in the order of the day.
     */
    async openJobSlots(categoryId: string, limit: number) {
      const rows = await db
        .select({ slot: ordersTable.deliveryTime, jobs: count() })
        .from(ordersTable)
        .where(and(eq(ordersTable.categoryId, categoryId), IS_OPEN))
        .groupBy(ordersTable.deliveryTime)
        .limit(limit + 1);
      const slots = rows.filter((r): r is { slot: string; jobs: number } => r.slot !== null);
      return slots
        .sort((a, b) => slotStart(a.slot) - slotStart(b.slot) || a.slot.localeCompare(b.slot))
        .slice(0, limit);
    },

    /** The accessories of these orders, in one query, grouped by order id. */
    async accessoriesOf(orderIds: string[]): Promise<Map<string, AccessoryRow[]>> {
      const byOrder = new Map<string, AccessoryRow[]>();
      if (!orderIds.length) return byOrder;
      const rows = await db
        .select()
        .from(orderAccessoriesTable)
        .where(inArray(orderAccessoriesTable.orderId, orderIds))
        .orderBy(asc(orderAccessoriesTable.orderId), asc(orderAccessoriesTable.id));
      for (const row of rows) {
        const list = byOrder.get(row.orderId);
        if (list) list.push(row);
        else byOrder.set(row.orderId, [row]);
      }
      return byOrder;
    },

    async findById(id: string): Promise<OrderRow | undefined> {
      const [row] = await joinedFrom().where(eq(ordersTable.id, id));
      return row as OrderRow | undefined;
    },

    async accessories(orderId: string) {
      return db
        .select()
        .from(orderAccessoriesTable)
        .where(eq(orderAccessoriesTable.orderId, orderId))
        .orderBy(asc(orderAccessoriesTable.id));
    },

    /** Oldest first; the serial id orders steps written in the same instant. */
    async history(orderId: string) {
      return db
        .select()
        .from(orderStatusHistoryTable)
        .where(eq(orderStatusHistoryTable.orderId, orderId))
        .orderBy(asc(orderStatusHistoryTable.at), asc(orderStatusHistoryTable.id));
    },

    /**
     * Sets the status and records the step in one transaction (`changeStatuses`); the single
     * call (order/update-status).
     */
    async setStatus(
      id: string,
      status: OrderStatus,
      admin: StatusAdmin,
    ): Promise<'missing' | 'unchanged' | 'changed'> {
      const outcome = await db.transaction((tx) => changeStatuses(tx, [id], status, admin));
      if (outcome.missing.length) return 'missing';
      return outcome.changed.length ? 'changed' : 'unchanged';
    },

    /**
     * The bulk call (order/bulk-update-status): the same change for every order of `ids`, in
     * one transaction, with `alsoWrite` (the audit rows of the changed orders) in it too. An
     * unknown id changes nothing: the outcome names the missing ones and nothing is written.
     */
    async setStatuses(
      ids: string[],
      status: OrderStatus,
      admin: StatusAdmin,
      alsoWrite?: (tx: Transaction, changedIds: string[]) => Promise<void>,
    ): Promise<StatusChanges> {
      return db.transaction(async (tx) => {
        const outcome = await changeStatuses(tx, ids, status, admin);
        if (!outcome.missing.length) await alsoWrite?.(tx, outcome.changed);
        return outcome;
      });
    },
  };
}

/**
 * Minutes after midnight a slot starts ('5:00 PM - 8:00 PM': 1020), to list slots in the order
 * of the day; a slot without a time ('Within 2 hours') comes first.
 */
function slotStart(slot: string): number {
  const m = /^(\d{1,2}):(\d{2})\s*([AP]M)/i.exec(slot.trim());
  if (!m) return -1;
  const hour = (Number(m[1]) % 12) + (m[3]!.toUpperCase() === 'PM' ? 12 : 0);
  return hour * 60 + Number(m[2]);
}

/** The admin who changes a status (named in the history row); null for the customer. */
type StatusAdmin = { id: string; name: string } | null;

/** What a status change did with each order it was asked to change. */
export interface StatusChanges {
  missing: string[];
  /** Already in that status: left alone, no history row. */
  unchanged: string[];
  changed: string[];
}

/**
 * Sets the status of the orders and records each step, inside the caller's transaction: the
 * one code path of order/update-status and order/bulk-update-status. The rows are locked first
 * (in id order, so two calls changing overlapping orders never wait on each other in a circle),
 * so when two admins change the same order at once the second waits and records the status the
 * first one set as its `fromStatus`. Any unknown id: nothing is changed.
 */
async function changeStatuses(
  tx: Transaction,
  ids: string[],
  status: OrderStatus,
  admin: StatusAdmin,
): Promise<StatusChanges> {
  const current = await tx
    .select({ id: ordersTable.id, status: ordersTable.status })
    .from(ordersTable)
    .where(anyOf(ordersTable.id, ids))
    .orderBy(asc(ordersTable.id))
    .for('update');
  const found = new Set(current.map((o) => o.id));
  const missing = ids.filter((id) => !found.has(id));
  const toChange = missing.length ? [] : current.filter((o) => o.status !== status);
  const changed = toChange.map((o) => o.id);
  const unchanged = current.filter((o) => o.status === status).map((o) => o.id);
  if (!changed.length) return { missing, unchanged, changed };
  await tx.update(ordersTable).set({ status }).where(anyOf(ordersTable.id, changed));
  await tx.insert(orderStatusHistoryTable).values(
    toChange.map((o) => ({
      orderId: o.id,
      fromStatus: o.status,
      toStatus: status,
      adminId: admin?.id ?? null,
      adminName: admin?.name ?? null,
    })),
  );
  return { missing, unchanged, changed };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;

/**
 * How many orders name a product or a plan (to explain a refused delete); served by
 * `orders_product_idx` / `orders_plan_idx`.
 */
export async function countOrdersOf(
  db: Database,
  ref: { productId: string } | { planId: string },
): Promise<number> {
  const where =
    'productId' in ref
      ? eq(ordersTable.productId, ref.productId)
      : eq(ordersTable.planId, ref.planId);
  const [row] = await db.select({ n: count() }).from(ordersTable).where(where);
  return row?.n ?? 0;
}

/** Why a product or plan cannot be deleted, and what to do instead. */
export function inOrdersMessage(what: 'product' | 'plan', orders: number): string {
  const where = orders > 0 ? `in ${orders} order${orders === 1 ? '' : 's'}` : 'used by orders';
  return `This ${what} is ${where} and cannot be deleted. Set it Inactive instead.`;
}
