import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/**
 * report/... (issue 38): sales per period, service, pin code and rider from the rollups, and the
 * sales register.
 */
const reportsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/report' });
};

export default reportsModule;
