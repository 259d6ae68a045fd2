import { z } from 'zod';
import { RETURN_STATUSES } from '@shared/statuses';
import { count, nullableTimestamp, timestamp } from '../../lib/responses';
import { orderStatus } from '../orders/schemas';
import { RETURN_DECISIONS, type ReturnStatus } from '@shared/statuses';
import { bulkIds } from '../../lib/bulk';
import { answers } from '../../lib/responses';
import { optionalText, pagingQuery, requiredId, exportQuery } from '../../lib/validation';
import { RETURN_SORTS, type ReturnSort } from './repository';

/**
 * The spec's return request record (toReturnRequestDto): `order` is a one-item list (the old
 * client reads `order[0]`), `returnInfo.orderId` repeats the order number; `approvedAt` and
 * `settledAt` are null while Pending (`approvedAt` also when rejected), `settledBy` (an
 * addition) null until an admin settles it.
 */
export const returnRequestDto = z.object({
  _id: z.string(),
  order: z
    .array(
      z.object({
        _id: z.string(),
        orderId: z.string(),
        quantity: count,
        status: orderStatus,
      }),
    )
    .length(1),
  returnInfo: z.object({ orderId: z.string() }),
  user: z.object({
    _id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  serviceId: z.string(),
  returnedQuantity: count,
  status: z.enum(RETURN_STATUSES),
  requestedAt: timestamp,
  approvedAt: nullableTimestamp,
  settledAt: nullableTimestamp,
  settledBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
});

/** The return request list: `data` and its paging beside `message` (the spec's shape). */
export const returnRequestPage = z.object({
  data: z.array(returnRequestDto),
  totalRecords: count,
  page: count,
  totalPage: count,
});

const categoryType = z.enum(['0', '1'], {
  error: 'Category type must be 0 (water) or 1 (oxygen).',
});

const returnSort = z
  .enum(Object.keys(RETURN_SORTS) as [ReturnSort], {
    error: `Sort must be one of: ${Object.keys(RETURN_SORTS).join(', ')}.`,
  })
  .optional();

const returnHistoryId = requiredId('Return request id');

/** Addition (issue 37): the item given back; get-return-request sends it, the status change does not. */
const returnItemDto = z
  .object({
    _id: z.string(),
    name: z.string(),
    litres: z.number().int().nullable().meta({ description: "A water jar's size in litres" }),
  })
  .nullable();

export const oneReturnRequest = answers(
  z.object({ returnRequest: returnRequestDto.extend({ item: returnItemDto.optional() }) }),
);

/** Blank form values mean "not sent". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The list's status filter (addition, issue 13.1); blank means every status. */
const returnStatus = z
  .enum([...RETURN_STATUSES, ''], {
    error: `Status must be one of: ${RETURN_STATUSES.join(', ')}.`,
  })
  .optional()
  .transform((v) => (v ? (v as ReturnStatus) : undefined));

/** GET return-history/get-all-return-requests: its query. */
export const getAllReturnRequestsQuery = z.object({
  categoryType,
  ...pagingQuery,
  status: returnStatus,
  sort: returnSort,
});

/** GET return-history/export-return-requests: its query. */
export const exportReturnRequestsQuery = z.object({
  categoryType,
  ...exportQuery,
  status: returnStatus,
  sort: returnSort,
});

/** GET return-history/get-return-request/:id: its path parameters. */
export const getReturnRequestParams = z.object({ id: returnHistoryId });

/** POST return-history/update-return-request-status: its body. */
export const updateReturnRequestStatusBody = z.object({
  returnHistoryId,
  status: z.enum(RETURN_DECISIONS, { error: 'Please select the status' }),
  reason: z.preprocess(blankToUndefined, optionalText('Reason', 500)),
});

/** POST return-history/bulk-update-status: its body. */
export const bulkUpdateStatusBody = z
  .object({
    returnIds: bulkIds('Return request id', 'return request'),
    status: z.enum(RETURN_DECISIONS, { error: 'Status must be Approved or Rejected.' }),
    reason: z.preprocess(blankToUndefined, optionalText('Reason', 500)).meta({
      description:
        'One reason for every request, kept on each as the single call keeps it; required ' +
        'to reject (issue 37), optional to approve. Up to 500 characters.',
    }),
  })
  // A rejection tells the customer why (issue 37): the bulk call no longer closes requests
  // without one.
  .refine((b) => b.status !== 'Rejected' || b.reason, {
    error: 'Give a reason for rejecting the return requests: one reason is kept on each.',
    path: ['reason'],
  });

/** POST return-history/bulk-update-status: its answer. */
export const bulkUpdateStatusAnswer = answers(z.object({ updated: count }));
