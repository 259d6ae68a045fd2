import { z } from 'zod';
import {
  ACCOUNT_PAYMENT_METHODS,
  BILLING_MODES,
  ENTRY_KINDS,
  REFERENCE_LABELS,
  toPaise,
} from '@shared/account';
import { count, money, nullableTimestamp, pagingFields, timestamp } from '../../lib/responses';
import { optionalText, pagingQuery, requiredId, requiredText } from '../../lib/validation';

// The ledger calls' parameters and answers (routes.ts), as docs/api.md lists them.

/** The largest amount one entry may carry: ₹10,00,000. */
export const MAX_AMOUNT_RUPEES = 1_000_000;

const amountMessage = (label: string) =>
  `${label} must be a number of rupees with at most two decimals.`;

/** Rupees as typed, answered in paise: at most two decimals, at most ₹10,00,000 either way. */
const rupeesAsPaise = (label: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${label} is required.` : `${label} must be a number.`,
    })
    .refine(Number.isFinite, { error: `${label} must be a number.` })
    .refine((v) => !Number.isNaN(toPaise(v)), { error: amountMessage(label) })
    .refine((v) => Math.abs(v) <= MAX_AMOUNT_RUPEES, {
      error: `${label} must be at most ₹10,00,000.`,
    })
    .transform((v) => toPaise(v));

/** An amount of money in or out: more than 0. */
const positivePaise = (label = 'Amount') =>
  rupeesAsPaise(label).refine((p) => p > 0, { error: `${label} must be more than 0.` });

const userId = requiredId('User id');

export const accountParams = z.object({ userId });

export const accountQuery = z.object({
  page: pagingQuery.page,
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be between 1 and 100.')
    .max(100, 'Limit must be between 1 and 100.')
    .default(20),
});

const method = z.enum(ACCOUNT_PAYMENT_METHODS, {
  error: `Method must be one of: ${ACCOUNT_PAYMENT_METHODS.join(', ')}.`,
});

const REFERENCE_REQUIRED: Record<(typeof ACCOUNT_PAYMENT_METHODS)[number], string | null> = {
  Cash: null,
  UPI: 'Enter the UPI reference.',
  'Bank transfer': 'Enter the UTR of the bank transfer.',
  Cheque: 'Enter the cheque number.',
};

/** record-payment and refund: money in or out, by a method, with its reference. */
export const paymentBody = z
  .object({
    userId,
    amount: positivePaise(),
    method,
    reference: optionalText('Reference', 60),
    note: optionalText('Note', 300),
  })
  .superRefine((b, ctx) => {
    const required = REFERENCE_REQUIRED[b.method];
    if (required && !b.reference) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: required });
    } else if (b.reference && !/[0-9A-Za-z]/.test(b.reference)) {
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: `${REFERENCE_LABELS[b.method]} must have letters or digits.`,
      });
    }
  });
export type PaymentBody = z.infer<typeof paymentBody>;

export const refundDepositBody = z.object({
  userId,
  amount: positivePaise(),
  reason: optionalText('Reason', 300),
});

export const chargeDepositBody = z.object({
  userId,
  amount: positivePaise(),
  reason: requiredText('Reason', 300),
});

export const adjustBody = z.object({
  userId,
  amount: rupeesAsPaise('Amount').refine((p) => p !== 0, {
    error: 'Amount must not be 0: credit with a positive amount, debit with a negative one.',
  }),
  reason: requiredText('Reason', 300).refine((v) => v.length >= 3, {
    error: 'Reason must be at least 3 characters: say why the balance changes.',
  }),
});

export const billingModeBody = z.object({
  userId,
  billingMode: z.enum(BILLING_MODES, { error: 'Billing mode must be prepaid or postpaid.' }),
  pauseWhenLow: z.boolean({ error: 'Pause when low must be true or false.' }).optional(),
});

export const entryDto = z.object({
  _id: z.string(),
  kind: z.enum(ENTRY_KINDS),
  kindLabel: z.string(),
  amount: money,
  balanceAfter: money,
  method: z.string().nullable(),
  reference: z.string().nullable(),
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  reason: z.string().nullable(),
  adminName: z.string().nullable(),
  at: timestamp,
});

export const accountDto = z.object({
  userId: z.string(),
  name: z.string(),
  balance: money,
  billingMode: z.enum(BILLING_MODES),
  pauseWhenLow: z.boolean(),
  owed: money,
  owedSince: nullableTimestamp,
  depositHeld: money,
  depositRefundable: money,
  entries: z.array(entryDto),
  ...pagingFields,
  limit: count,
});

export const entryAnswer = z.object({ entry: entryDto, balance: money });

export const billingModeAnswer = z.object({
  userId: z.string(),
  billingMode: z.enum(BILLING_MODES),
  pauseWhenLow: z.boolean(),
});
