import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import routes from './routes';

/** returnable/... (issue 16): the jar and cylinder ledger. */
const returnablesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes, { prefix: '/returnable' });
};

export default returnablesModule;
