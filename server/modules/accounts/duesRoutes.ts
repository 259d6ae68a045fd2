import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder of the accounts contract (issue 36): its calls land here.
const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
