import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BILLING_MODE_LABELS, DUE_BUCKETS } from '@shared/account';
import { csvAnswer, sendCsv, type CsvColumn } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { pagingResult } from '../../lib/validation';
import type { PermissionGroup } from '../../db/schema';
import { duesBatches, duesPage } from './duesRepository';
import {
  duesAnswer,
  duesQuery,
  exportDuesQuery,
  lowBalanceAnswer,
  lowBalanceQuery,
  settingsAnswer,
  summaryAnswer,
  updateSettingsBody,
  type DueDto,
} from './duesSchemas';
import {
  accountSummary,
  lowBalanceDays,
  lowBalancePage,
  saveLowBalanceDays,
} from './lowBalanceRepository';

/** Rows read and answered per batch of the CSV: the list's largest page. */
const EXPORT_BATCH = 100;

const CSV_COLUMNS: CsvColumn<DueDto>[] = [
  { header: 'Customer ID', cell: (d) => d.userId },
  { header: 'Customer', cell: (d) => d.name },
  { header: 'Phone', cell: (d) => d.phone },
  { header: 'Pin code', cell: (d) => d.pincode },
  { header: 'Billing', cell: (d) => BILLING_MODE_LABELS[d.billingMode] },
  { header: 'Owed (₹)', cell: (d) => d.owed.toFixed(2) },
  { header: 'Owed since (IST)', cell: (d) => new Date(d.owedSince) },
  { header: 'Days', cell: (d) => d.days },
  ...DUE_BUCKETS.map((b): CsvColumn<DueDto> => ({
    header: `${b.label} (₹)`,
    cell: (d) => d.buckets[b.key].toFixed(2),
  })),
  {
    header: 'Last payment (IST)',
    cell: (d) => (d.lastPayment ? new Date(d.lastPayment.at) : ''),
  },
  { header: 'Last payment (₹)', cell: (d) => d.lastPayment?.amount.toFixed(2) ?? '' },
];

/** account/dues, export-dues, low-balance, summary and the low-balance setting (issue 36). */
const duesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const readSettings: readonly PermissionGroup[] = ['orders', 'settings'];

  app.get(
    '/dues',
    { config: { access: 'orders' }, schema: { querystring: duesQuery, response: duesAnswer } },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      const { customers, totals } = await duesPage(request.readDb, filter, page, limit);
      return ok('Dues', { customers, ...pagingResult(totals.customers, page, limit), totals });
    },
  );

  app.get(
    '/export-dues',
    {
      config: { access: 'orders' },
      schema: {
        querystring: exportDuesQuery,
        response: csvAnswer('dues', 'Every customer of the Dues list with its filters'),
      },
    },
    async (request, reply) =>
      sendCsv(request, reply, {
        name: 'dues',
        columns: CSV_COLUMNS,
        batches: duesBatches(request.readDb, request.query, EXPORT_BATCH),
      }),
  );

  app.get(
    '/low-balance',
    {
      config: { access: 'orders' },
      schema: { querystring: lowBalanceQuery, response: lowBalanceAnswer },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { customers, total, days } = await lowBalancePage(request.readDb, request.query);
      return ok('Low balance', {
        customers,
        ...pagingResult(total, page, limit),
        lowBalanceDays: days,
      });
    },
  );

  app.get(
    '/summary',
    { config: { access: 'orders' }, schema: { response: summaryAnswer } },
    async (request) => ok('Accounts summary', await accountSummary(request.readDb)),
  );

  app.get(
    '/get-settings',
    { config: { access: readSettings }, schema: { response: settingsAnswer } },
    async () => ok('Account settings', { settings: { lowBalanceDays: await lowBalanceDays(db) } }),
  );

  app.post(
    '/update-settings',
    {
      config: { access: 'settings' },
      schema: { body: updateSettingsBody, response: settingsAnswer },
    },
    async (request) => {
      const days = await saveLowBalanceDays(db, request.body.lowBalanceDays);
      return ok('Account settings saved', { settings: { lowBalanceDays: days } });
    },
  );
};

export default duesRoutes;
