import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import adminRoutes from './adminRoutes';
import routes from './routes';

/**
 * rider-app/...: the riders' own calls from their phones; rider/set-pin, rider/devices,
 * rider/sign-out-devices: an admin's side of them (issue 40).
 */
const riderAppModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/rider-app' });
  await app.register(adminRoutes, { prefix: '/rider' });
};

export default riderAppModule;
