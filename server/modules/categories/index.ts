import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** category/...: the categories of every kind. */
const categoriesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/category' });
};

export default categoriesModule;
