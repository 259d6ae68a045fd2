import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_BATCH, csvAnswer, sendCsv } from '../../lib/csv';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import {
  optionalId,
  pagingQuery,
  pagingResult,
  requiredId,
  requiredText,
} from '../../lib/validation';
import { pincode } from '../orders/filters';
import { outstandingCsvColumns } from './csv';
import { toBalanceDto, toEntryDto, toOutstandingDto, toStockDto, type ReturnableItem } from './dto';
import type { OutstandingQuery } from './outstanding';
import { createReturnableRepository } from './repository';
import {
  balanceDto,
  entryDto,
  ledgerAnswer,
  outstandingPage,
  stockDto,
  summaryDto,
} from './schemas';

const NO_CUSTOMER = 'This customer does not exist.';
const NO_ITEM = 'This product or accessory does not exist.';

/** The most one correction moves; more is surely a typing mistake. */
const MAX_CORRECTION = 1000;
/** The most one refill or receipt moves. */
const MAX_STOCK_MOVE = 100_000;
/** The longest `minDays` filter: ten years. */
const MAX_DAYS = 3650;
/** The ledger's page: 50 entries unless asked, at most 200. */
const LEDGER_LIMIT = 200;

const customerId = requiredId('Customer id');
const productId = requiredId('Product id');

/** Form values arrive as text; blank means missing. */
const formNumber = (v: unknown) => {
  if (v === '' || v === null || v === undefined) return undefined;
  return typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v;
};

const wholeNumber = (label: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined ? `${label} is required.` : `${label} must be a number.`,
  });

/** A correction: signed, never 0, at most 1000 either way. */
const correctionQuantity = z.preprocess(
  formNumber,
  wholeNumber('Quantity')
    .int('Quantity must be a whole number.')
    .refine((q) => q !== 0, {
      error: 'Quantity must not be 0: more than 0 when the customer holds more, less when fewer.',
    })
    .refine((q) => Math.abs(q) <= MAX_CORRECTION, {
      error: `Quantity must be between -${MAX_CORRECTION} and ${MAX_CORRECTION}.`,
    }),
);

/** Units moved at the depot: more than 0. */
const stockQuantity = z.preprocess(
  formNumber,
  wholeNumber('Quantity')
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be more than 0.')
    .max(MAX_STOCK_MOVE, `Quantity must be at most ${MAX_STOCK_MOVE}.`),
);

const minDays = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{1,5}$/.test(v) && Number(v) <= MAX_DAYS), {
    error: `minDays must be a whole number of days from 0 to ${MAX_DAYS}.`,
  })
  .optional()
  .transform((v) => (v ? Number(v) : undefined));

/** By the oldest unit held: asc (default) is the most overdue first. */
const sortOrder = z
  .enum(['asc', 'desc', ''], { error: 'Sort order must be asc or desc.' })
  .optional()
  .transform((v) => (v === 'desc' ? ('desc' as const) : ('asc' as const)));

/** The outstanding list's filters, shared by the list and its export. */
const outstandingFilters = {
  search: pagingQuery.search,
  serviceId: optionalId('Service id'),
  pincode,
  minDays,
  sortOrder,
};

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

const stockAnswer = answers(z.object({ stock: stockDto }));

/** `3 × 20 L Jar`. */
const unitsOf = (n: number, item: { name: string }) => `${n} × ${item.name}`;

/** The returnable-asset ledger (issue 16): balances, entries, corrections, depot stock. */
const returnableRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createReturnableRepository(app.db);
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
        params: z.object({ userId: customerId }),
        querystring: z.object({
          page: pagingQuery.page,
          limit: z.coerce
            .number({ error: 'Limit must be a number.' })
            .int('Limit must be a whole number.')
            .min(1, `Limit must be between 1 and ${LEDGER_LIMIT}.`)
            .max(LEDGER_LIMIT, `Limit must be between 1 and ${LEDGER_LIMIT}.`)
            .default(50),
        }),
        response: answers(ledgerAnswer),
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const customer = await repo.findCustomer(request.params.userId);
      if (!customer) throw notFound(NO_CUSTOMER);
      const now = new Date();
      const [balances, entries] = await Promise.all([
        repo.balancesOf(customer.id),
        repo.entriesOf(customer.id, page, limit),
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
        querystring: z.object({
          page: pagingQuery.page,
          limit: pagingQuery.limit,
          ...outstandingFilters,
        }),
        response: answers(outstandingPage),
      },
    },
    async (request) => {
      const q = request.query;
      const now = new Date();
      const { rows, total } = await repo.outstanding({
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
        querystring: z.object(outstandingFilters),
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
        columns: outstandingCsvColumns(await repo.serviceNames(), now),
        batches: repo.exportRows(queryOf(request.query, now), CSV_BATCH),
      });
    },
  );

  app.post(
    '/adjust',
    {
      config,
      schema: {
        body: z.object({
          userId: customerId,
          productId,
          quantity: correctionQuantity,
          reason: requiredText('Reason', 500).min(3, 'Reason must be at least 3 characters.'),
        }),
        response: answers(z.object({ entry: entryDto, balance: balanceDto })),
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

  app.get(
    '/stock',
    { config, schema: { response: answers(z.object({ stock: z.array(stockDto) })) } },
    async () => ok('Depot stock', { stock: (await repo.stock()).map(toStockDto) }),
  );

  app.post(
    '/refill',
    {
      config,
      schema: { body: z.object({ productId, quantity: stockQuantity }), response: stockAnswer },
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
      schema: { body: z.object({ productId, quantity: stockQuantity }), response: stockAnswer },
    },
    async (request) => {
      const { productId: id, quantity } = request.body;
      const item = await returnableItem(id);
      await repo.receive(item, quantity);
      return ok(`${unitsOf(quantity, item)} received.`, { stock: await stockOf(item) });
    },
  );

  app.get('/summary', { config, schema: { response: answers(summaryDto) } }, async () =>
    ok('Jars and cylinders', await repo.summary(new Date())),
  );
};

export default returnableRoutes;
