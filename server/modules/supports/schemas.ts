import { z } from 'zod';
import { SUPPORT_STATUSES } from '@shared/statuses';
import { SUPPORT_TYPES } from '@shared/support';
import { count, pagingFields, timestamp } from '../../lib/responses';

/**
 * A row of the Help list (toSupportSummaryDto): one customer with tickets, the counts kept by
 * trigger and the time of the latest ticket.
 */
export const supportSummaryDto = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  supportCount: count,
  unresolvedCount: count,
  lastTicketAt: timestamp,
});

/** One page of the Help list. */
export const supportSummaryPage = z.object({
  supports: z.array(supportSummaryDto),
  ...pagingFields,
});

/** An admin's answer to a ticket; `by` (an addition) is null for a reply without an admin. */
const supportReplyDto = z.object({
  _id: z.string(),
  message: z.string(),
  date: timestamp,
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
});

/**
 * The spec's ticket (toTicketDto): `supportType` is the code (index of SUPPORT_TYPES) and
 * `supportTypeName` its name ('Other' for a code outside the list), `userId` the customer
 * object, `reply` the answers oldest first.
 */
export const ticketDto = z.object({
  _id: z.string(),
  supportType: count,
  supportTypeName: z.enum([...SUPPORT_TYPES, 'Other']),
  userId: z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
  }),
  status: z.enum(SUPPORT_STATUSES),
  description: z.string(),
  createdAt: timestamp,
  reply: z.array(supportReplyDto),
});
