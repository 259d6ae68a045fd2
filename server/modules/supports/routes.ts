import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_BATCH, csvAnswer, sendCsv, type CsvColumn } from '../../lib/csv';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import { answers } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import {
  createSupportRepository,
  toSupportSummaryDto,
  type SupportSort,
  type SupportSummaryRow,
} from './repository';
import {
  exportSupportsQuery,
  getAllSupportsForUserAnswer,
  getAllSupportsForUserQuery,
  getAllSupportsQuery,
  getSupportAnswer,
  getSupportParams,
  HelpStatus,
  makeResolveAnswer,
  makeResolveBody,
  supportSummaryPage,
} from './schemas';

const TICKET_NOT_FOUND = 'This ticket does not exist.';

/** The Help list's filter and order from its query (no sort: the newest ticket first). */
const helpQuery = (q: {
  status?: HelpStatus;
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
        querystring: getAllSupportsQuery,
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
        querystring: exportSupportsQuery,
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
        querystring: getAllSupportsForUserQuery,
        response: getAllSupportsForUserAnswer,
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
        params: getSupportParams,
        response: getSupportAnswer,
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
        body: makeResolveBody,
        // The ticket as it now is; absent only if it was deleted in the meantime.
        response: makeResolveAnswer,
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
