import type { BillingMode } from '@shared/account';
import { action } from '@/providers/actions';

/** Rupees owed by the age of the charges still unpaid (DUE_BUCKETS). */
export interface DueBuckets {
  d0_30: number;
  d31_60: number;
  d61_90: number;
  d90_plus: number;
}

/** One customer of the Dues list (GET account/dues). */
export interface DueRow {
  userId: string;
  name: string;
  phone: string;
  pincode: string | null;
  billingMode: BillingMode;
  owed: number;
  owedSince: string;
  days: number;
  buckets: DueBuckets;
  lastPayment: { at: string; amount: number } | null;
}

/** The list's totals: customers, rupees owed, by the age of each customer's oldest unpaid charge. */
export interface DuesTotals {
  customers: number;
  owed: number;
  buckets: DueBuckets;
  /** A filtered total that stopped at 10,000 customers. */
  capped: boolean;
}

/** One customer of the Low balance list (GET account/low-balance). */
export interface LowBalanceRow {
  userId: string;
  name: string;
  phone: string;
  balance: number;
  dailySpend: number;
  daysCovered: number;
}

export interface AccountSettings {
  lowBalanceDays: number;
}

/** The dashboard's figures (GET account/summary). */
export interface AccountSummary {
  month: string;
  charged: number;
  collected: number;
  refunded: number;
  dues: DuesTotals;
  lowBalance: { customers: number; lowBalanceDays: number };
}

/** The Dues list's filters, as the address and the calls carry them. */
export type DueFilters = Partial<
  Record<'search' | 'pincode' | 'riderId' | 'minDays' | 'billingMode', string>
>;

/** Their query key, shared with the dashboard's cards. */
export const SUMMARY_KEY = ['dues', 'summary'];

/** The dues' calls beside the lists (docs/api.md, "Accounts: dues, low balance, summary"). */
export const duesActions = {
  /** The totals of the Dues list with its filters (one row asked; its `totals`). */
  duesTotals: action<DueFilters & { limit: number }, DuesTotals>({
    method: 'GET',
    path: 'account/dues',
    resultKey: 'totals',
  }),
  duesSummary: action<Record<string, never>, AccountSummary>({
    method: 'GET',
    path: 'account/summary',
  }),
  getAccountSettings: action<Record<string, never>, AccountSettings>({
    method: 'GET',
    path: 'account/get-settings',
    resultKey: 'settings',
  }),
  updateAccountSettings: action<AccountSettings, AccountSettings>({
    method: 'POST',
    path: 'account/update-settings',
    bodyKind: 'json',
    fields: ['lowBalanceDays'],
    resultKey: 'settings',
  }),
};
