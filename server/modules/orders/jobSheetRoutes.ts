import type { FastifyBaseLogger, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { createPdfTurns, type PdfTurns } from '../../lib/pdfTurns';
import { fileAnswer } from '../../lib/responses';
import { createJobSheet, type JobSheetJob, type JobSheetWriter } from './jobSheet';
import { findSheetService, jobSheetBatches, sheetHeading } from './jobSheetRows';
import { jobFilter } from './filters';
import { createOrderRepository } from './repository';
import { jobSheetQuery, serviceParams } from './schemas';
import { readRepository } from '../../plugins/readReplica';

export interface JobSheetRoutesOptions {
  /** Jobs read per query (SHEET_BATCH); tests make it small to cross many batches. */
  batchSize?: number;
  /** The server's turns for laying out PDFs (server/lib/pdfTurns.ts), shared with the other long PDFs. */
  turns?: PdfTurns;
}

/** The 503 when too many long PDFs wait for a turn (server/lib/pdfTurns.ts). */
export const SHEETS_BUSY =
  'Many job sheets are being prepared right now. Please try again in a minute.';

/**
 * What the job sheet answers, for the document: the PDF. Typed as any response schema, since
 * the handler sends a stream (nothing for HEAD, 204 for a client gone away), which the binary
 * string the document shows would not let it send.
 */
const sheetAnswer: FastifySchema['response'] = fileAnswer(
  'application/pdf',
  'The job sheet of every open job matching the filter, streamed as it is written ' +
    '(orders.pdf); X-Job-Count gives the open jobs counted when it started.',
);

/**
 * Addition: the whole job sheet of a service as a streamed PDF (docs/api.md "The job sheet"),
 * however many jobs: read 500 at a time and written as they come, so the server's memory stays
 * flat. The panel's Download PDF uses it; assign-jobs `wantPdf=true` keeps the (bounded)
 * base64 sheet of the spec.
 */
const jobSheetRoutes: FastifyPluginAsyncZod<JobSheetRoutesOptions> = async (app, opts) => {
  const reads = readRepository(app, createOrderRepository(app.db), createOrderRepository);
  const turns = opts.turns ?? createPdfTurns();

  app.get(
    '/job-sheet/:serviceId',
    {
      config: { access: 'assigningJobs' },
      schema: {
        params: serviceParams,
        querystring: jobSheetQuery,
        response: sheetAnswer,
      },
    },
    async (request, reply) => {
      const repo = reads(request);
      const service = await findSheetService(app.db, request.params.serviceId);
      if (!service) throw notFound('This service does not exist.');
      const filter = jobFilter(request.params.serviceId, request.query);
      const heading = await sheetHeading(repo, service, filter);
      const headers = {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="orders.pdf"',
        'cache-control': 'no-store',
        'x-job-count': String(heading.total),
      };
      // HEAD runs this handler too: the headers, without laying out a sheet nobody reads.
      if (request.method === 'HEAD') return reply.headers(headers).send();

      const endTurn = await turns.take(request.log, 'job sheet', SHEETS_BUSY);
      // The client may have gone away while it waited: nobody to lay the sheet out for.
      if (request.raw.destroyed) {
        endTurn();
        return reply.code(204).send();
      }
      const batches = jobSheetBatches(repo, filter, { batchSize: opts.batchSize });
      let first: IteratorResult<JobSheetJob[]>;
      try {
        // The first batch before the answer starts: a failure here is still an ordinary 500.
        first = await batches.next();
      } catch (err) {
        endTurn();
        throw err;
      }
      const sheet = createJobSheet(heading);
      void writeSheet(sheet, first.done ? [] : first.value, batches, request.log).finally(endTurn);
      return reply.headers(headers).send(sheet.pdf);
    },
  );
};

/**
 * Lays out the batches as they are read, while Fastify pipes the PDF to the client. Once the
 * answer has started its status cannot change: a client that goes away stops the reading; a
 * failed query is logged and the connection closed, so the download visibly fails.
 */
async function writeSheet(
  sheet: JobSheetWriter,
  first: JobSheetJob[],
  batches: AsyncGenerator<JobSheetJob[]>,
  log: FastifyBaseLogger,
) {
  try {
    await sheet.add(first);
    while (!sheet.closed) {
      const next = await batches.next();
      if (next.done) break;
      await sheet.add(next.value);
    }
    if (sheet.closed) {
      log.info({ jobs: sheet.written }, 'job sheet: the client went away, reading stopped');
    } else {
      sheet.end();
    }
  } catch (err) {
    log.error({ err, jobs: sheet.written }, 'job sheet failed part way; the download was cut');
    sheet.pdf.destroy();
  } finally {
    await batches.return(undefined).catch(() => {});
  }
}

export default jobSheetRoutes;
