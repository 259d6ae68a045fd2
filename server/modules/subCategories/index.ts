import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** subCategory/...: the laundry sub-categories. */
const subCategoriesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/subCategory' });
};

export default subCategoriesModule;
