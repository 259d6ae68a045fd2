import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { indiaDay, indiaMidnight, nextDay } from '@shared/time';
import { CSV_BATCH, csvAnswer, indiaDateTime, sendCsv, yesNo, type CsvColumn } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { createDeliverySettingsRepository } from '../deliverySettings/repository';
import { createEmergencyReport, type EmergencyRange } from './emergencies';
import { createReportRepository, type RegisterLine } from './repository';
import {
  emergencyExportQuery,
  emergencyQuery,
  emergencyReportDto,
  type EmergencyRow,
  isPeriodGroup,
  registerQuery,
  salesQuery,
  salesReportDto,
  type SalesGroup,
  type SalesReport,
  type SalesRow,
} from './schemas';
import { readRepository } from '../../plugins/readReplica';
import { pagingResult } from '../../lib/validation';

/** What the first column of a sales report's CSV is headed. */
const GROUP_HEADINGS: Record<SalesGroup, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  service: 'Service',
  pincode: 'Pin code',
  rider: 'Rider',
};

/** A sales report as CSV: its rows, then a Total line; amounts are numbers (they may be below 0). */
function salesColumns(group: SalesGroup): CsvColumn<SalesRow>[] {
  const periods = isPeriodGroup(group);
  return [
    { header: GROUP_HEADINGS[group], cell: (r) => r.label },
    // The period's first and last day in the range, or the key (category id, pin code, rider id).
    ...(periods
      ? [
          { header: 'From', cell: (r: SalesRow) => r.start },
          { header: 'To', cell: (r: SalesRow) => r.end },
        ]
      : [{ header: 'Key', cell: (r: SalesRow) => r.key }]),
    { header: 'Invoices', cell: (r) => r.invoices },
    { header: 'Credit notes', cell: (r) => r.creditNotes },
    { header: 'Taxable value', cell: (r) => r.taxable },
    { header: 'Tax', cell: (r) => r.tax },
    { header: 'Amount', cell: (r) => r.amount },
    ...(periods ? [{ header: 'Collections', cell: (r: SalesRow) => r.collections }] : []),
  ];
}

const paise = (rupeeAmount: number) => Math.round(rupeeAmount * 100);

/** The rows summed exactly (in paise), with the money received over the range. */
function totalsOf(rows: SalesRow[], collections: number): SalesReport['totals'] {
  const sum = (pick: (r: SalesRow) => number) => rows.reduce((t, r) => t + paise(pick(r)), 0);
  return {
    invoices: rows.reduce((t, r) => t + r.invoices, 0),
    creditNotes: rows.reduce((t, r) => t + r.creditNotes, 0),
    taxable: sum((r) => r.taxable) / 100,
    tax: sum((r) => r.tax) / 100,
    amount: sum((r) => r.amount) / 100,
    collections,
  };
}

/**
 * Paise as rupees, a number: a credit note's negative amounts would be text starting with '-'
 * otherwise, which the CSV writer guards as a possible formula (lib/csv.ts).
 */
const money = (p: number) => p / 100;

/** The sales register's columns: every invoice and note, amounts in rupees. */
const REGISTER_COLUMNS: CsvColumn<RegisterLine>[] = [
  { header: 'Date', cell: (l) => indiaDay(l.at) },
  { header: 'Document type', cell: (l) => l.type },
  { header: 'Number', cell: (l) => l.number },
  { header: 'Against invoice', cell: (l) => l.against },
  { header: 'Order ID', cell: (l) => l.orderNo },
  { header: 'Customer', cell: (l) => l.customer },
  { header: 'Buyer GSTIN', cell: (l) => l.buyerGstin },
  { header: 'Place of supply', cell: (l) => l.placeOfSupply },
  { header: 'Taxable value', cell: (l) => money(l.taxable) },
  { header: 'CGST', cell: (l) => money(l.cgst) },
  { header: 'SGST', cell: (l) => money(l.sgst) },
  { header: 'IGST', cell: (l) => money(l.igst) },
  { header: 'Total', cell: (l) => money(l.total) },
];

/** The emergencies report's CSV: a line per emergency, newest first. */
const EMERGENCY_COLUMNS: CsvColumn<EmergencyRow>[] = [
  { header: 'Order ID', cell: (r) => r.orderId },
  { header: 'Customer', cell: (r) => r.customer.name },
  { header: 'Phone', cell: (r) => r.customer.phone },
  { header: 'Service', cell: (r) => r.serviceName },
  { header: 'Pin code', cell: (r) => r.pincode },
  { header: 'Rider', cell: (r) => r.rider?.name ?? '' },
  { header: 'Status', cell: (r) => r.status },
  { header: 'Placed at', cell: (r) => indiaDateTime(r.placedAt) },
  { header: 'Delivered at', cell: (r) => (r.deliveredAt ? indiaDateTime(r.deliveredAt) : '') },
  {
    header: 'Minutes to delivery',
    cell: (r) =>
      r.state === 'delivered' ? r.minutes : r.state === 'open' ? 'Still open' : 'Cancelled',
  },
  { header: 'Minutes so far', cell: (r) => (r.state === 'open' ? r.minutes : '') },
  { header: 'Breached', cell: (r) => yesNo(r.breached) },
];

