import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PdfTurns } from '../../lib/pdfTurns';
import duesRoutes from './duesRoutes';
import routes from './routes';
import settlementRoutes from './settlementRoutes';
import statementRoutes from './statementRoutes';

/**
 * account/... (issue 36): one money account per household. The ledger and its writes (routes),
 * dues and low balances (duesRoutes), monthly statements (statementRoutes), settlement files
 * (settlementRoutes).
 */
const accountsModule: FastifyPluginAsyncZod<{ turns?: PdfTurns }> = async (app, opts) => {
  await app.register(routes, { prefix: '/account' });
  await app.register(duesRoutes, { prefix: '/account' });
  await app.register(statementRoutes, { prefix: '/account', turns: opts.turns });
  await app.register(settlementRoutes, { prefix: '/account' });
};

export default accountsModule;
