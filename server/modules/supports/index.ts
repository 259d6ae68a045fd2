import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** support/...: the customers' help tickets. */
const supportsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/support' });
};

export default supportsModule;