async function* once<Row>(rows: Row[]): AsyncGenerator<Row[]> {
  yield rows;
}

/**
 * Addition (issue 38): `GET report/sales` (sales per period, service, pin code or rider, from the
 * rollups), `GET report/export-sales` (the same as CSV) and `GET report/export-sales-register`
 * (every invoice and note of a range, streamed); (issue 40) `GET report/emergencies` and its CSV
 * `GET report/export-emergencies` — docs/api.md "Reports".
 */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const readReports = readRepository(app, createReportRepository(app.db), createReportRepository);
  const settings = createDeliverySettingsRepository(app.db);
  const readEmergencies = readRepository(app, createEmergencyReport(app.db), createEmergencyReport);

  /** The India days as the instants they span, and the breach setting of now. */
  const emergencyRange = async (q: { from: string; to: string }): Promise<EmergencyRange> => ({
    start: indiaMidnight(q.from),
    end: indiaMidnight(nextDay(q.to)),
    alertAfterMinutes: await settings.getEmergencyAlertMinutes(),
  });

  /** The report asked for: its rows and totals. */
  async function salesReport(
    reports: ReturnType<typeof createReportRepository>,
    q: {
      from: string;
      to: string;
      groupBy: SalesGroup;
    },
  ): Promise<SalesReport> {
    const { from, to, groupBy } = q;
    if (isPeriodGroup(groupBy)) {
      const rows = await reports.byPeriod(groupBy, from, to);
      const cash = rows.reduce((t, r) => t + paise(r.collections ?? 0), 0) / 100;
      return { from, to, groupBy, rows, totals: totalsOf(rows, cash) };
    }
    const [rows, cash] = await Promise.all([
      reports.byKey(groupBy, from, to),
      reports.collections(from, to),
    ]);
    return { from, to, groupBy, rows, totals: totalsOf(rows, cash) };
  }

  app.get(
    '/sales',
    {
      config: { access: 'orders' },
      schema: { querystring: salesQuery, response: answers(salesReportDto) },
    },
    async (request) => ok('Sales', await salesReport(readReports(request), request.query)),
  );

  app.get(
    '/export-sales',
    {
      config: { access: 'orders' },
      schema: {
        querystring: salesQuery,
        response: csvAnswer(
          'sales-by-<groupBy>',
          'The sales report of report/sales with the same parameters, then a Total line',
        ),
      },
    },
    async (request, reply) => {
      const report = await salesReport(readReports(request), request.query);
      const total: SalesRow = {
        key: '',
        label: 'Total',
        ...report.totals,
        collections: isPeriodGroup(report.groupBy) ? report.totals.collections : undefined,
      };
      return sendCsv(request, reply, {
        name: `sales-by-${report.groupBy}`,
        columns: salesColumns(report.groupBy),
        batches: once([...report.rows, total]),
      });
    },
  );

  app.get(
    '/emergencies',
    {
      config: { access: 'orders' },
      schema: { querystring: emergencyQuery, response: answers(emergencyReportDto) },
    },
    async (request) => {
      const { from, to, page, limit } = request.query;
      const range = await emergencyRange(request.query);
      const reports = readEmergencies(request);
      const [summary, emergencies] = await Promise.all([
        reports.summary(range),
        reports.page(range, (page - 1) * limit, limit),
      ]);
      return ok('Emergencies', {
        from,
        to,
        alertAfterMinutes: range.alertAfterMinutes,
        emergencies,
        ...pagingResult(summary.totals.emergencies, page, limit),
        ...summary,
      });
    },
  );

  app.get(
    '/export-emergencies',
    {
      config: { access: 'orders' },
      schema: {
        querystring: emergencyExportQuery,
        response: csvAnswer(
          'emergencies',
          'Every emergency order placed on those days (India), newest first, with its minutes ' +
            'to delivery and whether it breached the emergency alert setting',
        ),
      },
    },
    async (request, reply) => {
      const range = await emergencyRange(request.query);
      return sendCsv(request, reply, {
        name: 'emergencies',
        columns: EMERGENCY_COLUMNS,
        batches: readEmergencies(request).batches(range, CSV_BATCH),
      });
    },
  );

  app.get(
    '/export-sales-register',
    {
      config: { access: 'orders' },
      schema: {
        querystring: registerQuery,
        response: csvAnswer(
          'sales-register',
          'Every tax invoice and credit or debit note issued on those days (India), oldest ' +
            'first; credit notes negative',
        ),
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const defaultRatePercent = (await settings.getCharge()).gst;
      return sendCsv(request, reply, {
        name: 'sales-register',
        columns: REGISTER_COLUMNS,
        batches: readReports(request).register(indiaMidnight(from), indiaMidnight(nextDay(to)), {
          size: CSV_BATCH,
          defaultRatePercent,
        }),
      });
    },
  );
};

export default reportRoutes;
