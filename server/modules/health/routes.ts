import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { answers } from '../../lib/responses';
import { sendError } from '../../plugins/errors';
import { createReadinessCheck } from './readiness';
import { createHealthRepository, shippedMigrations } from './repository';

/**
 * Probes for a load balancer or an orchestrator (docs/operations.md, "Health checks"), without
 * a token: `health` says the process answers (liveness: restart it when this fails), `ready`
 * says it can serve (the database answers and has every migration this server ships; take it
 * out of the pool while it answers 503). Their answers name no host, version or error.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createHealthRepository(app.db);
  const checkReadiness = createReadinessCheck({
    newestAppliedMigration: repo.newestAppliedMigration,
    shipped: shippedMigrations(),
  });
  // A fresh object per route: plugins/envelope.ts rewrites a route's response schema in place.
  const probe = () => ({
    config: { access: 'public' as const },
    schema: { response: answers() },
  });

  app.get('/health', probe(), async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok('The server is running.');
  });

  app.get('/ready', probe(), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const readiness = await checkReadiness();
    if (readiness.ready) return ok('Ready: the database answers and every migration is applied.');
    const { reason, pending, err } = readiness;
    request.log.warn({ reason, pending, err }, 'not ready');
    // Answered here rather than thrown: a 503 thrown is logged as a failed request, and a
    // balancer asks every few seconds.
    return sendError(request, reply, 503, `Not ready: ${reason}.`);
  });
};

export default healthRoutes;
