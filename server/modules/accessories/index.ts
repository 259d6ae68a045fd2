import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** accessory/...: the water and oxygen accessories. */
const accessoriesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/accessory' });
};

export default accessoriesModule;
