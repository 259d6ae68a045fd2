import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { indiaDay } from '@shared/time';
import { csvAnswer, sendCsv, type CsvColumn } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import type { Access } from '../../permissions';
import { calendarOf } from './calendar';
import { cancelDayOrder } from './dayOrders';
import {
  findSubscription,
  pausesFrom,
  skipsFrom,
  subscriptionDto,
  toPauseDto,
  toSubscriptionDtos,
  type SubscriptionDto,
} from './dto';
import { historyOf } from './history';
import { createSubscriptionPaging } from './paging';
import { pauseSubscription, resumeSubscription, skipDay, unskipDay } from './pauseSkip';
import {
  calendarAnswer,
  calendarQuery,
  cancelDayOrderBody,
  createBody,
  dayBody,
  editBody,
  exportQuery,
  listQuery,
  oneSubscription,
  pauseBody,
  resumeBody,
  subscriptionDetail,
  subscriptionPage,
  subscriptionParams,
  subscriptionWithOrders,
} from './schemas';
import { createSubscription, editSubscription } from './writes';
import { readRepository } from '../../plugins/readReplica';

const NOT_FOUND = 'This subscription does not exist.';
/** Rows read and answered per batch of the CSV: the list's largest page. */
const EXPORT_BATCH = 100;

const adminOf = (request: FastifyRequest) =>
  request.admin ? { id: request.admin.id, name: request.admin.name } : null;

const CSV_COLUMNS: CsvColumn<SubscriptionDto>[] = [
  { header: 'Subscription ID', cell: (s) => s._id },
  { header: 'Customer', cell: (s) => s.customer.name },
  { header: 'Phone', cell: (s) => s.customer.phone },
  { header: 'Service', cell: (s) => s.serviceName },
  { header: 'Item', cell: (s) => s.productName ?? s.planName },
  { header: 'Quantity', cell: (s) => s.quantity },
  { header: 'Return quantity', cell: (s) => s.returnQuantity },
  { header: 'Schedule', cell: (s) => s.scheduleText },
  { header: 'Slot', cell: (s) => s.slot },
  { header: 'Pin code', cell: (s) => s.pincode },
  { header: 'Address', cell: (s) => s.address?.fullAddress },
  { header: 'Start date', cell: (s) => s.startDate },
  { header: 'End date', cell: (s) => s.endDate },
  { header: 'Payment method', cell: (s) => s.paymentMethod },
  { header: 'Status', cell: (s) => s.status },
  { header: 'Status reason', cell: (s) => s.statusReason },
  { header: 'Next delivery', cell: (s) => s.nextDelivery },
  { header: 'Created (IST)', cell: (s) => new Date(s.createdAt) },
];

