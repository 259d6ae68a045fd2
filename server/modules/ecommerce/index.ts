import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** e-comm/...: the e-commerce products and categories. */
const ecommerceModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/e-comm' });
};

export default ecommerceModule;
