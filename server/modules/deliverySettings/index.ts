import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** delivery-charge/... and delivery-time/... */
const deliverySettingsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
};

export default deliverySettingsModule;
