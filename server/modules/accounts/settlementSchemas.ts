import { z } from 'zod';
import { count, money, pagingFields, timestamp } from '../../lib/responses';
import { optionalId, pagingQuery, requiredId } from '../../lib/validation';
import { ASSIGNABLE_METHODS } from './settlementRepository';

// The settlement calls' parameters and answers (settlementRoutes.ts), as docs/api.md lists them.

export const SETTLEMENT_STATUSES = ['unmatched', 'matched', 'assigned'] as const;

/** multipart: the CSV in the field `file` (attachFieldsToBody turns it into a Buffer). */
export const importBody = z.object({
  file: z.instanceof(Buffer, { error: 'Please choose the settlement file (CSV) to import.' }),
});

export const importsQuery = z.object({
  page: pagingQuery.page,
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be between 1 and 100.')
    .max(100, 'Limit must be between 1 and 100.')
    .default(10),
});

export const linesQuery = importsQuery.extend({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(SETTLEMENT_STATUSES, {
        error: `Status must be one of: ${SETTLEMENT_STATUSES.join(', ')}.`,
      })
      .optional(),
  ),
  importId: optionalId('Import ID'),
});

export const assignBody = z.object({
  lineId: requiredId('Line ID'),
  userId: requiredId('User ID'),
  method: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .enum(ASSIGNABLE_METHODS, {
        error: `Method must be one of: ${ASSIGNABLE_METHODS.join(', ')}.`,
      })
      .optional(),
  ),
});

const day = z.string();
const shownLine = {
  lineNo: count,
  day,
  reference: z.string(),
  amount: money,
  payer: z.string().nullable(),
};

const matchedLine = z.object({
  ...shownLine,
  userId: z.string(),
  customerName: z.string(),
  entryId: z.number().int(),
});

const unmatchedLine = z.object({ id: z.string(), ...shownLine, note: z.string().nullable() });

export const importAnswer = z.object({
  importId: z.string(),
  fileName: z.string(),
  at: timestamp,
  lines: count,
  matched: z.array(matchedLine),
  unmatched: z.array(unmatchedLine),
  alreadyImported: count,
  fileAlreadyImported: z.boolean(),
});

const importDto = z.object({
  _id: z.string(),
  at: timestamp,
  fileName: z.string(),
  lines: count,
  matched: count,
  unmatched: count,
  alreadyImported: count,
  adminName: z.string().nullable(),
});

export const importsPageAnswer = z.object({ imports: z.array(importDto), ...pagingFields });

export const lineDto = z.object({
  _id: z.string(),
  importId: z.string(),
  fileName: z.string(),
  ...shownLine,
  status: z.enum(SETTLEMENT_STATUSES),
  note: z.string().nullable(),
  entryId: z.number().int().nullable(),
  userId: z.string().nullable(),
  customerName: z.string().nullable(),
});

export const linesPageAnswer = z.object({ lines: z.array(lineDto), ...pagingFields });

export const assignAnswer = z.object({
  line: lineDto,
  entry: z.object({
    _id: z.number().int(),
    kind: z.enum(['payment', 'topup']),
    amount: money,
    method: z.enum(ASSIGNABLE_METHODS),
    balanceAfter: money,
    at: timestamp,
  }),
});
