import { z } from 'zod';
import { SUPPORT_STATUSES } from '@shared/statuses';
import { SUPPORT_TYPES } from '@shared/support';
import { count, pagingFields, timestamp } from '../../lib/responses';
import { answers } from '../../lib/responses';
import { pagingQuery, plainText, requiredId, exportQuery } from '../../lib/validation';
import { day, withDays } from '../orders/filters';
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
    phone: z.string().meta({ description: "Addition (issue 37): the customer's phone." }),
  }),
  status: z.enum(SUPPORT_STATUSES),
  description: z.string(),
  createdAt: timestamp,
  lastReplyAt: timestamp
    .nullable()
    .meta({ description: 'Addition (issue 37): when the latest reply was written; null: none.' }),
  lastReplyBy: z
    .string()
    .nullable()
    .meta({ description: 'Addition (issue 37): who wrote the latest reply.' }),
  orders: z.array(z.object({ _id: z.string(), orderId: z.string() })).meta({
    description: 'Addition (issue 37): the orders the description names by order id.',
  }),
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

/** Optional text of an admin's reply, as make-resolve checks it. */
const replyText = plainText('The reply')
  .trim()
  .max(2000, 'The reply must be at most 2000 characters.');

/** POST support/reopen-support (addition, issue 37): its body. */
export const reopenSupportBody = z.object({
  supportId: ticketId,
  reply: replyText.optional().transform((v) => v || undefined),
});

/** A type filter: a code of SUPPORT_TYPES; blank is every type. */
const ticketType = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d$/.test(v) && Number(v) < SUPPORT_TYPES.length), {
    error: `Type must be a number from 0 to ${SUPPORT_TYPES.length - 1}.`,
  })
  .optional()
  .transform((v) => (v ? Number(v) : undefined));

const ticketListFilters = {
  search: pagingQuery.search,
  status: ticketStatusFilter.transform((v) => v || undefined),
  type: ticketType,
  from: day('From'),
  to: day('To'),
};

/** GET support/tickets (addition, issue 37): its query. */
export const ticketListQuery = withDays(
  z.object({ page: pagingQuery.page, limit: pagingQuery.limit, ...ticketListFilters }),
);

/** GET support/export-tickets (addition, issue 37): its query. */
export const exportTicketsQuery = withDays(z.object(ticketListFilters));

/** A row of the ticket list (toTicketRowDto). */
export const ticketRowDto = z.object({
  _id: z.string(),
  supportType: count,
  supportTypeName: z.enum([...SUPPORT_TYPES, 'Other']),
  status: z.enum(SUPPORT_STATUSES),
  description: z.string(),
  createdAt: timestamp,
  lastReplyAt: timestamp.nullable(),
  lastReplyBy: z.string().nullable(),
  customer: z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
});

/** GET support/tickets: its answer. */
export const ticketListAnswer = answers(
  z.object({
    tickets: z.array(ticketRowDto),
    ...pagingFields,
    capped: z.boolean().meta({
      description: 'The filtered total stopped at 1,000 tickets: there are more.',
    }),
  }),
);
