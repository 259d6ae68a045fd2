import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** health and ready: for load balancers and orchestrators, no token. */
const healthModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
};

export default healthModule;
