import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { createPdfTurns, type PdfTurns } from '../../lib/pdfTurns';
import { fileAnswer } from '../../lib/responses';
import { toAccessoryDto, toOrderDto } from '../orders/dto';
import { createOrderRepository } from '../orders/repository';
import { createRiderRepository, RUN_BOUND } from './repository';
import { runParams, runQuery } from './schemas';
import { renderRunSheet } from './runSheet';
import type { RunSheetJob } from './runSheetContent';
import { readRepository } from '../../plugins/readReplica';

/**
 * What the run sheet answers, for the document: the PDF. Typed as any response schema, since
 * the handler sends a stream (nothing for HEAD).
 */
const sheetAnswer: FastifySchema['response'] = fileAnswer(
  'application/pdf',
  `The rider's run sheet of the day (and round): at most ${RUN_BOUND} jobs, emergencies first, ` +
    'then by pin code; items, empties and cash to collect, totals and the signature lines ' +
    '(run-sheet-<rider>-<date>.pdf).',
);

/** The rider's name for a file name: 'Ravi Kumar' -> 'ravi-kumar' ('rider' when not Latin). */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'rider';
}

/**
 * Addition (issue 15.3): `GET rider/run-sheet/{riderId}?date=&shift=`, the rider's run sheet as
 * a PDF to print and hand over (docs/api.md "Run sheets"). The jobs are the rider's run as
 * rider/run answers it (orders_rider_run_idx, at most RUN_BOUND), with their accessories.
 */
export const RUN_SHEETS_BUSY =
  'Many run sheets are being prepared right now. Please try again in a minute.';

const runSheetRoutes: FastifyPluginAsyncZod<{ turns?: PdfTurns }> = async (app, opts) => {
  /** The server's turns for long PDFs (server/lib/pdfTurns.ts), shared with the job sheets. */
  const turns = opts.turns ?? createPdfTurns();
  const riders = readRepository(app, createRiderRepository(app.db), createRiderRepository);
  const orders = readRepository(app, createOrderRepository(app.db), createOrderRepository);

  app.get(
    '/run-sheet/:riderId',
    {
      config: { access: 'assigningJobs' },
      schema: {
        params: runParams,
        querystring: runQuery,
        response: sheetAnswer,
      },
    },
    async (request, reply) => {
      const { date, shift } = request.query;
      const rider = await riders(request).findById(request.params.riderId);
      if (!rider) throw notFound('This rider does not exist.');
      const headers = {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="run-sheet-${fileSlug(rider.name)}-${date}.pdf"`,
        'cache-control': 'no-store',
      };
      // HEAD runs this handler too: the headers, without laying out a sheet nobody reads.
      if (request.method === 'HEAD') return reply.headers(headers).send();

      const run = await riders(request).run(rider.id, date, shift);
      const accessories = await orders(request).accessoriesOf(run.rows.map((row) => row.order.id));
      const jobs: RunSheetJob[] = run.rows.map((row) => ({
        ...toOrderDto(row),
        accessories: (accessories.get(row.order.id) ?? []).map(toAccessoryDto),
      }));
      const endTurn = await turns.take(request.log, 'run sheet', RUN_SHEETS_BUSY);
      const pdf = await renderRunSheet(
        { rider, day: date, shift, printedAt: new Date(), total: run.total },
        jobs,
      ).finally(endTurn);
      return reply.headers(headers).send(pdf);
    },
  );
};

export default runSheetRoutes;
