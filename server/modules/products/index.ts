import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** product/...: the products of a category. */
const productsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/product' });
};

export default productsModule;
