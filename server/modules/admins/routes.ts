import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Not built yet: the calls of this area come with the customers and admin users issue.
const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
