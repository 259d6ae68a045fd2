import { z } from 'zod';
import { isPinCode } from '@shared/pincode';
import { indiaDay } from '@shared/time';
import type { RiderShift, RunShift } from '../../db/schema';
import { count, money, pagingFields, recordStatus, timestamp } from '../../lib/responses';
import {
  isCalendarDay,
  optionalText,
  pagingQuery,
  requiredId,
  requiredText,
} from '../../lib/validation';
import { pincode } from '../orders/filters';
import { orderDto } from '../orders/schemas';
import { stopDto } from '../riderApp/schemas';
import { rupees, SUMMARY_RIDERS } from './cash';
import { RIDER_SORTS, RUN_BOUND, type RiderSort } from './repository';

export const DAY_MESSAGE = 'Date must be a day as YYYY-MM-DD.';

export const RUN_SHIFTS = ['Morning', 'Evening'] as const satisfies readonly RunShift[];

/** A day in the query, `2026-11-24`; blank or missing: today in India. */
export const dayQuery = z
  .string()
  .trim()
  .refine((v) => v === '' || isCalendarDay(v), { error: DAY_MESSAGE })
  .optional()
  .transform((v) => v || indiaDay(new Date()));

/** A round in the query; blank or missing: both rounds of the day. */
export const shiftQuery = z
  .enum([...RUN_SHIFTS, ''], { error: `Shift must be one of: ${RUN_SHIFTS.join(', ')}.` })
  .optional()
  .transform((v) => (v ? (v as RunShift) : undefined));

/** Which run: a rider's day and round (rider/run and the run sheet). */
export const runQuery = z.object({ date: dayQuery, shift: shiftQuery });

export const RIDER_SHIFTS = ['Morning', 'Evening', 'Both'] as const satisfies readonly RiderShift[];
const PHONE_MESSAGE =
  'Phone must be an Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (e.g. 98450 00101).';
/** The most pin codes a rider serves, and the most `prefer` takes. */
const MAX_PINCODES = 50;
/** The most cash one hand-in records: ₹10,00,000. */
const MAX_CASH = 1_000_000;

export const riderId = requiredId('Rider id');

/** A day in a body: required. */
export const dayField = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Date is required.' : DAY_MESSAGE),
  })
  .trim()
  .min(1, 'Date is required.')
  .refine(isCalendarDay, { error: DAY_MESSAGE });

/**
 * A rider's pin codes: a list (or, from a form, text separated by commas) of 1 to 50 six-digit
 * pin codes; the same one twice counts once; kept sorted.
 */
const riderPincodes = z.preprocess(
  (v) => {
    const list = typeof v === 'string' ? v.split(',') : v;
    return Array.isArray(list)
      ? list
          .map((p: unknown) => (typeof p === 'number' ? String(p) : p))
          .map((p: unknown) => (typeof p === 'string' ? p.trim() : p))
          .filter((p: unknown) => p !== '')
      : list;
  },
  z
    .array(z.string({ error: 'Each pin code must be 6 digits.' }), {
      error: (issue) =>
        issue.input === undefined
          ? 'Choose the pin codes the rider serves.'
          : 'Pin codes must be a list of 6-digit pin codes.',
    })
    .superRefine((pins, ctx) => {
      const bad = pins.find((p) => !isPinCode(p));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `Pin code ${JSON.stringify(bad).slice(1, -1)} must be 6 digits.`,
        });
      }
    })
    .transform((pins) => [...new Set(pins)].sort())
    .refine((pins) => pins.length >= 1, { error: 'Choose at least one pin code the rider serves.' })
    .refine((pins) => pins.length <= MAX_PINCODES, {
      error: `A rider can serve at most ${MAX_PINCODES} pin codes.`,
    }),
);

/**
 * An Indian mobile number, stored as its 10 digits: `+91`, `91` or `0` before it, and spaces or
 * dashes between the groups, are accepted and dropped.
 */
const riderPhone = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ error: 'Phone is required.' })
    .trim()
    .min(1, 'Phone is required.')
    .max(30, 'Phone must be at most 30 characters.')
    .transform((v, ctx) => {
      const m = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(v.replace(/[\s-]/g, ''));
      if (!m) {
        ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
        return z.NEVER;
      }
      return m[1]!;
    }),
);

export const riderFields = {
  name: requiredText('Name', 80).min(2, 'Name must be at least 2 characters.'),
  phone: riderPhone,
  vehicle: optionalText('Vehicle', 60),
  pincodes: riderPincodes,
  shift: z.enum(RIDER_SHIFTS, { error: `Shift must be one of: ${RIDER_SHIFTS.join(', ')}.` }),
  status: z
    .enum(['Active', 'Inactive'], { error: 'Status must be Active or Inactive.' })
    .optional(),
};

/**
 * A cash amount in rupees: more than 0, at most ₹10,00,000, at most two decimals (paise); a
 * number, or text as a form sends it (`1,250.50` too). Kept as exact decimal text.
 */
