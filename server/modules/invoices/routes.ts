import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { indiaMidnight, nextDay } from '@shared/time';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { writePdfBatches } from '../../lib/pdfStream';
import { createPdfTurns, type PdfTurns } from '../../lib/pdfTurns';
import { fileAnswer } from '../../lib/responses';
import { createDeliverySettingsRepository } from '../deliverySettings/repository';
import type { InvoiceDocument } from './document';
import { createInvoicePdf, renderInvoice } from './pdf';
import { createInvoiceRepository } from './repository';
import { invoiceParams, MOST_INVOICE_DAYS, rangeQuery } from './schemas';
import { readRepository } from '../../plugins/readReplica';

/** The most invoices one download of order/invoices covers (and MOST_INVOICE_DAYS days). */
export const MOST_INVOICES = 2_000;
/** Invoices read (and their documents built) per query while the PDF is written. */
export const INVOICE_BATCH = 100;

const NOT_FOUND = 'This order does not exist.';
export const INVOICES_BUSY =
  'Many invoice downloads are being prepared right now. Please try again in a minute.';
const NO_BUSINESS =
  'Save the business details under Settings first: a tax invoice needs the seller’s GSTIN.';

const countFormat = new Intl.NumberFormat('en-IN');
const dayFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** '2026-11-24' -> '24 Nov 2026'. */
const dayText = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** A file name from an invoice number: 'DS/26-27/000042' -> 'invoice-DS-26-27-000042.pdf'. */
export const invoiceFileName = (invoiceNo: string) =>
  `invoice-${invoiceNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

const pdfHeaders = (fileName: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

const invoiceAnswer: FastifySchema['response'] = fileAnswer(
  'application/pdf',
  "The order's tax invoice (invoice-<number>.pdf): numbered on its first download if the " +
    'delivery did not number it, and the same document on every download after.',
);
const rangeAnswer: FastifySchema['response'] = fileAnswer(
  'application/pdf',
  `The tax invoices issued on those days (India), oldest first, one from each new page, ` +
    `streamed as they are written (invoices-<from>-to-<to>.pdf); at most ${MOST_INVOICE_DAYS} ` +
    `days and ${countFormat.format(MOST_INVOICES)} invoices. X-Invoice-Count gives how many.`,
);

/**
 * Addition (issue 16): `GET order/invoice/{orderId}`, a delivered order's GST tax invoice, and
 * `GET order/invoices?from=&to=`, the invoices of up to 31 days as one streamed PDF (docs/api.md
 * "Tax invoices").
 */
const invoiceRoutes: FastifyPluginAsyncZod<{ turns?: PdfTurns }> = async (app, opts) => {
  /** The server's turns for long PDFs (server/lib/pdfTurns.ts), shared with the job sheets. */
  const turns = opts.turns ?? createPdfTurns();
  const invoices = createInvoiceRepository(app.db);
  const readInvoices = readRepository(app, invoices, createInvoiceRepository);
  const settings = createDeliverySettingsRepository(app.db);
  /** The rate of what has no rate of its own or of its category: the delivery settings' GST. */
  const defaultRate = async () => (await settings.getCharge()).gst;

  app.get(
    '/invoice/:orderId',
    {
      config: { access: 'orders' },
      schema: {
        params: invoiceParams,
        response: invoiceAnswer,
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      // HEAD runs this handler too: it answers what a download would, but numbers nothing.
      if (request.method === 'HEAD') {
        const order = await invoices.numberOf(orderId);
        if (!order) throw notFound(NOT_FOUND);
        if (!order.invoiceNo) {
          if (order.status !== 'Delivered') throw notDelivered(order.orderNo, order.status);
          if (!order.businessSaved) throw conflict(NO_BUSINESS);
        }
        // Not numbered yet (delivered before the details were saved): named after the order.
        const name = invoiceFileName(order.invoiceNo ?? order.orderNo);
        return reply.headers(pdfHeaders(name)).send();
      }

      const outcome = await invoices.issue(orderId, await defaultRate());
      switch (outcome.kind) {
        case 'missing':
          throw notFound(NOT_FOUND);
        case 'notDelivered':
          throw notDelivered(outcome.orderNo, outcome.status);
        case 'noBusiness':
          throw conflict(NO_BUSINESS);
      }
      const { document } = outcome;
      return reply
        .headers(pdfHeaders(invoiceFileName(document.invoiceNo)))
        .send(renderInvoice(document));
    },
  );

  app.get(
    '/invoices',
    {
      config: { access: 'orders' },
      schema: { querystring: rangeQuery, response: rangeAnswer },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const start = indiaMidnight(from);
      const end = indiaMidnight(nextDay(to));
      const days = from === to ? `on ${dayText(from)}` : `from ${dayText(from)} to ${dayText(to)}`;
      const total = await readInvoices(request).countIssued(start, end);
      if (total === 0) throw notFound(`No invoices were issued ${days}.`);
      if (total > MOST_INVOICES) {
        throw badRequest(
          `${countFormat.format(total)} invoices were issued ${days}; a download holds at most ` +
            `${countFormat.format(MOST_INVOICES)}. Choose fewer days.`,
        );
      }
      const headers = {
        ...pdfHeaders(`invoices-${from}-to-${to}.pdf`),
        'x-invoice-count': String(total),
      };
      if (request.method === 'HEAD' || request.raw.destroyed) {
        return request.method === 'HEAD' ? reply.headers(headers).send() : reply.code(204).send();
      }

      const endTurn = await turns.take(request.log, 'invoices', INVOICES_BUSY);
      // The client may have gone away while it waited: nobody to lay the invoices out for.
      if (request.raw.destroyed) {
        endTurn();
        return reply.code(204).send();
      }
      // The invoices counted: those issued meanwhile (today's) wait for the next download.
      const batches = readInvoices(request).documents(start, end, {
        size: INVOICE_BATCH,
        limit: total,
        defaultRatePercent: await defaultRate(),
      });
      // The first batch before the answer starts: a failure here is still an ordinary 500.
      let first: IteratorResult<InvoiceDocument[]>;
      try {
        first = await batches.next();
      } catch (err) {
        endTurn();
        await batches.return(undefined).catch(() => {});
        throw err;
      }
      const writer = createInvoicePdf(`Tax invoices ${days}`);
      void writePdfBatches(
        writer,
        first.done ? [] : first.value,
        batches,
        request.log,
        'invoices',
      ).finally(endTurn);
      return reply.headers(headers).send(writer.pdf);
    },
  );
};

function notDelivered(orderNo: string, status: string) {
  return conflict(
    `Order ${orderNo} is ${status}: a tax invoice is issued once the order is delivered.`,
  );
}

export default invoiceRoutes;
