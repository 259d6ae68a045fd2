import { ok, okAtTop } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_BATCH, csvAnswer, sendCsv, type CsvColumn } from '../../lib/csv';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import { countOf, missingMessage } from '../../lib/bulk';
import { answersAtTop } from '../../lib/responses';
import { auditEach } from '../../plugins/audit';
import { createReturnRepository, toReturnRequestDto, type ReturnDetail } from './repository';
import {
  bulkUpdateStatusAnswer,
  bulkUpdateStatusBody,
  exportReturnRequestsQuery,
  getAllReturnRequestsQuery,
  getReturnRequestParams,
  oneReturnRequest,
  returnRequestPage,
  updateReturnRequestStatusBody,
} from './schemas';
import { readRepository } from '../../plugins/readReplica';

const NOT_FOUND = 'This return request does not exist.';

/** The columns of a return requests export. */
const RETURN_CSV_COLUMNS: CsvColumn<ReturnDetail>[] = [
  { header: 'Order ID', cell: (d) => d.order.orderId },
  { header: 'Customer', cell: (d) => `${d.customer.firstName} ${d.customer.lastName}`.trim() },
  { header: 'Customer email', cell: (d) => d.customer.email },
  { header: 'Returned quantity', cell: (d) => d.request.returnedQuantity },
  { header: 'Status', cell: (d) => d.request.status },
  { header: 'Requested (IST)', cell: (d) => d.request.requestedAt },
  { header: 'Approved (IST)', cell: (d) => d.request.approvedAt },
  { header: 'Settled (IST)', cell: (d) => d.request.settledAt },
  { header: 'Settled by', cell: (d) => d.settledByName },
  { header: 'Reason', cell: (d) => d.request.reason },
];

/** Nothing to export: no category of the kind asked for. */
async function* noRows(): AsyncGenerator<ReturnDetail[]> {}

/** The spec's lists send 0 for water and 1 for oxygen; the category is found by its kind. */
const CATEGORY_KINDS = { '0': 'water', '1': 'oxygen' } as const;

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
  const reads = readRepository(app, repo, createReturnRepository);
  const config = { access: 'return' } as const;

  app.get(
    '/get-all-return-requests',
    {
      config,
      schema: {
        querystring: getAllReturnRequestsQuery,
        response: answersAtTop(returnRequestPage),
      },
    },
    async (request) => {
      const q = request.query;
      const categoryId = await repo.categoryIdOfKind(CATEGORY_KINDS[q.categoryType]);
      // No category of that kind means no requests for it, not an error.
      const { rows, total } = categoryId
        ? await reads(request).list({
            categoryId,
            status: q.status,
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

  // Addition: the return requests of water or oxygen as CSV, with the list's parameters but
  // no paging.
  app.get(
    '/export-return-requests',
    {
      config,
      schema: {
        querystring: exportReturnRequestsQuery,
        response: csvAnswer(
          'return-requests',
          'Every return request of water (0) or oxygen (1) with the search and sort',
        ),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const categoryId = await repo.categoryIdOfKind(CATEGORY_KINDS[q.categoryType]);
      const batches = categoryId
        ? reads(request).exportRows(
            {
              categoryId,
              status: q.status,
              search: q.search || undefined,
              sort: q.sort ?? 'requestedAt',
              order: q.sort ? q.sortOrder : 'desc',
            },
            CSV_BATCH,
          )
        : noRows();
      return sendCsv(request, reply, {
        name: 'return-requests',
        columns: RETURN_CSV_COLUMNS,
        batches,
      });
    },
  );

  // Addition: one request by id, so a reloaded view screen can fill itself.
  app.get(
    '/get-return-request/:id',
    {
      config,
      schema: { params: getReturnRequestParams, response: oneReturnRequest },
    },
    async (request) => {
      const detail = await repo.findById(request.params.id);
      if (!detail) throw notFound(NOT_FOUND);
      const item = await repo.itemOf(detail.order.id);
      return ok('Return request', { returnRequest: { ...toReturnRequestDto(detail), item } });
    },
  );

  app.post(
    '/update-return-request-status',
    {
      config,
      schema: {
        body: updateReturnRequestStatusBody,
        response: oneReturnRequest,
      },
    },
    async (request) => {
      const { returnHistoryId: id, status, reason } = request.body;
      if (!request.admin) throw unauthorized();
      const settled = await repo.settle(id, { status, reason, adminId: request.admin.id });
      if (settled.outcome === 'missing') throw notFound(NOT_FOUND);
      if (settled.outcome === 'shortfall') throw conflict(settled.message);
      if (settled.outcome === 'alreadySettled') {
        throw conflict(alreadySettledMessage(settled.detail));
      }
      // Only a Pending request is settled (alreadySettled above).
      request.audit({
        summary: `${status} the return request for order #${settled.detail.order.orderId}`,
        changes: [
          { field: 'Status', from: 'Pending', to: status },
          ...(reason ? [{ field: 'Reason', from: null, to: reason }] : []),
        ],
      });
      return ok(status === 'Approved' ? 'Return request approved.' : 'Return request rejected.', {
        returnRequest: toReturnRequestDto(settled.detail),
      });
    },
  );

  // Addition: approve or reject many Pending requests at once (the list's row checkboxes).
  app.post(
    '/bulk-update-status',
    {
      // Each settled request gets the audit row of the single call, written in the transaction.
      config: { ...config, audit: false },
      schema: {
        body: bulkUpdateStatusBody,
        response: bulkUpdateStatusAnswer,
      },
    },
    async (request) => {
      const { returnIds, status, reason } = request.body;
      if (!request.admin) throw unauthorized();
      const outcome = await repo.settleMany(
        returnIds,
        { status, reason, adminId: request.admin.id },
        (tx, settled) =>
          auditEach(tx, request, settled, '/api/return-history/update-return-request-status'),
      );
      const asked = returnIds.length;
      if (outcome.missing.length) {
        throw notFound(missingMessage(outcome.missing.length, asked, 'return requests'));
      }
      if (outcome.shortfall) throw conflict(outcome.shortfall);
      if (outcome.notPending.length) {
        const n = outcome.notPending.length;
        throw conflict(
          `${n} of the ${asked} return requests ${n === 1 ? 'is' : 'are'} no longer Pending ` +
            '(already approved or rejected). Nothing was changed.',
        );
      }
      const updated = outcome.settled.length;
      const verb = status === 'Approved' ? 'approved' : 'rejected';
      return ok(`${countOf(updated, 'return request')} ${verb}.`, { updated });
    },
  );
};

export default returnRoutes;
