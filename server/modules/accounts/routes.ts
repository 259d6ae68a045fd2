import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvAnswer, sendCsv, type CsvColumn } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import type { Access } from '../../permissions';
import {
  accountPage,
  addEntry,
  customerExists,
  depositWithinRefundable,
  entryBatches,
  NO_CUSTOMER,
  refundWithinBalance,
  setBillingMode,
  type EntryDto,
} from './ledgerRepository';
import {
  accountDto,
  accountParams,
  accountQuery,
  adjustBody,
  billingModeAnswer,
  billingModeBody,
  chargeDepositBody,
  entryAnswer,
  paymentBody,
  refundDepositBody,
} from './schemas';

// account/... : the ledger of one customer and the writes an admin makes on it (issue 36).

/** Entries read and written per batch of the ledger CSV. */
const EXPORT_BATCH = 500;

const adminOf = (request: FastifyRequest) =>
  request.admin ? { id: request.admin.id, name: request.admin.name } : null;

const CSV_COLUMNS: CsvColumn<EntryDto>[] = [
  { header: 'Date (IST)', cell: (e) => new Date(e.at) },
  { header: 'What', cell: (e) => e.kindLabel },
  { header: 'Method', cell: (e) => e.method },
  { header: 'Reference', cell: (e) => e.reference },
  { header: 'Order', cell: (e) => e.orderNo },
  { header: 'Reason', cell: (e) => e.reason },
  // Numbers, not text: a spreadsheet sums them (and text starting with '-' would be quoted).
  { header: 'Amount', cell: (e) => e.amount },
  { header: 'Balance after', cell: (e) => e.balanceAfter },
  { header: 'By', cell: (e) => e.adminName },
  { header: 'Entry ID', cell: (e) => e._id },
];

const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const access: Access = 'orders';
  const readers: Access = ['orders', 'userManagement'];
  const writes = { config: { access }, schema: { response: answers(entryAnswer) } };

  app.get(
    '/get-account/:userId',
    {
      config: { access: readers },
      schema: { params: accountParams, querystring: accountQuery, response: answers(accountDto) },
    },
    async (request) => {
      const { page, limit } = request.query;
      const account = await accountPage(db, request.params.userId, page, limit);
      if (!account) throw notFound(NO_CUSTOMER);
      const { total, ...rest } = account;
      return ok('Account', { ...rest, ...pagingResult(total, page, limit), limit });
    },
  );

  app.post(
    '/record-payment',
    { ...writes, schema: { ...writes.schema, body: paymentBody } },
    async (request) => {
      const { userId, amount, method, reference, note } = request.body;
      const result = await addEntry(
        db,
        {
          customerId: userId,
          // Money paid ahead of deliveries tops a prepaid account up; a postpaid one pays its bill.
          kind: (locked) => (locked.billingMode === 'prepaid' ? 'topup' : 'payment'),
          amount,
          method,
          reference,
          reason: note,
        },
        adminOf(request),
      );
      return ok('Payment recorded', result);
    },
  );

  app.post(
    '/refund',
    { ...writes, schema: { ...writes.schema, body: paymentBody } },
    async (request) => {
      const { userId, amount, method, reference, note } = request.body;
      const result = await addEntry(
        db,
        { customerId: userId, kind: 'refund', amount: -amount, method, reference, reason: note },
        adminOf(request),
        (locked) => refundWithinBalance(locked, amount),
      );
      return ok('Refund recorded', result);
    },
  );

  app.post(
    '/refund-deposit',
    { ...writes, schema: { ...writes.schema, body: refundDepositBody } },
    async (request) => {
      const { userId, amount, reason } = request.body;
      const result = await addEntry(
        db,
        { customerId: userId, kind: 'deposit_refunded', amount, reason },
        adminOf(request),
        (_locked, tx) => depositWithinRefundable(tx, userId, amount),
      );
      return ok('Deposit refunded to the account', result);
    },
  );

  app.post(
    '/charge-deposit',
    { ...writes, schema: { ...writes.schema, body: chargeDepositBody } },
    async (request) => {
      const { userId, amount, reason } = request.body;
      const result = await addEntry(
        db,
        { customerId: userId, kind: 'deposit_taken', amount: -amount, reason },
        adminOf(request),
      );
      return ok('Deposit charged', result);
    },
  );

  app.post(
    '/adjust',
    { ...writes, schema: { ...writes.schema, body: adjustBody } },
    async (request) => {
      const { userId, amount, reason } = request.body;
      const result = await addEntry(
        db,
        { customerId: userId, kind: 'adjustment', amount, reason },
        adminOf(request),
      );
      return ok('Balance adjusted', result);
    },
  );

  app.post(
    '/set-billing-mode',
    { config: { access }, schema: { body: billingModeBody, response: answers(billingModeAnswer) } },
    async (request) => {
      const { userId, billingMode, pauseWhenLow } = request.body;
      const row = await setBillingMode(db, userId, billingMode, pauseWhenLow);
      return ok('Billing mode saved', row);
    },
  );

  app.get(
    '/export-ledger/:userId',
    {
      config: { access: readers },
      schema: {
        params: accountParams,
        response: csvAnswer('ledger', 'Every entry of the customer\u2019s account, oldest first'),
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      if (!(await customerExists(request.readDb, userId))) throw notFound(NO_CUSTOMER);
      return sendCsv(request, reply, {
        name: 'ledger',
        columns: CSV_COLUMNS,
        batches: entryBatches(request.readDb, userId, EXPORT_BATCH),
      });
    },
  );
};

export default ledgerRoutes;
