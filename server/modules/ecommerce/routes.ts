import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of this area: see docs/api.md. */
const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
