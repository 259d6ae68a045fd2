import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PdfTurns } from '../../lib/pdfTurns';
import holidayRoutes from './holidayRoutes';
import rosterRoutes from './routes';

/** roster/... and holiday/...: each day's deliveries made from the subscriptions (issue 35). */
const rosterModule: FastifyPluginAsyncZod<{ turns?: PdfTurns }> = async (app, opts) => {
  await app.register(rosterRoutes, { prefix: '/roster', turns: opts.turns });
  await app.register(holidayRoutes, { prefix: '/holiday' });
};

export default rosterModule;