const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const paging = readRepository(app, createSubscriptionPaging(db), createSubscriptionPaging);
  const access: Access = 'orders';

  async function answerOf(id: string) {
    const dto = await subscriptionDto(db, id);
    if (!dto) throw notFound(NOT_FOUND);
    return dto;
  }

  app.post(
    '/create',
    { config: { access }, schema: { body: createBody, response: answers(oneSubscription) } },
    async (request) => {
      const row = await createSubscription(db, request.body, adminOf(request));
      return ok('Subscription created successfully', { subscription: await answerOf(row.id) });
    },
  );

  app.post(
    '/edit',
    { config: { access }, schema: { body: editBody, response: answers(subscriptionWithOrders) } },
    async (request) => {
      const outcome = await editSubscription(db, request.body, adminOf(request));
      return ok(outcome.changed ? 'Subscription updated successfully' : 'Nothing to change', {
        subscription: await answerOf(request.body.subscriptionId),
        madeOrders: outcome.madeOrders,
      });
    },
  );

  app.get(
    '/get-all-subscriptions',
    { config: { access }, schema: { querystring: listQuery, response: answers(subscriptionPage) } },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      const { rows, total } = await paging(request).page(
        { ...filter, search: filter.search || undefined },
        page,
        limit,
      );
      return ok('Subscriptions', {
        subscriptions: await toSubscriptionDtos(request.readDb, rows),
        ...pagingResult(total, page, limit),
      });
    },
  );

  // Addition: the list as CSV, with its filters but no paging.
  app.get(
    '/export-subscriptions',
    {
      config: { access },
      schema: {
        querystring: exportQuery,
        response: csvAnswer('subscriptions', 'Every subscription of the list with its filters'),
      },
    },
    async (request, reply) => {
      const q = request.query;
      // A list page's worth at a time (not CSV_BATCH): each batch's pauses and skips are then
      // looked up by the same index plans as a page's, which the plan tests prove; a thousand ids
      // at once sit near the point where PostgreSQL would rather read those tables whole.
      const rows = paging(request).exportRows(
        { ...q, search: q.search || undefined },
        EXPORT_BATCH,
      );
      async function* batches() {
        for await (const batch of rows) yield await toSubscriptionDtos(request.readDb, batch);
      }
      return sendCsv(request, reply, {
        name: 'subscriptions',
        columns: CSV_COLUMNS,
        batches: batches(),
      });
    },
  );

  app.get(
    '/get-subscription/:id',
    {
      config: { access },
      schema: { params: subscriptionParams, response: answers(subscriptionDetail) },
    },
    async (request) => {
      const subscription = await answerOf(request.params.id);
      const today = indiaDay();
      const [history, pauses, skips] = await Promise.all([
        historyOf(db, subscription._id),
        pausesFrom(db, [subscription._id], today),
        skipsFrom(db, [subscription._id], today),
      ]);
      return ok('Subscription', {
        subscription,
        history,
        pauses: pauses.map(toPauseDto),
        skips: skips.map((k) => ({ date: k.day })),
      });
    },
  );

  app.post(
    '/pause',
    { config: { access }, schema: { body: pauseBody, response: answers(subscriptionWithOrders) } },
    async (request) => {
      const made = await pauseSubscription(db, request.body, adminOf(request));
      return ok('Subscription paused', {
        subscription: await answerOf(request.body.subscriptionId),
        madeOrders: made,
      });
    },
  );

  app.post(
    '/resume',
    { config: { access }, schema: { body: resumeBody, response: answers(oneSubscription) } },
    async (request) => {
      await resumeSubscription(db, request.body.subscriptionId, adminOf(request));
      return ok('Subscription resumed', {
        subscription: await answerOf(request.body.subscriptionId),
      });
    },
  );

  app.post(
    '/skip',
    { config: { access }, schema: { body: dayBody, response: answers(subscriptionWithOrders) } },
    async (request) => {
      const { subscriptionId, date } = request.body;
      const made = await skipDay(db, subscriptionId, date, adminOf(request));
      return ok(`${date} skipped`, {
        subscription: await answerOf(subscriptionId),
        madeOrders: made,
      });
    },
  );

  app.post(
    '/unskip',
    { config: { access }, schema: { body: dayBody, response: answers(subscriptionWithOrders) } },
    async (request) => {
      const { subscriptionId, date } = request.body;
      const made = await unskipDay(db, subscriptionId, date, adminOf(request));
      return ok(`${date} delivers again`, {
        subscription: await answerOf(subscriptionId),
        madeOrders: made,
      });
    },
  );

  app.post(
    '/cancel-day-order',
    {
      config: { access },
      schema: { body: cancelDayOrderBody, response: answers(oneSubscription) },
    },
    async (request) => {
      const { subscriptionId, orderId } = request.body;
      const order = await cancelDayOrder(db, subscriptionId, orderId, adminOf(request));
      return ok(`Order ${order.orderId} cancelled`, {
        subscription: await answerOf(subscriptionId),
      });
    },
  );

  app.get(
    '/calendar/:id',
    {
      config: { access },
      schema: {
        params: subscriptionParams,
        querystring: calendarQuery,
        response: answers(calendarAnswer),
      },
    },
    async (request) => {
      const row = await findSubscription(db, request.params.id);
      if (!row) throw notFound(NOT_FOUND);
      const month = request.query.month ?? indiaDay().slice(0, 7);
      return ok('Calendar', await calendarOf(db, row, month));
    },
  );
};

export default subscriptionRoutes;
