import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { readRepository } from '../../plugins/readReplica';
import { createOpenEmergencies } from './openEmergenciesRepository';
import { openEmergenciesAnswer } from './schemas';
import { HEARS_ORDERS } from './streams';

/**
 * Addition (issue 40): `GET live/open-emergencies`, what the panel's "running late" alert counts
 * from. Each panel works out the ages itself from these and the setting (no clock on the
 * server), asking again now and then to learn of deliveries (docs/api.md "Live alerts").
 */
const openEmergenciesRoutes: FastifyPluginAsyncZod = async (app) => {
  const reads = readRepository(app, createOpenEmergencies(app.db), createOpenEmergencies);
  app.get(
    '/open-emergencies',
    { config: { access: HEARS_ORDERS }, schema: { response: openEmergenciesAnswer } },
    async (request) => ok('Open emergencies', await reads(request).list()),
  );
};

export default openEmergenciesRoutes;
