import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** settings/get-business and save-business (issue 16): the seller on the tax invoices. */
const businessModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/settings' });
};

export default businessModule;
