import fp from 'fastify-plugin';
import { Success } from '../lib/reply';
import { envelopeKey } from './errors';

/**
 * Writes the success envelope of every answer a handler returns as `ok(message, result)`:
 * `{ statusCode, message, result }` with the reply's status, spelled `statuscode` where the
 * route's config says so (banners, supports), with `success: true` first where the route's
 * envelope is `success` (the plan update), and with the fields at the top level for the
 * spec's two lists that page that way (`okAtTop`). The error envelope is written by
 * plugins/errors.ts from the same config.
 */
export default fp(async (app) => {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!(payload instanceof Success)) return payload;
    const flagged = request.routeOptions.config?.envelope === 'success';
    const head = {
      ...(flagged && { success: true }),
      [envelopeKey(request)]: reply.statusCode,
      message: payload.message,
    };
    if (payload.atTop) return { ...head, ...(payload.result as object) };
    return payload.result === undefined ? head : { ...head, result: payload.result };
  });
});
