import { z } from 'zod';
import { daysInRange, requiredDay, requiredId } from '../../lib/validation';
import { DAY_RANGE_MESSAGE } from '../orders/filters';

/** The most days one download of order/invoices covers. */
export const MOST_INVOICE_DAYS = 31;

/** order/invoice/{orderId}. */
export const invoiceParams = z.object({ orderId: requiredId('Order id') });

/** order/invoices?from=&to=: at most MOST_INVOICE_DAYS days, both included. */
export const rangeQuery = z
  .object({ from: requiredDay('From'), to: requiredDay('To') })
  .refine((q) => q.from <= q.to, { error: DAY_RANGE_MESSAGE })
  .refine((q) => daysInRange(q.from, q.to) <= MOST_INVOICE_DAYS, {
    error: `A download covers at most ${MOST_INVOICE_DAYS} days. Choose a shorter range.`,
  });
