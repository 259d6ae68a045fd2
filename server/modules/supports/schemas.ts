import { z } from 'zod';
import { SUPPORT_STATUSES } from '@shared/statuses';
import { SUPPORT_TYPES } from '@shared/support';
import { count, pagingFields, timestamp } from '../../lib/responses';
import { answers } from '../../lib/responses';
import { pagingQuery, plainText, requiredId, exportQuery } from '../../lib/validation';
import { SUPPORT_SORTS, type SupportSort } from './repository';

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

const ticketId = requiredId('Ticket id');

/** Empty: every ticket of the user. */
const ticketStatusFilter = z
  .enum([...SUPPORT_STATUSES, ''], { error: 'Status must be unresolved or resolved.' })
  .optional();

/** The spec's client sends Active: every customer with tickets. */
const helpStatus = z
  .enum(['Active', ...SUPPORT_STATUSES, ''], {
    error: 'Status must be Active, unresolved or resolved.',
  })
  .optional();

const supportSort = z
  .enum(Object.keys(SUPPORT_SORTS) as [SupportSort], {
    error: `Sort must be one of: ${Object.keys(SUPPORT_SORTS).join(', ')}.`,
  })
  .optional();

/** A Help list status filter. */
export type HelpStatus = z.infer<typeof helpStatus>;

/** GET support/get-all-supports: its query. */
export const getAllSupportsQuery = z.object({
  ...pagingQuery,
  status: helpStatus,
  sort: supportSort,
});

/** GET support/export-supports: its query. */
export const exportSupportsQuery = z.object({
  ...exportQuery,
  status: helpStatus,
  sort: supportSort,
});

/** GET support/get-all-supports-for-user: its query. */
export const getAllSupportsForUserQuery = z.object({
  userId: requiredId('User id'),
  status: ticketStatusFilter,
});

/** GET support/get-all-supports-for-user: its answer. */
export const getAllSupportsForUserAnswer = answers(z.object({ supports: z.array(ticketDto) }));

/** GET support/get-support/:id: its path parameters. */
export const getSupportParams = z.object({ id: ticketId });

/** GET support/get-support/:id: its answer. */
export const getSupportAnswer = answers(z.object({ support: ticketDto }));

/** POST support/make-resolve: its body. */
export const makeResolveBody = z.object({
  supportId: ticketId,
  status: z.enum(['resolved', 'unresolved'], { error: 'Please select status.' }),
  reply: plainText('The reply', 'Please enter reply.')
    .trim()
    .min(1, 'Please enter reply.')
    .max(2000, 'The reply must be at most 2000 characters.'),
});

/** POST support/make-resolve: its answer. */
export const makeResolveAnswer = answers(z.object({ support: ticketDto.optional() }));
