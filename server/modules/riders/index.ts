import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PdfTurns } from '../../lib/pdfTurns';
import routes from './routes';
import runSheetRoutes from './runSheetRoutes';

/** rider/...: the delivery riders, their rounds and cash, and the run sheet PDF. */
const ridersModule: FastifyPluginAsyncZod<{ turns?: PdfTurns }> = async (app, opts) => {
  await app.register(routes, { prefix: '/rider' });
  await app.register(runSheetRoutes, { prefix: '/rider', turns: opts.turns });
};

export default ridersModule;
