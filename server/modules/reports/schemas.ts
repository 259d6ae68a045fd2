import { z } from 'zod';
import { money } from '../../lib/responses';
import { daysInRange, requiredDay } from '../../lib/validation';
import { DAY_RANGE_MESSAGE } from '../orders/filters';
import { calendarDay } from '../orders/schemas';

// The reports' parameters and answers (routes.ts), as docs/api.md "Reports" lists them.

/** The most days a report or the sales register covers, both ends included: a leap year. */
export const MOST_REPORT_DAYS = 366;

export const PERIOD_GROUPS = ['day', 'week', 'month'] as const;
export const KEY_GROUPS = ['service', 'pincode', 'rider'] as const;
export const SALES_GROUPS = [...PERIOD_GROUPS, ...KEY_GROUPS] as const;
export type PeriodGroup = (typeof PERIOD_GROUPS)[number];
export type KeyGroup = (typeof KEY_GROUPS)[number];
export type SalesGroup = (typeof SALES_GROUPS)[number];

export const isPeriodGroup = (g: SalesGroup): g is PeriodGroup =>
  (PERIOD_GROUPS as readonly string[]).includes(g);

const TOO_LONG = `A report covers at most ${MOST_REPORT_DAYS} days (a year). Choose a shorter range.`;

const days = { from: requiredDay('From'), to: requiredDay('To') };
const inOrder = (q: { from: string; to: string }) => q.from <= q.to;
/** Not past a year (a range out of order is refused for that alone). */
const withinAYear = (q: { from: string; to: string }) =>
  q.from > q.to || daysInRange(q.from, q.to) <= MOST_REPORT_DAYS;

/** GET report/sales?from=&to=&groupBy= and its CSV, report/export-sales. */
export const salesQuery = z
  .object({
    ...days,
    groupBy: z
      .enum(SALES_GROUPS, {
        error: 'groupBy must be one of day, week, month, service, pincode or rider.',
      })
      .default('day'),
  })
  .refine(inOrder, { error: DAY_RANGE_MESSAGE })
  .refine(withinAYear, { error: TOO_LONG });
export type SalesQuery = z.infer<typeof salesQuery>;

/** GET report/export-sales-register?from=&to=. */
export const registerQuery = z
  .object(days)
  .refine(inOrder, { error: DAY_RANGE_MESSAGE })
  .refine(withinAYear, { error: TOO_LONG });

const figures = {
  /** Invoices issued. */
  invoices: z.number().int(),
  /** Credit notes issued, less debit notes. */
  creditNotes: z.number().int(),
  /** Rupees: invoices' taxable value less credit notes' plus debit notes'. */
  taxable: money,
  tax: money,
  /** Taxable value plus tax. */
  amount: money,
};

/**
 * One row of a sales report: a period (`key` its first day in the range, `start`..`end` the days
 * of the range it holds; `collections` the money received in it) or a service, pin code or rider
 * (`key` the category id, the pin code, or the rider's id, '' for none).
 */
export const salesRowDto = z.object({
  key: z.string(),
  label: z.string(),
  start: calendarDay.optional(),
  end: calendarDay.optional(),
  ...figures,
  collections: money.optional(),
});
export type SalesRow = z.infer<typeof salesRowDto>;

export const salesReportDto = z.object({
  from: calendarDay,
  to: calendarDay,
  groupBy: z.enum(SALES_GROUPS),
  rows: z.array(salesRowDto),
  /** The rows summed; `collections` the money received over the whole range. */
  totals: z.object({ ...figures, collections: money }),
});
export type SalesReport = z.infer<typeof salesReportDto>;