export const cashAmount = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'Amount is required.'
        : 'Amount must be a number.',
  })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim().replace(/,/g, '');
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (text === '') return fail('Amount is required.');
    if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(Number(text))) {
      return fail('Amount must be a number.');
    }
    const n = Number(text);
    if (n <= 0) return fail('Amount must be more than 0.');
    if (n > MAX_CASH) return fail(`Amount must be at most ${rupees(MAX_CASH)}.`);
    if (!/^\d+(\.\d{1,2})?$/.test(text)) {
      return fail('Amount must be in rupees with at most 2 decimals (paise).');
    }
    return n.toFixed(2);
  });

/**
 * `prefer`: pin codes separated by commas (or the parameter repeated), at most 50; the riders
 * serving any of them come first.
 */
export const preferQuery = z
  .preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    z
      .string({ error: 'Prefer must be 6-digit pin codes separated by commas.' })
      .max(1000, `Prefer takes at most ${MAX_PINCODES} pin codes.`)
      .optional(),
  )
  .transform((v, ctx) => {
    const pins = [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ];
    if (pins.some((p) => !isPinCode(p))) {
      ctx.addIssue({
        code: 'custom',
        message: 'Prefer must be 6-digit pin codes separated by commas.',
      });
      return z.NEVER;
    }
    if (pins.length > MAX_PINCODES) {
      ctx.addIssue({ code: 'custom', message: `Prefer takes at most ${MAX_PINCODES} pin codes.` });
      return z.NEVER;
    }
    return pins.length ? pins : undefined;
  });

const SORT_KEYS = Object.keys(RIDER_SORTS) as [RiderSort, ...RiderSort[]];

export const riderDto = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  vehicle: z.string(),
  pincodes: z.array(z.string()),
  shift: z.enum(RIDER_SHIFTS),
  status: recordStatus,
  jobs: count.meta({
    description: 'Jobs given to the rider for the day asked (default today), any status',
  }),
  openJobs: count.meta({
    description: 'Jobs given to the rider still Pending or Out for Delivery, any day',
  }),
  serves: z
    .boolean()
    .optional()
    .meta({ description: 'Only with `prefer`: whether the rider serves any of those pin codes' }),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export const oneRider = z.object({ rider: riderDto });

export const settlementDto = z.object({
  _id: z.string(),
  amount: money,
  settledByName: z.string().nullable(),
  settledAt: timestamp,
});

export const riderCashDto = z.object({
  riderId: z
    .string()
    .nullable()
    .meta({ description: 'null for cash handed in by a rider deleted since' }),
  name: z.string(),
  deliveredCod: count,
  expected: money,
  handedIn: money,
  difference: money,
  settlements: z.array(settlementDto),
});

export const cashTotals = z.object({ expected: money, handedIn: money, difference: money });

/** A rider's id in the path. */
export const riderIdParams = z.object({ id: riderId });
export const runParams = z.object({ riderId });

/** A day in the query alone (today in India when left out). */
export const dayOnlyQuery = z.object({ date: dayQuery });

export const createRiderBody = z.object(riderFields);
export const editRiderBody = z.object({ riderId, ...riderFields });

/** get-riders: a page of riders, searched, filtered by status or pin code, those serving `prefer` first. */
export const riderListQuery = z.object({
  ...pagingQuery,
  status: z
    .enum(['Active', 'Inactive', 'All', ''], {
      error: 'Status must be Active or Inactive.',
    })
    .optional()
    .transform((v) => (v === 'Active' || v === 'Inactive' ? v : undefined)),
  sort: z
    .enum(SORT_KEYS, { error: `Sort must be one of: ${SORT_KEYS.join(', ')}.` })
    .default('name'),
  pincode,
  prefer: preferQuery,
  date: dayQuery,
});

export const riderPage = z.object({ riders: z.array(riderDto), ...pagingFields });

/** rider/run: the rider with the jobs of a day (and round). */
export const riderRun = z.object({
  rider: riderDto,
  jobs: z.array(orderDto.extend({ doorOutcome: stopDto.shape.outcome })).meta({
    description: `The rider's jobs of the day (and round), emergencies first, then pin code, then oldest first; at most ${RUN_BOUND}`,
  }),
  totalRecords: count,
});

/** rider/cash: each rider's cash of a day with its hand-ins. */
export const dayCashDto = z.object({
  date: z.iso.date(),
  riders: z.array(riderCashDto),
  totals: cashTotals,
});

export const settleCashBody = z.object({ riderId, date: dayField, amount: cashAmount });

/** rider/settle-cash: the hand-in recorded and the rider's cash of that day after it. */
export const cashSettledDto = z.object({
  settlement: settlementDto,
  expected: money,
  handedIn: money,
  difference: money,
});

/** rider/dispatch-summary. */
export const dispatchSummaryDto = z.object({
  date: z.iso.date(),
  unassignedJobs: count.meta({
    description: 'Open jobs (Pending, Out for Delivery) with no rider, every service and day',
  }),
  ridersActive: count,
  riders: z
    .array(
      z.object({
        _id: z.string(),
        name: z.string(),
        jobs: count,
        delivered: count,
        open: count,
      }),
    )
    .meta({
      description: `Riders with jobs that day, most jobs first, at most ${SUMMARY_RIDERS}`,
    }),
  cashNotHandedIn: money,
});
