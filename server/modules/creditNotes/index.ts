import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/**
 * order/credit-note/{creditNoteId}, order/credit-notes and order/add-credit-note (issue 38):
 * credit and debit notes against the tax invoices, their PDFs and their list.
 */
const creditNotesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/order' });
};

export default creditNotesModule;
