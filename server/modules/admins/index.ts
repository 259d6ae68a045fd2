import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** admin/view-all-users, create-admin-user, edit-admin-user, audit-log. */
const adminsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/admin' });
};

export default adminsModule;
