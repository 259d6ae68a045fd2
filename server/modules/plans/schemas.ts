import { z } from 'zod';
import {
  answers,
  answersAtTop,
  money,
  pagingFields,
  recordStatus,
  timestamp,
} from '../../lib/responses';
import {
  nonNegativeNumber,
  optionalId,
  pagingQuery,
  requiredId,
  requiredText,
  exportQuery,
} from '../../lib/validation';
import { PLAN_SORTS } from './repository';

const planStatus = z.enum(['Active', 'Inactive', 'All', '']).optional();

const planSort = z
  .enum(Object.keys(PLAN_SORTS) as [keyof typeof PLAN_SORTS], {
    error: `Sort must be one of: ${Object.keys(PLAN_SORTS).join(', ')}.`,
  })
  .default('createdAt');

const MAX_DAYS = 3650;

const MAX_PRICE = 10_000_000;

/** Whole days, at least 1; form text ('30') is read as a number. */
const duration = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Duration is required.' : 'Duration must be a number.',
    })
    .int('Duration must be a whole number of days.')
    .min(1, 'Duration must be at least 1 day.')
    .max(MAX_DAYS, `Duration must be at most ${MAX_DAYS} days.`),
);

const price = nonNegativeNumber('Price').refine(
  (v) => v <= MAX_PRICE,
  `Price must be at most ₹${MAX_PRICE.toLocaleString('en-IN')}.`,
);

const planFields = { name: requiredText('Name', 100), duration, price };

const planId = requiredId('Plan id');

/** A tiffin plan as every call answers it (toPlanDto): `duration` in days, `price` in rupees. */
const planDto = z.object({
  _id: z.string(),
  name: z.string(),
  duration: z.number().int(),
  price: money,
  status: recordStatus,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const onePlan = z.object({ plan: planDto });

export const planCreated = answers(onePlan, 201);

/** GET plan/get-all-plans: its query. */
export const getAllPlansQuery = z.object({
  ...pagingQuery,
  status: planStatus,
  sort: planSort,
});

/** GET plan/get-all-plans: its answer. */
export const getAllPlansAnswer = answersAtTop(
  z.object({ data: z.array(planDto), ...pagingFields }),
);

/** GET plan/export-plans: its query. */
export const exportPlansQuery = z.object({
  ...exportQuery,
  status: planStatus,
  sort: planSort,
});

/** GET plan/get-plan/:id: its path parameters. */
export const getPlanParams = z.object({ id: planId });

/** POST plan/create-plan: its body. */
export const createPlanBody = z.object(planFields);

/** POST plan/update-plan: its body. */
export const updatePlanBody = z.object({ planId, ...planFields });

/** POST plan/delete-plan/:id: its path parameters. */
export const deletePlanParams = z.object({ id: planId });

/** POST plan/delete-plan/:id: its body. */
export const deletePlanBody = z.object({ bannerId: optionalId('Plan id') }).loose();
