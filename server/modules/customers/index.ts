import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** user/... and admin/get-users (the inactive customers). */
const customersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
};

export default customersModule;
