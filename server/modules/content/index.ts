import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** terms-conditions/..., contact-us/... and content/preview. */
const contentModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
};

export default contentModule;
