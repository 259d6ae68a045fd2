import { z } from 'zod';
import { RETURN_STATUSES } from '@shared/statuses';
import { count, nullableTimestamp, timestamp } from '../../lib/responses';
import { orderStatus } from '../orders/schemas';

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
