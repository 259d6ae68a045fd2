import { z } from 'zod';
import { count, money, pagingFields, timestamp } from '../../lib/responses';
import { daysInRange, pagingQuery, requiredDay } from '../../lib/validation';
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

/** The most days report/emergencies covers, both ends included: a quarter. */
export const MOST_EMERGENCY_DAYS = 92;

const EMERGENCY_TOO_LONG = `The emergencies report covers at most ${MOST_EMERGENCY_DAYS} days (a quarter). Choose a shorter range.`;
const withinAQuarter = (q: { from: string; to: string }) =>
  q.from > q.to || daysInRange(q.from, q.to) <= MOST_EMERGENCY_DAYS;

/** GET report/export-emergencies?from=&to=. */
export const emergencyExportQuery = z
  .object(days)
  .refine(inOrder, { error: DAY_RANGE_MESSAGE })
  .refine(withinAQuarter, { error: EMERGENCY_TOO_LONG });

/** GET report/emergencies?from=&to=&page=&limit=: the range and a page of its emergencies. */
export const emergencyQuery = z
  .object({ ...days, page: pagingQuery.page, limit: pagingQuery.limit })
  .refine(inOrder, { error: DAY_RANGE_MESSAGE })
  .refine(withinAQuarter, { error: EMERGENCY_TOO_LONG });

export const EMERGENCY_STATES = ['delivered', 'open', 'cancelled'] as const;
export type EmergencyState = (typeof EMERGENCY_STATES)[number];

/** One emergency order of the range. */
export const emergencyRowDto = z.object({
  _id: z.string(),
  orderId: z.string(),
  customer: z.object({ _id: z.string(), name: z.string(), phone: z.string() }),
  serviceName: z.string(),
  pincode: z.string(),
  rider: z.object({ _id: z.string(), name: z.string() }).nullable(),
  status: z.string(),
  /** delivered, open (Pending, Out for Delivery) or cancelled. */
  state: z.enum(EMERGENCY_STATES),
  placedAt: timestamp,
  /** Its last Delivered step; null unless delivered. */
  deliveredAt: timestamp.nullable(),
  /**
   * Whole minutes from placed to delivered; for an open one, from placed to now; null when
   * cancelled (or delivered with no Delivered step on record).
   */
  minutes: count.nullable(),
  /** Delivered, or still open, `alertAfterMinutes` or more after it was placed. */
  breached: z.boolean(),
});
/** As the repository gives it: the times are Dates until the answer is written. */
export type EmergencyRow = Omit<z.infer<typeof emergencyRowDto>, 'placedAt' | 'deliveredAt'> & {
  placedAt: Date;
  deliveredAt: Date | null;
};

/** The figures of the whole range, a pin code or a rider. */
const emergencyFigures = {
  emergencies: count,
  delivered: count,
  open: count,
  cancelled: count,
  breached: count,
  /** Of the delivered ones' minutes to delivery; null when none was delivered. */
  medianMinutes: count.nullable(),
  worstMinutes: count.nullable(),
};
export type EmergencyFigures = {
  [K in keyof typeof emergencyFigures]: z.infer<(typeof emergencyFigures)[K]>;
};

/** A pin code's or a rider's figures (`key` the pin code, or the rider's id, '' for none). */
export const emergencyGroupDto = z.object({
  key: z.string(),
  label: z.string(),
  ...emergencyFigures,
});
export type EmergencyGroup = z.infer<typeof emergencyGroupDto>;

export const emergencyReportDto = z.object({
  from: calendarDay,
  to: calendarDay,
  /** The setting the breaches were counted by (delivery-time's emergencyAlertMinutes). */
  alertAfterMinutes: count,
  emergencies: z.array(emergencyRowDto),
  ...pagingFields,
  totals: z.object(emergencyFigures),
  byPincode: z.array(emergencyGroupDto),
  byRider: z.array(emergencyGroupDto),
});
export type EmergencyReport = z.infer<typeof emergencyReportDto>;
