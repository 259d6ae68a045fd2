import { action } from '@/providers/actions';
import type {
  SubscriptionCalendar,
  SubscriptionChange,
  SubscriptionDetails,
  Subscription,
} from './types';

/** What add and edit send besides the customer (the issue 35 contract). */
export const SUBSCRIPTION_FIELDS = [
  'productId',
  'planId',
  'accessories',
  'quantity',
  'returnQuantity',
  'schedule',
  'slot',
  'addressId',
  'startDate',
  'endDate',
  'paymentMethod',
  'specialInstruction',
];

/** The form's values as the edit call takes them. */
export type SubscriptionEditParams = { subscriptionId: string } & Record<string, unknown>;

/** Subscriptions' calls that are not CRUD (docs/api.md, "Subscriptions"). */
export const subscriptionActions = {
  /** The subscription with its history (newest first), upcoming pauses and skips. */
  subscriptionDetails: action<{ id: string }, SubscriptionDetails>({
    method: 'GET',
    path: 'subscription/get-subscription/:id',
  }),
  /** Edit: answers the subscription and the orders already made for days the change affects. */
  editSubscription: action<SubscriptionEditParams, SubscriptionChange>({
    method: 'POST',
    path: 'subscription/edit',
    bodyKind: 'json',
    // Empty inputs (null) are left out: the contract gives no way to clear an end date.
    fields: ['subscriptionId', ...SUBSCRIPTION_FIELDS],
  }),
  /** A pause from a day, to a day or (no `to`) until resumed. */
  pauseSubscription: action<
    { subscriptionId: string; from: string; to?: string; reason?: string; extendEnd?: boolean },
    SubscriptionChange
  >({
    method: 'POST',
    path: 'subscription/pause',
    bodyKind: 'json',
    fields: ['subscriptionId', 'from', 'to', 'reason', 'extendEnd'],
  }),
  /** Ends the current pause, or removes the next one. */
  resumeSubscription: action<{ subscriptionId: string }, { subscription: Subscription }>({
    method: 'POST',
    path: 'subscription/resume',
    bodyKind: 'json',
    fields: ['subscriptionId'],
  }),
  skipSubscriptionDay: action<{ subscriptionId: string; date: string }, SubscriptionChange>({
    method: 'POST',
    path: 'subscription/skip',
    bodyKind: 'json',
    fields: ['subscriptionId', 'date'],
  }),
  unskipSubscriptionDay: action<{ subscriptionId: string; date: string }, SubscriptionChange>({
    method: 'POST',
    path: 'subscription/unskip',
    bodyKind: 'json',
    fields: ['subscriptionId', 'date'],
  }),
  /** Cancels an open order already made for a day a change, pause or skip took away. */
  cancelSubscriptionDayOrder: action<{ subscriptionId: string; orderId: string }>({
    method: 'POST',
    path: 'subscription/cancel-day-order',
    bodyKind: 'json',
    fields: ['subscriptionId', 'orderId'],
  }),
  /** Every day of a month with its state. */
  subscriptionCalendar: action<{ id: string; month: string }, SubscriptionCalendar>({
    method: 'GET',
    path: 'subscription/calendar/:id',
  }),
};

export type * from './types';
