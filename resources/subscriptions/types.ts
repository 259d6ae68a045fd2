import type { Schedule, SubscriptionStatus } from '@shared/schedule';

/** A subscription as every subscription/* call answers it (the issue 35 contract). */
export interface Subscription {
  _id: string;
  userId: string;
  customer: { _id: string; name: string; phone: string; email: string };
  serviceId: string;
  serviceName: string;
  serviceKind: string;
  productId: string | null;
  productName: string | null;
  planId: string | null;
  planName: string | null;
  accessories: { accessoryId: string; name: string; quantity: number }[];
  quantity: number;
  returnQuantity: number;
  schedule: { kind: Schedule['kind']; weekdays: number[]; everyNDays: number | null };
  scheduleText: string;
  slot: string;
  addressId: string;
  address: { fullAddress: string; city: string; state: string; pincode: string };
  pincode: string;
  startDate: string;
  endDate: string | null;
  paymentMethod: string;
  /** A plan paid in full when it was bought (moved from a tiffin order). */
  prepaid?: boolean;
  specialInstruction: string | null;
  status: SubscriptionStatus;
  statusReason: string | null;
  /** The pause covering today, else the next one. */
  pause: SubscriptionPause | null;
  /** The next day it delivers from tomorrow, not paused, skipped or a holiday. */
  nextDelivery: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SubscriptionPause {
  _id: string;
  from: string;
  to: string | null;
  reason: string | null;
}

/** An order already made for a day that a change, pause or skip took away. */
export interface MadeOrder {
  _id: string;
  orderId: string;
  deliveryDay: string;
  status: string;
}

/** What an edit, pause, skip or unskip answers. */
export interface SubscriptionChange {
  subscription: Subscription;
  madeOrders?: MadeOrder[];
}

export interface SubscriptionHistoryRow {
  _id: string;
  action: string;
  /** Field -> before and after. */
  /** What changed: each field's value before and after. */
  changes: Record<string, [unknown, unknown]> | null;
  note: string | null;
  adminName: string | null;
  at: string;
}

/** GET subscription/get-subscription/{id}. */
export interface SubscriptionDetails {
  subscription: Subscription;
  history: SubscriptionHistoryRow[];
  pauses: SubscriptionPause[];
  skips: { _id?: string; date: string }[];
}

export const DAY_STATES = [
  'delivered',
  'generated',
  'cancelled',
  'skipped',
  'paused',
  'holiday',
  'upcoming',
  'missed',
  'none',
] as const;
export type DayState = (typeof DAY_STATES)[number];

export interface CalendarDay {
  date: string;
  state: DayState;
  order?: { _id: string; orderId: string; status: string };
  holiday?: string;
  reason?: string;
}

/** GET subscription/calendar/{id}?month=YYYY-MM. */
export interface SubscriptionCalendar {
  month: string;
  days: CalendarDay[];
}

/** The payment methods of an order (server/modules/orders/schemas.ts PAYMENT_METHODS). */
export const PAYMENT_METHODS = ['Cash on Delivery', 'Online', 'Wallet'] as const;
