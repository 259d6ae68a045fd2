import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** admin/login, forgot-password, verify-otp, reset-password, change-password. */
const authModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/admin' });
};

export default authModule;
