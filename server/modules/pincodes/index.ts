import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** pincode/...: the pin codes served. */
const pincodesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/pincode' });
};

export default pincodesModule;
