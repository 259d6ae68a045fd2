// The riders' API as /work/notes/rider-api.md (docs/api.md) describes it.

export type Reason = 'not-at-home' | 'refused' | 'address-not-found' | 'out-of-stock';
export const REASONS: readonly Reason[] = [
  'not-at-home',
  'refused',
  'address-not-found',
  'out-of-stock',
];

export type CollectMethod = 'Cash' | 'UPI' | 'Wallet' | 'Paid';
export type ReceivedMethod = 'Cash' | 'UPI' | 'None';

export interface Collected {
  method: ReceivedMethod;
  amount: number;
  reference?: string;
}

export interface Outcome {
  kind: 'delivered' | 'not-delivered';
  reason?: Reason;
  at: string;
  emptiesCollected?: number;
  collected?: Collected;
  photoUrl?: string;
}

export interface Stop {
  orderId: string;
  orderNo: string;
  status: 'Pending' | 'Out for Delivery' | 'Delivered' | 'Cancelled';
  outcome: Outcome | null;
  isEmergency: boolean;
  placedAt: string;
  shift: 'Morning' | 'Evening' | null;
  slot: string | null;
  pincode: string;
  customer: { name: string; phone: string };
  address: string;
  items: { key: string; name: string; quantity: number }[];
  empties: null | { kind: 'jar' | 'cylinder'; toCollect: number; held: number };
  toCollect: { method: CollectMethod; amount: number };
  note: string | null;
}

export interface Rider {
  id: string;
  name: string;
  phone: string;
}

export interface Today {
  day: string;
  rider: Rider;
  emergencyAlertMinutes: number;
  stops: Stop[];
}

export interface DeliverBody {
  orderId: string;
  idempotencyKey: string;
  delivered: { key: string; quantity: number }[];
  emptiesCollected: number;
  collected: Collected;
}

export interface NotDeliveredBody {
  orderId: string;
  idempotencyKey: string;
  reason: Reason;
  note?: string;
}
