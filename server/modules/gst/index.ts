import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PdfTurns } from '../../lib/pdfTurns';
import routes from './routes';

/** gst/gstr1 and gst/gstr1-summary (issue 38): the month's GSTR-1 as files and its figures. */
const gstModule: FastifyPluginAsyncZod<{ turns?: PdfTurns }> = async (app, opts) => {
  await app.register(routes, { prefix: '/gst', turns: opts.turns });
};

export default gstModule;
