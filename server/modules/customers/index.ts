import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import addUserRoutes from './addUserRoutes';
import routes from './routes';

/** user/... and admin/get-users (the inactive customers); user/add-user (New order). */
const customersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
  await app.register(addUserRoutes);
};

export default customersModule;
