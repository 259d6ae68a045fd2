import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** admin/dashboard-data and order/get-orders-by-filter. */
const dashboardModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
};

export default dashboardModule;
