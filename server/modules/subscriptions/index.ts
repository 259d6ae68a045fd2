import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** subscription/...: standing orders and tiffin plans, their pauses, skips and calendar. */
const subscriptionsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/subscription' });
};

export default subscriptionsModule;
