import type { RaRecord } from 'react-admin';
import type { OrderStatus } from '@shared/statuses';

/** The four order statuses, in the order the status modal offers them (spec 001 §4). */
export { isOrderStatus, ORDER_STATUSES, type OrderStatus } from '@shared/statuses';

export const STATUS_COLOURS: Record<OrderStatus, 'warning' | 'info' | 'success' | 'error'> = {
  Pending: 'warning',
  'Out for Delivery': 'info',
  Delivered: 'success',
  Cancelled: 'error',
};

/** Services whose orders carry empty jars or cylinders to collect (the Return column). */
const RETURN_KINDS = ['water', 'oxygen'];
export const collectsReturns = (kind: unknown) => RETURN_KINDS.includes(String(kind));

/** The category kind of an order's service ('water', 'tiffin', ...). */
export const serviceKind = (order: RaRecord): string | undefined => order.service?.kind;

/** What the customer pays; older orders lack `totalAmount`, then price + delivery charge. */
export function orderTotal(order: RaRecord): number | null {
  if (order.totalAmount !== null && order.totalAmount !== undefined && order.totalAmount !== '') {
    return Number(order.totalAmount);
  }
  if (order.price === null || order.price === undefined) return null;
  return Number(order.price) + Number(order.deliveryCharge ?? 0);
}

export function customerName(order: RaRecord): string {
  const user = order.user ?? {};
  return user.name || [user.firstName, user.lastName].filter(Boolean).join(' ');
}

/** The family id: the customer's id. */
export const familyId = (order: RaRecord): string => String(order.userId ?? order.user?._id ?? '');

/** The product (water, oxygen, ...) or, for tiffin, the plan. */
export const productName = (order: RaRecord): string =>
  order.product?.name ?? order.productId?.name ?? '';

export interface OrderAddress {
  fullAddress?: string | null;
  city?: string | null;
  state?: string | null;
  pincode?: string | null;
}

/** '12 MG Road, Bengaluru, Karnataka 560001'. */
export function formatAddress(address: OrderAddress | null | undefined): string {
  if (!address) return '';
  // Customers often type the city and pin code into the address itself: do not say them twice.
  const written = (address.fullAddress ?? '').toLowerCase();
  const missing = (part: string | null | undefined): part is string =>
    !!part && !written.includes(part.toLowerCase());
  const place = [address.state, address.pincode].filter(missing).join(' ');
  return [address.fullAddress, missing(address.city) && address.city, place]
    .filter(Boolean)
    .join(', ');
}
