import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_BATCH, csvAnswer, sendCsv } from '../../lib/csv';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import { outstandingCsvColumns } from './csv';
import { toBalanceDto, toEntryDto, toOutstandingDto, toStockDto, type ReturnableItem } from './dto';
import type { OutstandingQuery } from './outstanding';
import { createReturnableRepository } from './repository';
import {
  adjustBody,
  adjustedDto,
  ledgerAnswer,
  ledgerParams,
  ledgerQuery,
  oneStock,
  outstandingExportQuery,
  outstandingListQuery,
  outstandingPage,
  stockList,
  stockMoveBody,
  summaryDto,
} from './schemas';
import { readRepository } from '../../plugins/readReplica';

const NO_CUSTOMER = 'This customer does not exist.';
const NO_ITEM = 'This product or accessory does not exist.';

type OutstandingFilters = {
  search?: string;
  serviceId?: string;
  pincode?: string;
  minDays?: number;
  sortOrder: 'asc' | 'desc';
};

const queryOf = (q: OutstandingFilters, now: Date): OutstandingQuery => ({
  categoryId: q.serviceId,
  pincode: q.pincode,
  minDays: q.minDays,
  search: q.search || undefined,
  order: q.sortOrder,
  now,
});

const stockAnswer = answers(oneStock);

/** `3 × 20 L Jar`. */
const unitsOf = (n: number, item: { name: string }) => `${n} × ${item.name}`;

/** The returnable-asset ledger (issue 16): balances, entries, corrections, depot stock. */
const returnableRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createReturnableRepository(app.db);
  const reads = readRepository(app, repo, createReturnableRepository);
  const config = { access: 'return' } as const;

  /** The returnable item of this id: 404 unknown, 400 not returnable. */
  async function returnableItem(id: string): Promise<ReturnableItem> {
    const item = await repo.findItem(id);
    if (!item) throw notFound(NO_ITEM);
    if (!item.returnable) throw notReturnable(item);
    return item;
  }

  const notReturnable = (item: { name: string }) =>
    badRequest(
      `${item.name} is not returnable. Switch on "Returnable (jar or cylinder)" on its edit form first.`,
    );

  async function stockOf(item: ReturnableItem) {
    const [row] = await repo.stock(item.id);
    return toStockDto(row!);
  }

  app.get(
    '/ledger/:userId',
    {
      config: { access: ['return', 'userManagement'] as const },
      schema: {
        params: ledgerParams,
        querystring: ledgerQuery,
        response: answers(ledgerAnswer),
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const from = reads(request);
      const customer = await from.findCustomer(request.params.userId);
      if (!customer) throw notFound(NO_CUSTOMER);
      const now = new Date();
      const [balances, entries] = await Promise.all([
        from.balancesOf(customer.id),
        from.entriesOf(customer.id, page, limit),
      ]);
      return ok('Jars and cylinders', {
        customer: {
          _id: customer.id,
          name: `${customer.firstName} ${customer.lastName}`.trim(),
          phone: customer.phone,
        },
        balances: balances.map((r) => toBalanceDto(r, now)),
        entries: entries.rows.map(toEntryDto),
        ...pagingResult(entries.total, page, limit),
      });
    },
  );

  app.get(
    '/outstanding',
    {
      config,
      schema: {
        querystring: outstandingListQuery,
        response: answers(outstandingPage),
      },
    },
    async (request) => {
      const q = request.query;
      const now = new Date();
      const { rows, total } = await reads(request).outstanding({
        ...queryOf(q, now),
        page: q.page,
        limit: q.limit,
      });
      return ok('Outstanding returnables', {
        customers: rows.map((r) => toOutstandingDto(r, now)),
        ...pagingResult(total, q.page, q.limit),
      });
    },
  );

  app.get(
    '/export-outstanding',
    {
      config,
      schema: {
        querystring: outstandingExportQuery,
        response: csvAnswer(
          'outstanding-returnables',
          'Every row of the outstanding returnables list with its filters and order',
        ),
      },
    },
    async (request, reply) => {
      const now = new Date();
      return sendCsv(request, reply, {
        name: 'outstanding-returnables',
        columns: outstandingCsvColumns(await reads(request).serviceNames(), now),
        batches: reads(request).exportRows(queryOf(request.query, now), CSV_BATCH),
      });
    },
  );

  app.post(
    '/adjust',
    {
      config,
      schema: {
        body: adjustBody,
        response: answers(adjustedDto),
      },
    },
    async (request) => {
      const { userId, productId: itemId, quantity, reason } = request.body;
      const admin = request.admin ? { id: request.admin.id, name: request.admin.name } : null;
      const done = await repo.adjust({ customerId: userId, itemId, quantity, reason, admin });
      switch (done.outcome) {
        case 'noCustomer':
          throw notFound(NO_CUSTOMER);
        case 'noItem':
          throw notFound(NO_ITEM);
        case 'notReturnable':
          throw notReturnable(done.item);
        case 'tooFew':
          throw conflict(
            done.holds > 0
              ? `${done.customerName} holds ${unitsOf(done.holds, done.item)}: a correction of ` +
                  `${quantity} would leave fewer than none. Take off at most ${done.holds}.`
              : `${done.customerName} holds no ${done.item.name}: there is nothing to take off.`,
          );
      }
      const balance = await repo.balance(userId, itemId);
      return ok(
        `Correction recorded: ${done.customerName} now holds ${unitsOf(balance!.outstanding, done.item)}.`,
        {
          entry: toEntryDto({ entry: done.entry, orderNumber: null }),
          balance: toBalanceDto(balance!, new Date()),
        },
      );
    },
  );

  app.get('/stock', { config, schema: { response: answers(stockList) } }, async (request) =>
    ok('Depot stock', { stock: (await reads(request).stock()).map(toStockDto) }),
  );

  app.post(
    '/refill',
    {
      config,
      schema: { body: stockMoveBody, response: stockAnswer },
    },
    async (request) => {
      const { productId: id, quantity } = request.body;
      const item = await returnableItem(id);
      const empties = await repo.refill(item, quantity);
      if (empties !== undefined) {
        throw conflict(
          empties > 0
            ? `The depot has only ${empties} empty ${item.name}: ${quantity} cannot be refilled.`
            : `The depot has no empty ${item.name} to refill.`,
        );
      }
      return ok(`${unitsOf(quantity, item)} refilled.`, { stock: await stockOf(item) });
    },
  );

  app.post(
    '/receive',
    {
      config,
      schema: { body: stockMoveBody, response: stockAnswer },
    },
    async (request) => {
      const { productId: id, quantity } = request.body;
      const item = await returnableItem(id);
      await repo.receive(item, quantity);
      return ok(`${unitsOf(quantity, item)} received.`, { stock: await stockOf(item) });
    },
  );

  app.get('/summary', { config, schema: { response: answers(summaryDto) } }, async (request) =>
    ok('Jars and cylinders', await reads(request).summary(new Date())),
  );
};

export default returnableRoutes;
