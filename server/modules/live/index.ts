import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** live/...: alerts of new and emergency orders as server-sent events. */
const liveModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/live' });
};

export default liveModule;
