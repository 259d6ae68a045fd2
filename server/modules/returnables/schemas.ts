import { z } from 'zod';
import { LEDGER_KINDS } from '../../db/schema';
import { count, money, nullableTimestamp, pagingFields, timestamp } from '../../lib/responses';
import { optionalId, pagingQuery, requiredId, requiredText } from '../../lib/validation';
import { pincode } from '../orders/filters';

const itemKind = z.enum(['product', 'accessory']);
/** Counts that a reversal or an undone return can leave below zero. */
const units = z.number().int();
const daysOutstanding = count
  .nullable()
  .meta({ description: 'Whole days since oldestOutstandingAt; null when nothing is held' });
const oldestOutstandingAt = nullableTimestamp.meta({
  description:
    'Since when the oldest unit still held has been out (first in, first out); null when none',
});

/** What a customer holds of one returnable item: the sums of their ledger entries. */
export const balanceDto = z.object({
  productId: z.string(),
  itemKind,
  name: z.string(),
  serviceId: z.string(),
  issued: units,
  returned: units,
  outstanding: units,
  deposit: money.meta({ description: 'Deposit held for the units out, rupees' }),
  oldestOutstandingAt,
  daysOutstanding,
});

/** One ledger entry, never changed once written. */
export const entryDto = z.object({
  _id: z.string(),
  at: timestamp,
  kind: z.enum(LEDGER_KINDS),
  productId: z.string(),
  name: z.string(),
  issued: units,
  returned: units,
  deposit: money,
  order: z.object({ _id: z.string(), orderId: z.string() }).nullable().meta({
    description: 'The order that caused it (also for a return request); null for a correction',
  }),
  returnRequestId: z.string().nullable(),
  reason: z.string().nullable(),
  adminName: z.string().nullable(),
});

export const ledgerAnswer = z.object({
  customer: z.object({ _id: z.string(), name: z.string(), phone: z.string() }),
  balances: z.array(balanceDto),
  entries: z.array(entryDto).meta({ description: 'Newest first' }),
  ...pagingFields,
});

export const outstandingRowDto = z.object({
  userId: z.string(),
  name: z.string(),
  phone: z.string(),
  pincode: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  serviceId: z.string(),
  issued: units,
  returned: units,
  outstanding: count,
  deposit: money,
  oldestOutstandingAt,
  daysOutstanding,
});

export const outstandingPage = z.object({
  customers: z
    .array(outstandingRowDto)
    .meta({ description: 'One row per customer and item held (outstanding > 0)' }),
  ...pagingFields,
});

export const stockDto = z.object({
  productId: z.string(),
  itemKind,
  name: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  deposit: money,
  full: units.meta({ description: 'Full units at the depot' }),
  empty: units.meta({ description: 'Empties at the depot, waiting to be refilled' }),
  withCustomers: units,
  total: units,
});

export const summaryDto = z.object({
  jarsOut: units.meta({ description: 'Units of the water service with customers' }),
  cylindersOut: units.meta({ description: 'Units of the oxygen service with customers' }),
  overdueUnits: count,
  overdueCustomers: count,
  overdueDays: count,
  depositHeld: money,
});

// The returnables calls' parameters (routes.ts).

/** The most one correction moves; more is surely a typing mistake. */
const MAX_CORRECTION = 1000;
/** The most one refill or receipt moves. */
const MAX_STOCK_MOVE = 100_000;
/** The longest `minDays` filter: ten years. */
const MAX_DAYS = 3650;
/** The ledger's page: 50 entries unless asked, at most 200. */
const LEDGER_LIMIT = 200;

const customerId = requiredId('Customer id');
const productId = requiredId('Product id');

/** Form values arrive as text; blank means missing. */
const formNumber = (v: unknown) => {
  if (v === '' || v === null || v === undefined) return undefined;
  return typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v;
};

const wholeNumber = (label: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined ? `${label} is required.` : `${label} must be a number.`,
  });

/** A correction: signed, never 0, at most 1000 either way. */
const correctionQuantity = z.preprocess(
  formNumber,
  wholeNumber('Quantity')
    .int('Quantity must be a whole number.')
    .refine((q) => q !== 0, {
      error: 'Quantity must not be 0: more than 0 when the customer holds more, less when fewer.',
    })
    .refine((q) => Math.abs(q) <= MAX_CORRECTION, {
      error: `Quantity must be between -${MAX_CORRECTION} and ${MAX_CORRECTION}.`,
    }),
);

/** Units moved at the depot: more than 0. */
const stockQuantity = z.preprocess(
  formNumber,
  wholeNumber('Quantity')
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be more than 0.')
    .max(MAX_STOCK_MOVE, `Quantity must be at most ${MAX_STOCK_MOVE}.`),
);

const minDays = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{1,5}$/.test(v) && Number(v) <= MAX_DAYS), {
    error: `minDays must be a whole number of days from 0 to ${MAX_DAYS}.`,
  })
  .optional()
  .transform((v) => (v ? Number(v) : undefined));

/** By the oldest unit held: asc (default) is the most overdue first. */
const sortOrder = z
  .enum(['asc', 'desc', ''], { error: 'Sort order must be asc or desc.' })
  .optional()
  .transform((v) => (v === 'desc' ? ('desc' as const) : ('asc' as const)));

/** The outstanding list's filters, shared by the list and its export. */
const outstandingFilters = {
  search: pagingQuery.search,
  serviceId: optionalId('Service id'),
  pincode,
  minDays,
  sortOrder,
};

/** ledger: a customer's balances and a page of their entries. */
export const ledgerParams = z.object({ userId: customerId });
export const ledgerQuery = z.object({
  page: pagingQuery.page,
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, `Limit must be between 1 and ${LEDGER_LIMIT}.`)
    .max(LEDGER_LIMIT, `Limit must be between 1 and ${LEDGER_LIMIT}.`)
    .default(50),
});

export const outstandingListQuery = z.object({
  page: pagingQuery.page,
  limit: pagingQuery.limit,
  ...outstandingFilters,
});
export const outstandingExportQuery = z.object(outstandingFilters);

export const adjustBody = z.object({
  userId: customerId,
  productId,
  quantity: correctionQuantity,
  reason: requiredText('Reason', 500).min(3, 'Reason must be at least 3 characters.'),
});
export const adjustedDto = z.object({ entry: entryDto, balance: balanceDto });

export const stockList = z.object({ stock: z.array(stockDto) });
export const oneStock = z.object({ stock: stockDto });
export const stockMoveBody = z.object({ productId, quantity: stockQuantity });
