import { z } from 'zod';
import { count, pagingFields, timestamp } from '../../lib/responses';
import { lineText, pagingQuery, requiredId } from '../../lib/validation';

// The statement calls' parameters and answers (statementRoutes.ts), as docs/api.md lists them.

/**
 * A month as sent, `2026-11`. Whether it has begun is the handler's (it needs today's date), so
 * the message here only says how to write one.
 */
export const monthText = lineText('Month', 'Month is required, such as 2026-11.')
  .trim()
  .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v), {
    error: 'Month must be a year and month such as 2026-11.',
  });

export const statementParams = z.object({ userId: requiredId('User id') });
export const monthQuery = z.object({ month: monthText });

/** GET account/get-statements: a month's numbered statements, bounded to 100 a page. */
export const statementListQuery = z.object({
  month: monthText,
  page: pagingQuery.page,
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be between 1 and 100.')
    .max(100, 'Limit must be between 1 and 100.')
    .default(10),
  search: pagingQuery.search,
});
export type StatementListQuery = z.infer<typeof statementListQuery>;

export const statementDto = z.object({
  _id: z.string(),
  number: z.string(),
  month: z.string(),
  userId: z.string(),
  customer: z.object({ name: z.string(), phone: z.string() }),
  billingMode: z.string(),
  /** Rupees; a balance below zero is owed. */
  opening: z.number(),
  debits: z.number(),
  credits: z.number(),
  closing: z.number(),
  madeAt: timestamp,
});
export type StatementDto = z.infer<typeof statementDto>;

export const statementPage = z.object({
  statements: z.array(statementDto),
  month: z.string(),
  ...pagingFields,
  totalRecords: count,
});
