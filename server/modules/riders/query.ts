import { z } from 'zod';
import type { RunShift } from '../../db/schema';
import { indiaDay } from '@shared/time';
import { isCalendarDay } from '../../lib/validation';

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
