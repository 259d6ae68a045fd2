import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import noteRoutes from './noteRoutes';
import routes from './routes';

/** user/... and admin/get-users (the inactive customers). */
const customersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
  await app.register(noteRoutes);
};

export default customersModule;
