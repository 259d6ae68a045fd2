// Facts about a household's money account (issue 36) that the server, the panel and the docs
// share. Plain TypeScript (see shared/permissions.ts).

/**
 * What made an account entry. Credits (money in: the balance rises) are positive amounts,
 * debits negative. `order_charged` / `subscription_day_charged` are written by the database when
 * an order paid from the account (payment method `Wallet`) is delivered, `charge_reversed` when
 * it leaves Delivered; the rest by an admin through the account calls.
 */
export const ENTRY_KINDS = [
  'opening',
  'topup',
  'payment',
  'refund',
  'deposit_taken',
  'deposit_refunded',
  'order_charged',
  'subscription_day_charged',
  'charge_reversed',
  'adjustment',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** How an entry's kind reads on screens, statements and CSV. */
export const ENTRY_KIND_LABELS: Record<EntryKind, string> = {
  opening: 'Opening balance',
  topup: 'Top-up',
  payment: 'Payment',
  refund: 'Refund',
  deposit_taken: 'Deposit taken',
  deposit_refunded: 'Deposit refunded',
  order_charged: 'Order charged',
  subscription_day_charged: 'Subscription day charged',
  charge_reversed: 'Charge reversed',
  adjustment: 'Adjustment',
};

/** How money came in or went out (record-payment, refund). */
export const ACCOUNT_PAYMENT_METHODS = ['Cash', 'UPI', 'Bank transfer', 'Cheque'] as const;
export type AccountPaymentMethod = (typeof ACCOUNT_PAYMENT_METHODS)[number];

/** What the reference of each method is called on forms and in messages. */
export const REFERENCE_LABELS: Record<AccountPaymentMethod, string> = {
  Cash: 'Receipt number',
  UPI: 'UPI reference',
  'Bank transfer': 'UTR',
  Cheque: 'Cheque number',
};

export const BILLING_MODES = ['prepaid', 'postpaid'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
export const BILLING_MODE_LABELS: Record<BillingMode, string> = {
  prepaid: 'Prepaid',
  postpaid: 'Postpaid (billed monthly)',
};

/**
 * A reference as it is kept for uniqueness and for matching a settlement line: upper case,
 * without spaces, dashes, dots or slashes ("upi 4123-5567" and "UPI41235567" are one payment).
 * Null when nothing is left.
 */
export function referenceKey(reference: string | null | undefined): string | null {
  const key = (reference ?? '').toUpperCase().replace(/[\s\-./]/g, '');
  return key || null;
}

/** Rupees (at most two decimals) to paise, exactly; NaN for anything else. */
export function toPaise(rupees: number): number {
  const paise = Math.round(rupees * 100);
  return Math.abs(paise - rupees * 100) < 1e-6 ? paise : Number.NaN;
}

/** Paise to rupees as the spec's money is answered (a number). */
export function toRupees(paise: number | string | bigint): number {
  return Number(paise) / 100;
}

/** Dues are aged by the oldest unpaid charge, in these buckets of days. */
export const DUE_BUCKETS = [
  { key: 'd0_30', label: '0–30 days', from: 0, to: 30 },
  { key: 'd31_60', label: '31–60 days', from: 31, to: 60 },
  { key: 'd61_90', label: '61–90 days', from: 61, to: 90 },
  { key: 'd90_plus', label: '90+ days', from: 91, to: null },
] as const;
export type DueBucketKey = (typeof DUE_BUCKETS)[number]['key'];
