import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** plan/...: the tiffin meal plans. */
const plansModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/plan' });
};

export default plansModule;
