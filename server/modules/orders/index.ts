import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PdfTurns } from '../../lib/pdfTurns';
import assignRoutes from './assignRoutes';
import jobSheetRoutes from './jobSheetRoutes';
import placeOrderRoutes from './placeOrderRoutes';
import routes from './routes';

/** order/...: the lists, a status change, the job sheet, assigning riders and placing an order. */
const ordersModule: FastifyPluginAsyncZod<{ turns?: PdfTurns }> = async (app, opts) => {
  await app.register(routes, { prefix: '/order' });
  await app.register(jobSheetRoutes, { prefix: '/order', turns: opts.turns });
  await app.register(assignRoutes, { prefix: '/order' });
  await app.register(placeOrderRoutes, { prefix: '/order' });
};

export default ordersModule;
