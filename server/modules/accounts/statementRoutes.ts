import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PdfTurns } from '../../lib/pdfTurns';

// Placeholder of the accounts contract (issue 36): its calls land here.
const statementRoutes: FastifyPluginAsyncZod<{ turns?: PdfTurns }> = async () => {};

export default statementRoutes;
