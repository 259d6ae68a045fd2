import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_BATCH, csvAnswer, sendCsv, type CsvColumn } from '../../lib/csv';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import { answers } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import { SUPPORT_TYPES } from '../../db/schema';
import { createTicketList, type TicketListRow } from './ticketList';
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
  exportTicketsQuery,
  reopenSupportBody,
  supportSummaryPage,
  ticketListAnswer,
  ticketListQuery,
} from './schemas';
import { readRepository } from '../../plugins/readReplica';

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

/** A row of the ticket list (GET support/tickets). */
function toTicketRowDto({ ticket: t, customer: c }: TicketListRow) {
  return {
    _id: t.id,
    supportType: t.supportType,
    supportTypeName: SUPPORT_TYPES[t.supportType] ?? ('Other' as const),
    status: t.status,
    description: t.description,
    createdAt: t.createdAt,
    lastReplyAt: t.lastReplyAt,
    lastReplyBy: t.lastReplyBy,
    customer: {
      _id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: c.phone,
    },
  };
}

/** The columns of the ticket list's export: one ticket a row. */
const TICKET_CSV_COLUMNS: CsvColumn<TicketListRow>[] = [
  { header: 'Ticket ID', cell: (r) => r.ticket.id },
  { header: 'Type', cell: (r) => SUPPORT_TYPES[r.ticket.supportType] ?? 'Other' },
  { header: 'Customer', cell: (r) => `${r.customer.firstName} ${r.customer.lastName}`.trim() },
  { header: 'Phone', cell: (r) => r.customer.phone },
  { header: 'Email', cell: (r) => r.customer.email },
  { header: 'Status', cell: (r) => r.ticket.status },
  { header: 'Raised (IST)', cell: (r) => r.ticket.createdAt },
  { header: 'Last reply (IST)', cell: (r) => r.ticket.lastReplyAt },
  { header: 'Last reply by', cell: (r) => r.ticket.lastReplyBy },
  { header: 'Description', cell: (r) => r.ticket.description },
];

/** Support calls (spec 001 §7): every answer, errors included, spells the code `statuscode`. */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createSupportRepository(app.db);
  const reads = readRepository(app, repo, createSupportRepository);
  const ticketList = readRepository(app, createTicketList(app.db), createTicketList);
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
      const { rows, total } = await reads(request).listCustomers({
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
        batches: reads(request).exportCustomers(helpQuery(request.query), CSV_BATCH),
      }),
  );

  // Addition (issue 37): one row per ticket, newest first, with search and filters.
  app.get(
    '/tickets',
    { config, schema: { querystring: ticketListQuery, response: ticketListAnswer } },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      const { rows, total, capped } = await ticketList(request).page({ ...filters, page, limit });
      return ok('Tickets', {
        tickets: rows.map(toTicketRowDto),
        ...pagingResult(total, page, limit),
        capped,
      });
    },
  );

  // Addition (issue 37): the ticket list as CSV, with its filters but no paging.
  app.get(
    '/export-tickets',
    {
      config,
      schema: {
        querystring: exportTicketsQuery,
        response: csvAnswer('tickets', 'Every ticket of the ticket list, with its filters'),
      },
    },
    async (request, reply) =>
      sendCsv(request, reply, {
        name: 'tickets',
        columns: TICKET_CSV_COLUMNS,
        batches: ticketList(request).batches(request.query, CSV_BATCH),
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
      if (!(await reads(request).customerExists(userId)))
        throw notFound('This user does not exist.');
      const supports = await reads(request).ticketsOf(userId, status || undefined);
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

  // Addition (issue 37): a resolved ticket back to unresolved, with an optional reply.
  app.post(
    '/reopen-support',
    { config, schema: { body: reopenSupportBody, response: makeResolveAnswer } },
    async (request) => {
      const { supportId, reply } = request.body;
      if (!request.admin) throw unauthorized();
      const outcome = await repo.reopen(supportId, {
        message: reply,
        adminId: request.admin.id,
        adminName: request.admin.name,
      });
      if (outcome === 'missing') throw notFound(TICKET_NOT_FOUND);
      if (outcome === 'alreadyOpen') throw conflict('This ticket is already open.');
      const support = await repo.findTicket(supportId);
      if (support) {
        const customer = `${support.userId.firstName} ${support.userId.lastName}`.trim();
        request.audit({
          summary: `${reply ? 'Reopened and replied to' : 'Reopened'} the ${support.supportTypeName} ticket of ${customer}`,
          changes: [{ field: 'Status', from: 'resolved', to: 'unresolved' }],
        });
      }
      return ok('Ticket reopened.', { support });
    },
  );
};

export default supportRoutes;
