import { ok, okAtTop } from '../../lib/reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_BATCH, csvAnswer, rupees, sendCsv, type CsvColumn } from '../../lib/csv';
import { badRequest, conflict, isForeignKeyViolation, notFound } from '../../lib/errors';
import {
  answers,
  answersAtTop,
  money,
  pagingFields,
  recordStatus,
  timestamp,
} from '../../lib/responses';
import {
  nonNegativeNumber,
  optionalId,
  pagingQuery,
  pagingResult,
  requiredId,
  requiredText,
  exportQuery,
  activeOrInactive,
} from '../../lib/validation';
import { countOrdersOf, inOrdersMessage } from '../orders/repository';
import { createPlanRepository, PLAN_SORTS, toPlanDto, type PlanRow } from './repository';

const planStatus = z.enum(['Active', 'Inactive', 'All', '']).optional();
const planSort = z
  .enum(Object.keys(PLAN_SORTS) as [keyof typeof PLAN_SORTS], {
    error: `Sort must be one of: ${Object.keys(PLAN_SORTS).join(', ')}.`,
  })
  .default('createdAt');

const PLAN_CSV_COLUMNS: CsvColumn<PlanRow>[] = [
  { header: 'Name', cell: (p) => p.name },
  { header: 'Duration (days)', cell: (p) => p.duration },
  { header: 'Price', cell: (p) => rupees(p.price) },
  { header: 'Status', cell: (p) => p.status },
  { header: 'Created (IST)', cell: (p) => p.createdAt },
];

const MAX_DAYS = 3650;
const MAX_PRICE = 10_000_000;

/** Whole days, at least 1; form text ('30') is read as a number. */
const duration = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Duration is required.' : 'Duration must be a number.',
    })
    .int('Duration must be a whole number of days.')
    .min(1, 'Duration must be at least 1 day.')
    .max(MAX_DAYS, `Duration must be at most ${MAX_DAYS} days.`),
);

const price = nonNegativeNumber('Price').refine(
  (v) => v <= MAX_PRICE,
  `Price must be at most ₹${MAX_PRICE.toLocaleString('en-IN')}.`,
);

const planFields = { name: requiredText('Name', 100), duration, price };

const planId = requiredId('Plan id');

/** A tiffin plan as every call answers it (toPlanDto): `duration` in days, `price` in rupees. */
const planDto = z.object({
  _id: z.string(),
  name: z.string(),
  duration: z.number().int(),
  price: money,
  status: recordStatus,
  createdAt: timestamp,
  updatedAt: timestamp,
});
const onePlan = z.object({ plan: planDto });
const planCreated = answers(onePlan, 201);

const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPlanRepository(app.db);

  // The spec's plan list puts its items in `data` and the paging at the top level.
  app.get(
    '/get-all-plans',
    {
      config: { access: 'signedIn' },
      schema: {
        querystring: z.object({
          ...pagingQuery,
          status: planStatus,
          sort: planSort,
        }),
        response: answersAtTop(z.object({ data: z.array(planDto), ...pagingFields })),
      },
    },
    async (request) => {
      const q = request.query;
      const status = activeOrInactive(q.status);
      const { rows, total } = await repo.list({ ...q, status, order: q.sortOrder });
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
        querystring: z.object({
          ...exportQuery,
          status: planStatus,
          sort: planSort,
        }),
        response: csvAnswer('plans', 'Every tiffin plan of the list with its search and sort'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const status = activeOrInactive(q.status);
      return sendCsv(request, reply, {
        name: 'plans',
        columns: PLAN_CSV_COLUMNS,
        batches: repo.exportRows(
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
      schema: { params: z.object({ id: planId }), response: answers(onePlan) },
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
      schema: { body: z.object(planFields), response: planCreated },
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
      schema: { body: z.object({ planId, ...planFields }), response: answers(onePlan) },
    },
    async (request) => {
      const { planId: id, ...values } = request.body;
      const updated = await repo.update(id, values);
      if (!updated) throw notFound('This plan does not exist.');
      return ok(`Plan ${updated.name} updated successfully`, { plan: toPlanDto(updated) });
    },
  );

  // The spec's client sends the id again in a body field named `bannerId`; the path wins.
  app.post(
    '/delete-plan/:id',
    {
      config: { access: 'tiffinPlan' },
      schema: {
        params: z.object({ id: planId }),
        body: z.object({ bannerId: optionalId('Plan id') }).loose(),
        response: answers(onePlan),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { bannerId } = request.body;
      if (bannerId && bannerId !== id) {
        throw badRequest('The plan id in the body does not match the one in the address.');
      }
      let removed;
      try {
        removed = await repo.remove(id);
      } catch (err) {
        if (isForeignKeyViolation(err)) {
          throw conflict(inOrdersMessage('plan', await countOrdersOf(app.db, { planId: id })));
        }
        throw err;
      }
      if (!removed) throw notFound('This plan does not exist.');
      return ok(`Plan ${removed.name} deleted successfully`, { plan: toPlanDto(removed) });
    },
  );
};

export default planRoutes;
