import { indiaMidnight, nextDay } from '@shared/time';
import { eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  OPEN_ORDER_STATUSES,
  orderCountsTable,
  orderDayCountsTable,
  orderOpenSlotCountsTable,
  ordersTable,
  type OrderStatus,
  type OrderType,
} from '../../db/schema';
import { orderBy, type SortKey } from '../../lib/keyset';
import { UNASSIGNED } from './filters';

/** What the panel pays attention to: the total, or price + delivery on older orders. */
export const paidAmount = sql`coalesce(${ordersTable.totalAmount}, ${ordersTable.price} + ${ordersTable.deliveryCharge})`;

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

/** A list's filter and order, without a page: what an export reads. */
export interface OrderListQuery extends OrderFilter {
  sort: OrderSort;
  order: 'asc' | 'desc';
}

/** Whether the filter limits the dates or the urgency (which only the per-day counters split). */
export const byDayOrUrgency = (f: OrderFilter) => Boolean(f.from || f.to || f.emergency);

/** Whether the filter limits what no counter splits: the slot, the rider. */
export const bySlotOrRider = (f: OrderFilter) => f.slot !== undefined || f.rider !== undefined;

/** The statuses a filter keeps, when they are all open ones (the jobs lists). */
function openStatusesOf(f: OrderFilter): OrderStatus[] | undefined {
  if (f.statuses === 'open') return OPEN_ORDER_STATUSES;
  if (f.statuses?.every((s) => OPEN_ORDER_STATUSES.includes(s))) return f.statuses;
  return undefined;
}

/**
 * Which counters give the filter's total (a search aside): `order_counts` have the pin code but
 * no day, `order_day_counts` the day and urgency but no pin code, `order_open_slot_counts` the
 * slot of open jobs only, and none has the rider. Without one, the list counts its orders
 * through the filter's index (a pin code's, a day range's, a service's open jobs, a rider's
 * open jobs or the unassigned ones), each a small part of the table.
 */
export function countersFor(f: OrderFilter): 'per-pincode' | 'per-day' | 'per-slot' | undefined {
  if (f.rider !== undefined) return undefined;
  if (f.slot !== undefined) {
    const plain = f.pincode === undefined && !byDayOrUrgency(f) && openStatusesOf(f) !== undefined;
    return plain ? 'per-slot' : undefined;
  }
  if (!byDayOrUrgency(f)) return 'per-pincode';
  return f.pincode === undefined ? 'per-day' : undefined;
}

/** The conditions on `orders` itself, without the search. */
export function baseConditions(f: OrderFilter): SQL[] {
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

/** The filter (without search) as conditions on the counters. */
export function counterConditions(f: OrderFilter): SQL[] {
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

/** A filter of open jobs by slot (countersFor's 'per-slot') as conditions on their counters. */
export function slotCounterConditions(f: OrderFilter): SQL[] {
  const c = orderOpenSlotCountsTable;
  const where: SQL[] = [inArray(c.status, openStatusesOf(f) ?? OPEN_ORDER_STATUSES)];
  if (f.categoryId) where.push(eq(c.categoryId, f.categoryId));
  if (f.slot !== undefined) where.push(eq(c.slot, f.slot));
  if (f.orderType) where.push(eq(c.orderType, f.orderType));
  return where;
}

/** The filter (without search, pin code or slot) as conditions on the per-day counters. */
export function dayCounterConditions(f: OrderFilter): SQL[] {
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
 * Sorted by creation time, then id, so paging is stable; an order id is unique and needs no
 * tie-break (so the order id indexes serve that sort alone).
 */
export function sortKeys(sort: OrderSort, order: 'asc' | 'desc'): SortKey[] {
  if (sort === 'orderId') return [{ key: ordersTable.orderId, order }];
  const keys: SortKey[] = [];
  if (sort !== 'createdAt') keys.push({ key: ORDER_SORTS[sort], order });
  keys.push({ key: ordersTable.createdAt, order }, { key: ordersTable.id, order });
  return keys;
}
export const orderingOf = (sort: OrderSort, order: 'asc' | 'desc') =>
  orderBy(sortKeys(sort, order));
