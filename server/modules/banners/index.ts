import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** banner/...: the banners of the home screen and the categories. */
const bannersModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/banner' });
};

export default bannersModule;
