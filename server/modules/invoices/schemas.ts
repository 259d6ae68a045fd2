import { z } from 'zod';
import { isCalendarDay, requiredId } from '../../lib/validation';
import { DAY_RANGE_MESSAGE } from '../orders/filters';

/** The most days one download of order/invoices covers. */
export const MOST_INVOICE_DAYS = 31;

/** order/invoice/{orderId}. */
export const invoiceParams = z.object({ orderId: requiredId('Order id') });

/** A required day of the query, `2026-11-24`. */
const requiredDay = (label: string) =>
  z
    .string({ error: `${label} is required: a date such as 2026-11-24.` })
    .trim()
    .refine(isCalendarDay, { error: `${label} must be a date such as 2026-11-24.` });

/** Whole days from `from` to `to`, both included. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** order/invoices?from=&to=: at most MOST_INVOICE_DAYS days, both included. */
export const rangeQuery = z
  .object({ from: requiredDay('From'), to: requiredDay('To') })
  .refine((q) => q.from <= q.to, { error: DAY_RANGE_MESSAGE })
  .refine((q) => daysBetween(q.from, q.to) <= MOST_INVOICE_DAYS, {
    error: `A download covers at most ${MOST_INVOICE_DAYS} days. Choose a shorter range.`,
  });
