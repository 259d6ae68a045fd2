import type { AccountPaymentMethod, BillingMode, EntryKind } from '@shared/account';

/** One line of a customer's account (docs/api.md, "Accounts: the ledger"). */
export interface AccountEntry {
  _id: string;
  kind: EntryKind;
  kindLabel: string;
  /** Signed rupees: a credit raises the balance, a debit lowers it. */
  amount: number;
  balanceAfter: number;
  method: string | null;
  reference: string | null;
  orderId: string | null;
  orderNo: string | null;
  reason: string | null;
  adminName: string | null;
  at: string;
}

/** GET account/get-account/{userId}: the account with one page of its entries. */
export interface CustomerAccount {
  userId: string;
  name: string;
  balance: number;
  billingMode: BillingMode;
  pauseWhenLow: boolean;
  owed: number;
  owedSince: string | null;
  depositHeld: number;
  depositRefundable: number;
  entries: AccountEntry[];
  totalRecords: number;
  currentPage: number;
  totalPages: number;
  limit: number;
}

/** What every account write answers. */
export interface AccountWrite {
  entry: AccountEntry;
  balance: number;
}

export interface PaymentParams {
  userId: string;
  amount: number;
  method: AccountPaymentMethod;
  reference?: string;
  note?: string;
}

export interface AmountParams {
  userId: string;
  amount: number;
  reason?: string;
}

export interface BillingModeParams {
  userId: string;
  billingMode: BillingMode;
  pauseWhenLow?: boolean;
}
