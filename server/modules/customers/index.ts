import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import noteRoutes from './noteRoutes';
import addUserRoutes from './addUserRoutes';
import routes from './routes';

/** user/... and admin/get-users (the inactive customers); user/add-user (New order). */
const customersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
  await app.register(noteRoutes);
  await app.register(addUserRoutes);
};

export default customersModule;
