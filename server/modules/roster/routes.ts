import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv, type CsvColumn } from '../../lib/csv';
import { HttpError } from '../../lib/errors';
import { createPdfTurns, type PdfTurns } from '../../lib/pdfTurns';
import { ok } from '../../lib/reply';
import { fileAnswer } from '../../lib/responses';
import { pagingResult } from '../../lib/validation';
import { dayRoster, type RosterRow } from './counts';
import { makeDeliveryDay } from './makeDay';
import { rosterPdf } from './rosterPdf';
import { createRunRepository, toRunDto } from './runs';
import {
  exportRosterQuery,
  generateAnswer,
  generateBody,
  getRosterAnswer,
  getRosterQuery,
  runsAnswer,
  runsQuery,
  settingsAnswer,
  updateSettingsBody,
} from './schemas';
import { createRosterSettingsRepository } from './settings';
import { readRepository } from '../../plugins/readReplica';

export interface RosterRoutesOptions {
  /** The server's turns for laying out PDFs (server/lib/pdfTurns.ts). */
  turns?: PdfTurns;
}

const PDFS_BUSY = 'Many PDFs are being prepared right now. Please try again in a minute.';

const ROSTER_CSV_COLUMNS: CsvColumn<RosterRow>[] = [
  { header: 'Service', cell: (r) => r.serviceName },
  { header: 'Product or plan', cell: (r) => r.itemName },
  { header: 'Slot', cell: (r) => r.slot },
  { header: 'Pin code', cell: (r) => r.pincode },
  { header: 'Deliveries', cell: (r) => r.deliveries },
  { header: 'Quantity', cell: (r) => r.quantity },
];

/** The CSV (format=csv) or the PDF (format=pdf), for the document. */
const rosterFileAnswer: FastifySchema['response'] = (() => {
  const answer = fileAnswer(
    'text/csv',
    "A day's counts per product or plan, slot and pin code: CSV (roster-<day>-<today>.csv) or, " +
      'with format=pdf, a PDF with the totals (roster-<day>.pdf), streamed.',
  );
  answer[200].content['application/pdf'] = answer[200].content['text/csv']!;
  return answer;
})();

async function* once<Row>(rows: Row[]): AsyncGenerator<Row[]> {
  yield rows;
}

/** roster/...: a day's deliveries made from the subscriptions, their counts and runs (issue 35). */
const rosterRoutes: FastifyPluginAsyncZod<RosterRoutesOptions> = async (app, opts) => {
  const runs = readRepository(app, createRunRepository(app.db), createRunRepository);
  const settings = createRosterSettingsRepository(app.db);
  const turns = opts.turns ?? createPdfTurns();

  app.get(
    '/get-roster',
    {
      config: { access: 'orders' },
      schema: { querystring: getRosterQuery, response: getRosterAnswer },
    },
    async (request) => {
      const { date, serviceId } = request.query;
      return ok(`Deliveries for ${date}`, await dayRoster(request.readDb, date, serviceId));
    },
  );

  // Addition: the same counts as a CSV or PDF download.
  app.get(
    '/export-roster',
    {
      config: { access: 'orders' },
      schema: {
        querystring: exportRosterQuery,
        response: rosterFileAnswer,
      },
    },
    async (request, reply) => {
      const { date, serviceId, format } = request.query;
      const roster = await dayRoster(request.readDb, date, serviceId);
      if (format === 'csv') {
        return sendCsv(request, reply, {
          name: `roster-${date}`,
          columns: ROSTER_CSV_COLUMNS,
          batches: once(roster.rows),
        });
      }
      const headers = {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="roster-${date}.pdf"`,
        'cache-control': 'no-store',
      };
      if (request.method === 'HEAD') return reply.headers(headers).send();
      const endTurn = await turns.take(request.log, 'roster PDF', PDFS_BUSY);
      const serviceName = serviceId ? roster.rows[0]?.serviceName : undefined;
      let pdf: PDFKit.PDFDocument;
      try {
        pdf = rosterPdf(roster, serviceName);
      } catch (err) {
        endTurn();
        throw err;
      }
      pdf.once('close', endTurn);
      pdf.once('end', endTurn);
      return reply.headers(headers).send(pdf);
    },
  );

  app.post(
    '/generate',
    { config: { access: 'superAdmin' }, schema: { body: generateBody, response: generateAnswer } },
    async (request) => {
      const admin = request.admin!;
      const run = await makeDeliveryDay(app.db, request.body.date, {
        trigger: 'admin',
        admin: { id: admin.id, name: admin.name },
      });
      if (run.status === 'failed') {
        throw new HttpError(
          500,
          `Making ${run.day} stopped after ${run.generated} orders: ${run.error ?? 'unknown error'}. ` +
            'The orders made stay; make the day again to make the rest.',
        );
      }
      const message =
        run.generated === 0 && run.alreadyMade > 0
          ? `Nothing new to make for ${run.day}: its ${run.alreadyMade} orders were already made.`
          : `${run.generated} orders made for ${run.day}.`;
      return ok(message, { run: toRunDto(run), generated: run.generated, skipped: run.skipped });
    },
  );

  app.get(
    '/runs',
    { config: { access: 'orders' }, schema: { querystring: runsQuery, response: runsAnswer } },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await runs(request).list(page, limit);
      return ok('Runs', { runs: rows.map(toRunDto), ...pagingResult(total, page, limit) });
    },
  );

  app.get(
    '/get-settings',
    { config: { access: 'settings' }, schema: { response: settingsAnswer } },
    async () => ok('Roster settings', { settings: await settings.get() }),
  );

  app.post(
    '/update-settings',
    {
      config: { access: 'settings' },
      schema: { body: updateSettingsBody, response: settingsAnswer },
    },
    async (request) => ok('Cut-off saved', { settings: await settings.save(request.body.cutoff) }),
  );
};

export default rosterRoutes;
