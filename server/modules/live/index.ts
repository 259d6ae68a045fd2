import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import openEmergencies from './openEmergencies';
import routes from './routes';

/** live/...: alerts of new and emergency orders as server-sent events; the open emergencies. */
const liveModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/live' });
  await app.register(openEmergencies, { prefix: '/live' });
};

export default liveModule;
