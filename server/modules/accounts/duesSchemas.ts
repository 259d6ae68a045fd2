import { z } from 'zod';
import { BILLING_MODES } from '@shared/account';
import { isPinCode } from '@shared/pincode';
import { answers, pagingFields } from '../../lib/responses';
import { optionalId, pagingQuery } from '../../lib/validation';

/*
 * The dues, low-balance, summary and settings calls of account/... (issue 36): what they take
 * and answer. Money is answered in rupees (numbers), as the spec's money is.
 */

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

/** Blank query values mean "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const limit = z.coerce
  .number({ error: 'Limit must be a number.' })
  .int('Limit must be a whole number.')
  .min(1, 'Limit must be between 1 and 100.')
  .max(100, 'Limit must be between 1 and 100.')
  .default(10);

const pincode = z
  .string()
  .trim()
  .refine((v) => v === '' || isPinCode(v), { error: 'Pin code must be 6 digits.' })
  .optional()
  .transform((v) => v || undefined);

const search = pagingQuery.search.transform((v) => v || undefined);

const dueFilters = {
  search,
  pincode,
  riderId: optionalId('Rider id'),
  minDays: optional(wholeNumber('Minimum days', 0, 3650)),
  billingMode: z
    .enum([...BILLING_MODES, 'All', ''], {
      error: `Billing mode must be one of: ${BILLING_MODES.join(', ')}.`,
    })
    .optional()
    .transform((v) => (v === 'All' || v === '' ? undefined : v)),
};

/** GET account/dues. */
export const duesQuery = z.object({ page: pagingQuery.page, limit, ...dueFilters });
export type DuesQuery = z.infer<typeof duesQuery>;

/** GET account/export-dues: the list's filters, no page. */
export const exportDuesQuery = z.object(dueFilters);
export type DueFilter = z.infer<typeof exportDuesQuery>;

/** GET account/low-balance. */
export const lowBalanceQuery = z.object({ page: pagingQuery.page, limit, search, pincode });
export type LowBalanceQuery = z.infer<typeof lowBalanceQuery>;

/** POST account/update-settings. */
export const updateSettingsBody = z.object(
  { lowBalanceDays: wholeNumber('Low balance days', 1, 60) },
  { error: 'Please send the settings.' },
);

// Answers.

const rupees = z.number();

export const bucketsDto = z.object({
  d0_30: rupees,
  d31_60: rupees,
  d61_90: rupees,
  d90_plus: rupees,
});
export type BucketsDto = z.infer<typeof bucketsDto>;

export const dueDto = z.object({
  userId: z.string(),
  name: z.string(),
  phone: z.string(),
  pincode: z.string().nullable(),
  billingMode: z.enum(BILLING_MODES),
  owed: rupees,
  owedSince: z.iso.datetime(),
  days: z.number().int(),
  buckets: bucketsDto,
  lastPayment: z.object({ at: z.iso.datetime(), amount: rupees }).nullable(),
});
export type DueDto = z.infer<typeof dueDto>;

/** `capped`: a filtered total stopped at its limit (10,000 customers, the oldest). */
const duesTotals = z.object({
  customers: z.number().int(),
  owed: rupees,
  buckets: bucketsDto,
  capped: z.boolean(),
});

/** The paging of every list (as subscription/get-all-subscriptions answers it). */
const pageFields = pagingFields;

export const duesAnswer = answers(
  z.object({ customers: z.array(dueDto), ...pageFields, totals: duesTotals }),
);

export const lowBalanceDto = z.object({
  userId: z.string(),
  name: z.string(),
  phone: z.string(),
  balance: rupees,
  dailySpend: rupees,
  daysCovered: z.number(),
});

export const lowBalanceAnswer = answers(
  z.object({ customers: z.array(lowBalanceDto), ...pageFields, lowBalanceDays: z.number().int() }),
);

export const settingsAnswer = answers(
  z.object({ settings: z.object({ lowBalanceDays: z.number().int() }) }),
);

export const summaryAnswer = answers(
  z.object({
    month: z.string(),
    charged: rupees,
    collected: rupees,
    refunded: rupees,
    dues: duesTotals,
    lowBalance: z.object({ customers: z.number().int(), lowBalanceDays: z.number().int() }),
  }),
);
