import { ok } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUPPORT_STATUSES } from '@shared/statuses';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import { answers } from '../../lib/responses';
import { pagingQuery, pagingResult, plainText, requiredId } from '../../lib/validation';
import {
  createSupportRepository,
  SUPPORT_SORTS,
  toSupportSummaryDto,
  type SupportSort,
} from './repository';
import { supportSummaryPage, ticketDto } from './schemas';

const TICKET_NOT_FOUND = 'This ticket does not exist.';

const ticketId = requiredId('Ticket id');

/** Empty: every ticket of the user. */
const ticketStatusFilter = z
  .enum([...SUPPORT_STATUSES, ''], { error: 'Status must be unresolved or resolved.' })
  .optional();

/** Support calls (spec 001 §7): every answer, errors included, spells the code `statuscode`. */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createSupportRepository(app.db);
  const config = { access: 'supports', envelope: 'statuscode' } as const;

  app.get(
    '/get-all-supports',
    {
      config,
      schema: {
        querystring: z.object({
          ...pagingQuery,
          // The spec's client sends Active: every customer with tickets.
          status: z
            .enum(['Active', ...SUPPORT_STATUSES, ''], {
              error: 'Status must be Active, unresolved or resolved.',
            })
            .optional(),
          sort: z
            .enum(Object.keys(SUPPORT_SORTS) as [SupportSort], {
              error: `Sort must be one of: ${Object.keys(SUPPORT_SORTS).join(', ')}.`,
            })
            .optional(),
        }),
        response: answers(supportSummaryPage),
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await repo.listCustomers({
        status: q.status === 'unresolved' || q.status === 'resolved' ? q.status : undefined,
        search: q.search || undefined,
        sort: q.sort ?? 'lastTicketAt',
        order: q.sort ? q.sortOrder : 'desc',
        page: q.page,
        limit: q.limit,
      });
      return ok('Supports', {
        supports: rows.map(toSupportSummaryDto),
        ...pagingResult(total, q.page, q.limit),
      });
    },
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
