import { ok, okAtTop } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_BATCH, csvAnswer, rupees, sendCsv, type CsvColumn } from '../../lib/csv';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { answers } from '../../lib/responses';
import { pagingResult, activeOrInactive } from '../../lib/validation';
import { inOrdersMessage } from '../orders/repository';
import { createPlanRepository, toPlanDto, type PlanRow } from './repository';
import {
  createPlanBody,
  deletePlanBody,
  deletePlanParams,
  exportPlansQuery,
  getAllPlansAnswer,
  getAllPlansQuery,
  getPlanParams,
  onePlan,
  planCreated,
  updatePlanBody,
} from './schemas';
import { PLAN_FIELDS, diffRecords, editedWords } from '../../plugins/auditWords';
import { readRepository } from '../../plugins/readReplica';

const PLAN_CSV_COLUMNS: CsvColumn<PlanRow>[] = [
  { header: 'Name', cell: (p) => p.name },
  { header: 'Duration (days)', cell: (p) => p.duration },
  { header: 'Price', cell: (p) => rupees(p.price) },
  { header: 'Status', cell: (p) => p.status },
  { header: 'Created (IST)', cell: (p) => p.createdAt },
];

const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPlanRepository(app.db);
  const reads = readRepository(app, repo, createPlanRepository);

  // The spec's plan list puts its items in `data` and the paging at the top level.
  app.get(
    '/get-all-plans',
    {
      config: { access: 'signedIn' },
      schema: {
        querystring: getAllPlansQuery,
        response: getAllPlansAnswer,
      },
    },
    async (request) => {
      const q = request.query;
      const status = activeOrInactive(q.status);
      const { rows, total } = await reads(request).list({ ...q, status, order: q.sortOrder });
      return okAtTop('Plans', {
        data: rows.map(toPlanDto),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );

  // Addition: the plans list as CSV, with get-all-plans' parameters but no paging.
  app.get(
    '/export-plans',
    {
      config: { access: 'signedIn' },
      schema: {
        querystring: exportPlansQuery,
        response: csvAnswer('plans', 'Every tiffin plan of the list with its search and sort'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const status = activeOrInactive(q.status);
      return sendCsv(request, reply, {
        name: 'plans',
        columns: PLAN_CSV_COLUMNS,
        batches: reads(request).exportRows(
          { status, search: q.search || undefined, sort: q.sort, order: q.sortOrder },
          CSV_BATCH,
        ),
      });
    },
  );

  // Addition: one plan by id, so a reloaded edit or view screen can fill itself.
  app.get(
    '/get-plan/:id',
    {
      config: { access: 'signedIn' },
      schema: { params: getPlanParams, response: answers(onePlan) },
    },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw notFound('This plan does not exist.');
      return ok('Plan', { plan: toPlanDto(row) });
    },
  );

  app.post(
    '/create-plan',
    {
      config: { access: 'tiffinPlan' },
      schema: { body: createPlanBody, response: planCreated },
    },
    async (request, reply) => {
      const created = await repo.create(request.body);
      return reply
        .code(201)
        .send(ok(`Plan ${created.name} created successfully`, { plan: toPlanDto(created) }));
    },
  );

  // The spec's client checks `success` here, so failures carry `success: false` too.
  app.post(
    '/update-plan',
    {
      config: { access: 'tiffinPlan', envelope: 'success' },
      schema: { body: updatePlanBody, response: answers(onePlan) },
    },
    async (request) => {
      const { planId: id, ...values } = request.body;
      const before = await repo.findById(id);
      const updated = await repo.update(id, values);
      if (!updated) throw notFound('This plan does not exist.');
      const changes = diffRecords(before, updated, PLAN_FIELDS);
      request.audit({
        summary: editedWords('tiffin plan', before?.name ?? updated.name, changes),
        changes,
      });
      return ok(`Plan ${updated.name} updated successfully`, { plan: toPlanDto(updated) });
    },
  );

  // The spec's client sends the id again in a body field named `bannerId`; the path wins.
  app.post(
    '/delete-plan/:id',
    {
      config: { access: 'tiffinPlan' },
      schema: {
        params: deletePlanParams,
        body: deletePlanBody,
        response: answers(onePlan),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { bannerId } = request.body;
      if (bannerId && bannerId !== id) {
        throw badRequest('The plan id in the body does not match the one in the address.');
      }
      const outcome = await repo.removeUnlessOrdered(id);
      if ('inOrders' in outcome) throw conflict(inOrdersMessage('plan', outcome.inOrders));
      const { removed } = outcome;
      if (!removed) throw notFound('This plan does not exist.');
      return ok(`Plan ${removed.name} deleted successfully`, { plan: toPlanDto(removed) });
    },
  );
};

export default planRoutes;
