import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** return-history/...: the customers' return requests. */
const returnsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/return-history' });
};

export default returnsModule;
