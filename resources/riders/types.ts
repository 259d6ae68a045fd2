import type { RaRecord } from 'react-admin';

/** A rider's working hours; a job's round is never Both. */
export type RiderShift = 'Morning' | 'Evening' | 'Both';
export type RunShift = 'Morning' | 'Evening';

export const RIDER_SHIFTS: RiderShift[] = ['Morning', 'Evening', 'Both'];
export const RUN_SHIFTS: RunShift[] = ['Morning', 'Evening'];
export const RIDER_STATUSES = ['Active', 'Inactive'] as const;

/** A rider as rider/get-riders and rider/get-rider answer it (the dispatch contract). */
export interface Rider {
  _id: string;
  name: string;
  phone: string;
  vehicle: string;
  pincodes: string[];
  shift: RiderShift;
  status: 'Active' | 'Inactive';
  /** Jobs assigned for the day asked (today by default), any status. */
  jobs: number;
  /** Assigned jobs still Pending or Out for Delivery, any day. */
  openJobs: number;
  /** With `prefer=`: whether the rider serves one of those pin codes. */
  serves?: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface RiderPage {
  riders: Rider[];
  totalRecords: number;
  currentPage: number;
  totalPages: number;
}

/** rider/run: the rider's jobs of a day and round, in the orders lists' shape. */
export interface RiderRun {
  rider: Rider;
  jobs: RaRecord[];
  totalRecords: number;
}

export interface CashSettlement {
  _id: string;
  amount: number;
  settledByName: string | null;
  settledAt: string;
}

export interface RiderCashRow {
  riderId: string | null;
  name: string;
  deliveredCod: number;
  expected: number;
  handedIn: number;
  difference: number;
  settlements: CashSettlement[];
}

export interface CashDay {
  date: string;
  riders: RiderCashRow[];
  totals: { expected: number; handedIn: number; difference: number };
}

export interface SettleResult {
  settlement: CashSettlement;
  expected: number;
  handedIn: number;
  difference: number;
}

export interface DispatchSummary {
  unassignedJobs: number;
  ridersActive: number;
  riders: { _id: string; name: string; jobs: number; delivered: number; open: number }[];
  cashNotHandedIn: number;
}

/** A phone signed in to the rider app (rider/devices). */
export interface RiderDevice {
  _id: string;
  /** The phone browser's User-Agent. */
  device: string;
  signedInAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** rider/devices/{riderId}: whether the rider has a PIN for the rider app, and where they are signed in. */
export interface RiderDevices {
  pinSet: boolean;
  pinSetAt: string | null;
  devices: RiderDevice[];
}

export type NotDeliveredReason = 'not-at-home' | 'refused' | 'address-not-found' | 'out-of-stock';
export const NOT_DELIVERED_REASONS: NotDeliveredReason[] = [
  'not-at-home',
  'refused',
  'address-not-found',
  'out-of-stock',
];

/** What the rider reported at the door (a run's job's `doorOutcome`), the latest action. */
export interface DoorOutcome {
  kind: 'delivered' | 'not-delivered';
  reason?: NotDeliveredReason;
  note?: string;
  at: string;
  emptiesCollected?: number;
  collected?: { method: 'Cash' | 'UPI' | 'None'; amount: number; reference?: string };
  photoUrl?: string;
}
