import { action } from '@/providers/actions';
import type {
  AccountWrite,
  AmountParams,
  BillingModeParams,
  CustomerAccount,
  PaymentParams,
} from './types';

const PAYMENT_FIELDS = ['userId', 'amount', 'method', 'reference', 'note'];
const AMOUNT_FIELDS = ['userId', 'amount', 'reason'];

/** A customer's money account (docs/api.md, "Accounts: the ledger"). */
export const accountActions = {
  /** The balance, billing mode, dues, deposits and one page of entries, newest first. */
  customerAccount: action<{ userId: string; page?: number; limit?: number }, CustomerAccount>({
    method: 'GET',
    path: 'account/get-account/:userId',
  }),
  /** Money received (a top-up of a prepaid account, a payment of a postpaid one). */
  recordPayment: action<PaymentParams, AccountWrite>({
    method: 'POST',
    path: 'account/record-payment',
    bodyKind: 'json',
    fields: PAYMENT_FIELDS,
  }),
  /** Money paid out to the customer, at most the balance. */
  refundPayment: action<PaymentParams, AccountWrite>({
    method: 'POST',
    path: 'account/refund',
    bodyKind: 'json',
    fields: PAYMENT_FIELDS,
  }),
  /** A deposit released by jars or cylinders come back, credited to the account. */
  refundDeposit: action<AmountParams, AccountWrite>({
    method: 'POST',
    path: 'account/refund-deposit',
    bodyKind: 'json',
    fields: AMOUNT_FIELDS,
  }),
  /** A deposit for jars given, debited from the account. */
  chargeDeposit: action<AmountParams, AccountWrite>({
    method: 'POST',
    path: 'account/charge-deposit',
    bodyKind: 'json',
    fields: AMOUNT_FIELDS,
  }),
  /** A correction either way, with its reason. */
  adjustAccount: action<AmountParams, AccountWrite>({
    method: 'POST',
    path: 'account/adjust',
    bodyKind: 'json',
    fields: AMOUNT_FIELDS,
  }),
  setBillingMode: action<BillingModeParams, BillingModeParams>({
    method: 'POST',
    path: 'account/set-billing-mode',
    bodyKind: 'json',
    fields: ['userId', 'billingMode', 'pauseWhenLow'],
  }),
};

/** The react-query key every account read starts with (writes reload it). */
export const ACCOUNT_KEY = 'accounts';

export type * from './types';
