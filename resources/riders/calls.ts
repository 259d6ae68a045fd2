import type { Identifier } from 'react-admin';
import { action } from '@/providers/actions';
import type {
  CashDay,
  DispatchSummary,
  RiderDevices,
  RiderPage,
  RiderRun,
  RunShift,
  SettleResult,
} from './types';

/** Dispatch's calls that are not CRUD (docs/api.md, "Dispatch"). */
export const riderActions = {
  /**
   * Riders for a picker: `prefer` (comma-separated pin codes) puts those serving them first,
   * `date` is the day their `jobs` count. Not getList: a list filter named `date` is a period.
   */
  findRiders: action<
    {
      status?: 'Active' | 'Inactive';
      prefer?: string;
      date?: string;
      search?: string;
      limit?: number;
      sort?: 'name';
    },
    RiderPage
  >({ method: 'GET', path: 'rider/get-riders' }),
  /** A rider's jobs of a day, one round or both (`shift` empty). */
  riderRun: action<{ riderId: Identifier; date?: string; shift?: RunShift | '' }, RiderRun>({
    method: 'GET',
    path: 'rider/run/:riderId',
  }),
  /** Cash on delivery per rider for a day. */
  riderCash: action<{ date?: string }, CashDay>({ method: 'GET', path: 'rider/cash' }),
  /** Cash a rider hands in for a day's runs. */
  settleRiderCash: action<{ riderId: string; date: string; amount: number }, SettleResult>({
    method: 'POST',
    path: 'rider/settle-cash',
    bodyKind: 'json',
    fields: ['riderId', 'date', 'amount'],
  }),
  /** The rider app (issue 40): whether the rider has a PIN, and the phones signed in. */
  riderDevices: action<{ riderId: Identifier }, RiderDevices>({
    method: 'GET',
    path: 'rider/devices/:riderId',
  }),
  /** Sets the rider's PIN for the rider app (signs them out everywhere). */
  setRiderPin: action<{ riderId: Identifier; pin: string }>({
    method: 'POST',
    path: 'rider/set-pin',
    bodyKind: 'json',
    fields: ['riderId', 'pin'],
  }),
  /** Signs the rider out of the rider app on one phone (`deviceId`), or on all of them. */
  signOutRiderDevices: action<{ riderId: Identifier; deviceId?: string }>({
    method: 'POST',
    path: 'rider/sign-out-devices',
    bodyKind: 'json',
    fields: ['riderId', 'deviceId'],
  }),
  /** The dashboard's dispatch card. */
  dispatchSummary: action<{ date?: string }, DispatchSummary>({
    method: 'GET',
    path: 'rider/dispatch-summary',
  }),
};

/** The result types of these calls, for the screens of other resources too. */
export type * from './types';
