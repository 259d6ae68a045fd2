import { ok, okAtTop } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETURN_DECISIONS } from '@shared/statuses';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import { answers, answersAtTop } from '../../lib/responses';
import { optionalText, pagingQuery, requiredId } from '../../lib/validation';
import {
  createReturnRepository,
  RETURN_SORTS,
  toReturnRequestDto,
  type ReturnDetail,
  type ReturnSort,
} from './repository';
import { returnRequestDto, returnRequestPage } from './schemas';

const NOT_FOUND = 'This return request does not exist.';

/** The spec's lists send 0 for water and 1 for oxygen; the category is found by its kind. */
const CATEGORY_KINDS = { '0': 'water', '1': 'oxygen' } as const;

const returnHistoryId = requiredId('Return request id');

const oneReturnRequest = answers(z.object({ returnRequest: returnRequestDto }));

/** Blank form values mean "not sent". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** 'D, Mon YYYY' in UTC ('5, Mar 2025'), the way the spec's screens write dates. */
export function formatSettledDay(at: Date): string {
  const part = (type: string) => dayFormat.formatToParts(at).find((p) => p.type === type)?.value;
  return `${part('day')}, ${part('month')} ${part('year')}`;
}

function alreadySettledMessage(d: ReturnDetail): string {
  const verb = d.request.status === 'Approved' ? 'approved' : 'rejected';
  const at = d.request.settledAt ?? d.request.approvedAt;
  return at
    ? `This return request was already ${verb} on ${formatSettledDay(at)}.`
    : `This return request was already ${verb}.`;
}

/** Return requests (spec 001 §7): the list puts its paging at the top level of the answer. */
const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createReturnRepository(app.db);
  const config = { access: 'return' } as const;

  app.get(
    '/get-all-return-requests',
    {
      config,
      schema: {
        querystring: z.object({
          categoryType: z.enum(['0', '1'], {
            error: 'Category type must be 0 (water) or 1 (oxygen).',
          }),
          ...pagingQuery,
          sort: z
            .enum(Object.keys(RETURN_SORTS) as [ReturnSort], {
              error: `Sort must be one of: ${Object.keys(RETURN_SORTS).join(', ')}.`,
            })
            .optional(),
        }),
        response: answersAtTop(returnRequestPage),
      },
    },
    async (request) => {
      const q = request.query;
      const categoryId = await repo.categoryIdOfKind(CATEGORY_KINDS[q.categoryType]);
      // No category of that kind means no requests for it, not an error.
      const { rows, total } = categoryId
        ? await repo.list({
            categoryId,
            search: q.search || undefined,
            sort: q.sort ?? 'requestedAt',
            order: q.sort ? q.sortOrder : 'desc',
            page: q.page,
            limit: q.limit,
          })
        : { rows: [], total: 0 };
      return okAtTop('Return requests', {
        data: rows.map(toReturnRequestDto),
        totalRecords: total,
        page: q.page,
        totalPage: Math.ceil(total / q.limit),
      });
    },
  );

  // Addition: one request by id, so a reloaded view screen can fill itself.
  app.get(
    '/get-return-request/:id',
    {
      config,
      schema: { params: z.object({ id: returnHistoryId }), response: oneReturnRequest },
    },
    async (request) => {
      const detail = await repo.findById(request.params.id);
      if (!detail) throw notFound(NOT_FOUND);
      return ok('Return request', { returnRequest: toReturnRequestDto(detail) });
    },
  );

  app.post(
    '/update-return-request-status',
    {
      config,
      schema: {
        body: z.object({
          returnHistoryId,
          status: z.enum(RETURN_DECISIONS, { error: 'Please select the status' }),
          reason: z.preprocess(blankToUndefined, optionalText('Reason', 500)),
        }),
        response: oneReturnRequest,
      },
    },
    async (request) => {
      const { returnHistoryId: id, status, reason } = request.body;
      if (!request.admin) throw unauthorized();
      const settled = await repo.settle(id, { status, reason, adminId: request.admin.id });
      if (settled.outcome === 'missing') throw notFound(NOT_FOUND);
      if (settled.outcome === 'alreadySettled') {
        throw conflict(alreadySettledMessage(settled.detail));
      }
      return ok(status === 'Approved' ? 'Return request approved.' : 'Return request rejected.', {
        returnRequest: toReturnRequestDto(settled.detail),
      });
    },
  );
};

export default returnRoutes;
