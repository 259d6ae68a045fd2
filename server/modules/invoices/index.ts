import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PdfTurns } from '../../lib/pdfTurns';
import routes from './routes';

/** order/invoice/{orderId} and order/invoices (issue 16): the GST tax invoices as PDF. */
const invoicesModule: FastifyPluginAsyncZod<{ turns?: PdfTurns }> = async (app, opts) => {
  await app.register(routes, { prefix: '/order', turns: opts.turns });
};

export default invoicesModule;
