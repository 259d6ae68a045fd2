import type { OrderStatus } from '@/orders/orderFields';

/** What the guards read of an order: its status and, from get-order, its invoice. */
interface GuardedOrder {
  status?: unknown;
  invoice?: unknown;
  [key: string]: unknown;
}

/**
 * Why a status change needs a reason (issue 37; the server refuses it without one, 400):
 * it takes a delivery back, it changes an order with a tax invoice, or it cancels.
 */
export type StatusGuard = 'delivered' | 'invoiced' | 'cancelling';

/**
 * The guard of setting `order` to `status`, the most telling first, or null when the change
 * needs no reason. `order.invoice` comes with get-order; a list's row has none, and the server
 * then still says when an invoice asks for a reason.
 */
export function statusGuard(order: GuardedOrder, status: OrderStatus): StatusGuard | null {
  if (order.status === status) return null;
  if (order.status === 'Delivered') return 'delivered';
  if (order.invoice) return 'invoiced';
  if (status === 'Cancelled') return 'cancelling';
  return null;
}

/** The guard of setting many orders to `status`: any order's, or null. */
export function bulkStatusGuard(orders: GuardedOrder[], status: OrderStatus): StatusGuard | null {
  const guards = orders.map((o) => statusGuard(o, status));
  return (['delivered', 'invoiced', 'cancelling'] as const).find((g) => guards.includes(g)) ?? null;
}

/** The most characters of a reason (the server's limit). */
export const REASON_MAX = 500;
