import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUPPORT_STATUSES } from '@shared/statuses';
import { CSV_BATCH, csvAnswer, sendCsv, type CsvColumn } from '../../lib/csv';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import { answers } from '../../lib/responses';
import {
  pagingQuery,
  pagingResult,
  plainText,
  requiredId,
  exportQuery,
} from '../../lib/validation';
import {
  createSupportRepository,
  SUPPORT_SORTS,
  toSupportSummaryDto,
  type SupportSort,
  type SupportSummaryRow,
} from './repository';
import { supportSummaryPage, ticketDto } from './schemas';

const TICKET_NOT_FOUND = 'This ticket does not exist.';

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

/** The Help list's filter and order from its query (no sort: the newest ticket first). */
const helpQuery = (q: {
  status?: z.infer<typeof helpStatus>;
  search?: string;
  sort?: SupportSort;
  sortOrder: 'asc' | 'desc';
}) => ({
  status: q.status === 'unresolved' || q.status === 'resolved' ? q.status : undefined,
  search: q.search || undefined,
  sort: q.sort ?? ('lastTicketAt' as const),
  order: q.sort ? q.sortOrder : ('desc' as const),
});

/** The columns of the Help list's export: one customer with tickets a row. */
const SUPPORT_CSV_COLUMNS: CsvColumn<SupportSummaryRow>[] = [
  { header: 'Family ID', cell: (r) => r.customer.id },
  { header: 'Customer', cell: (r) => `${r.customer.firstName} ${r.customer.lastName}`.trim() },
  { header: 'Email', cell: (r) => r.customer.email },
  { header: 'Tickets', cell: (r) => r.summary.ticketCount },
  { header: 'Unresolved', cell: (r) => r.summary.unresolvedCount },
  { header: 'Last ticket (IST)', cell: (r) => r.summary.lastTicketAt },
];

/** Support calls (spec 001 §7): every answer, errors included, spells the code `statuscode`. */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createSupportRepository(app.db);
  const config = { access: 'supports', envelope: 'statuscode' } as const;

  app.get(
    '/get-all-supports',
    {
      config,
      schema: {
        querystring: z.object({ ...pagingQuery, status: helpStatus, sort: supportSort }),
        response: answers(supportSummaryPage),
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await repo.listCustomers({
        ...helpQuery(q),
        page: q.page,
        limit: q.limit,
      });
      return ok('Supports', {
        supports: rows.map(toSupportSummaryDto),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );

  // Addition: the Help list as CSV, with get-all-supports' parameters but no paging.
  app.get(
    '/export-supports',
    {
      config,
      schema: {
        querystring: z.object({
          ...exportQuery,
          status: helpStatus,
          sort: supportSort,
        }),
        response: csvAnswer(
          'supports',
          'Every customer with tickets of the Help list, with its status, search and sort',
        ),
      },
    },
    async (request, reply) =>
      sendCsv(request, reply, {
        name: 'supports',
        columns: SUPPORT_CSV_COLUMNS,
        batches: repo.exportCustomers(helpQuery(request.query), CSV_BATCH),
      }),
  );

  app.get(
    '/get-all-supports-for-user',
    {
      config,
      schema: {
        querystring: z.object({
          userId: requiredId('User id'),
          status: ticketStatusFilter,
        }),
        response: answers(z.object({ supports: z.array(ticketDto) })),
      },
    },
    async (request) => {
      const { userId, status } = request.query;
      if (!(await repo.customerExists(userId))) throw notFound('This user does not exist.');
      const supports = await repo.ticketsOf(userId, status || undefined);
      return ok('Supports', { supports });
    },
  );

  // Addition: one ticket by id, so a reloaded ticket screen can fill itself.
  app.get(
    '/get-support/:id',
    {
      config,
      schema: {
        params: z.object({ id: ticketId }),
        response: answers(z.object({ support: ticketDto })),
      },
    },
    async (request) => {
      const support = await repo.findTicket(request.params.id);
      if (!support) throw notFound(TICKET_NOT_FOUND);
      return ok('Support', { support });
    },
  );

  app.post(
    '/make-resolve',
    {
      config,
      schema: {
        // In the order the reply form checks them: status first, then the reply.
        body: z.object({
          supportId: ticketId,
          status: z.enum(['resolved', 'unresolved'], { error: 'Please select status.' }),
          reply: plainText('The reply', 'Please enter reply.')
            .trim()
            .min(1, 'Please enter reply.')
            .max(2000, 'The reply must be at most 2000 characters.'),
        }),
        // The ticket as it now is; absent only if it was deleted in the meantime.
        response: answers(z.object({ support: ticketDto.optional() })),
      },
    },
    async (request) => {
      const { supportId, status, reply } = request.body;
      if (!request.admin) throw unauthorized();
      const outcome = await repo.reply(supportId, {
        message: reply,
        status,
        adminId: request.admin.id,
        adminName: request.admin.name,
      });
      if (outcome === 'missing') throw notFound(TICKET_NOT_FOUND);
      if (outcome === 'alreadyResolved') throw conflict('This ticket is already resolved.');
      const support = await repo.findTicket(supportId);
      return ok('Reply sent.', { support });
    },
  );
};

export default supportRoutes;
