import { z } from 'zod';
import { SUPPORT_STATUSES } from '@shared/statuses';
import { count, money, timestamp } from '../../lib/responses';
import { calendarDay, orderStatus } from '../orders/schemas';
import { ORDER_FILTERS, type OrderFilter } from './repository';

/**
 * One of the dashboard's newest orders (recentOrders): `amount` is what the panel shows (the
 * total, or price + delivery on older orders), `paymentMethod` null when none was recorded.
 */
const recentOrderDto = z.object({
  _id: z.string(),
  orderId: z.string(),
  paymentMethod: z.string().nullable(),
  amount: money,
  status: orderStatus,
  createdAt: timestamp,
});

/** One of the dashboard's newest support tickets (recentTickets); `userId` is the customer's id. */
const recentTicketDto = z.object({
  _id: z.string(),
  userId: z.string(),
  description: z.string(),
  createdAt: timestamp,
  status: z.enum(SUPPORT_STATUSES),
});

/**
 * The dashboard's figures, from the trigger-kept counters; the recent lists are empty for an
 * admin who may not open the orders or support screens.
 */
export const dashboardData = z.object({
  allUsers: count,
  activeUsers: count,
  blockedUsers: count,
  allOrders: count,
  pendingOrders: count,
  deliveredOrders: count,
  shippedOrders: count,
  cancelledOrders: count,
  recentOrders: z.array(recentOrderDto),
  recentSupports: z.array(recentTicketDto),
});

/**
 * One period of the orders chart (ordersByPeriod): its label, first and last day (India), the
 * orders placed in it and their amount; a period without orders is there with 0.
 */
const orderPeriodDto = z.object({
  label: z.string(),
  start: calendarDay,
  end: calendarDay,
  orders: count,
  amount: money,
});

/** The orders chart: the period asked for and its buckets, oldest first. */
export const ordersByFilter = z.object({
  type: z.enum(Object.keys(ORDER_FILTERS) as [OrderFilter, ...OrderFilter[]]),
  buckets: z.array(orderPeriodDto),
});

const FILTERS = Object.keys(ORDER_FILTERS) as [OrderFilter, ...OrderFilter[]];

/** `type` of the chart: blank or missing means monthly (spec 001 §9); case is ignored. */
const filterType = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
  z
    .enum(FILTERS, { error: 'Type must be daily, weekly, monthly or quarterly.' })
    .default('monthly'),
);

/** order/get-orders-by-filter's query. */
export const ordersByFilterQuery = z.object({ type: filterType });
