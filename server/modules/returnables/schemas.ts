import { z } from 'zod';
import { LEDGER_KINDS } from '../../db/schema';
import { count, money, nullableTimestamp, pagingFields, timestamp } from '../../lib/responses';

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
