import type { FastifyContextConfig, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { Success } from '../lib/reply';
import { declarationOf, isFileAnswer, type AnswerDeclaration } from '../lib/responses';
import { envelopeKey } from './errors';

type EnvelopeConfig = Pick<FastifyContextConfig, 'envelope'> | undefined;

/** `statusCode`, or `statuscode` for the banner and support calls (the spec's spelling). */
const codeKey = (config: EnvelopeConfig) =>
  config?.envelope === 'statuscode' ? 'statuscode' : 'statusCode';

/** The whole success answer of a route, as this plugin writes it below. */
function successSchema(config: EnvelopeConfig, status: number, answer: AnswerDeclaration) {
  const head = {
    ...(config?.envelope === 'success' && { success: z.literal(true) }),
    [codeKey(config)]: z.literal(status),
    message: z.string(),
  };
  if (answer.atTop) return z.object({ ...head, ...(answer.result as z.ZodObject).shape });
  return z.object(answer.result ? { ...head, result: answer.result } : head);
}

/** What plugins/errors.ts answers for a refused or failed call. */
const errorSchema = (config: EnvelopeConfig) =>
  z.object({
    ...(config?.envelope === 'success' && { success: z.literal(false) }),
    [codeKey(config)]: z.number().int(),
    message: z.string(),
  });

/**
 * Writes the success envelope of every answer a handler returns as `ok(message, result)`:
 * `{ statusCode, message, result }` with the reply's status, spelled `statuscode` where the
 * route's config says so (banners, supports), with `success: true` first where the route's
 * envelope is `success` (the plan update), and with the fields at the top level for the
 * spec's two lists that page that way (`okAtTop`). The error envelope is written by
 * plugins/errors.ts from the same config.
 *
 * The same config turns each route's declared answer (lib/responses.ts `answers(result)`) into
 * the schema of that whole envelope, and of its errors, when the route is registered.
 */
export default fp(async (app) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    const config = route.config as EnvelopeConfig;
    let declared = false;
    for (const [status, schema] of Object.entries(response)) {
      if (isFileAnswer(schema)) declared = true;
      const answer = declarationOf(schema);
      if (!answer) continue;
      response[status] = successSchema(config, Number(status), answer);
      declared = true;
    }
    if (declared) {
      response['4xx'] ??= errorSchema(config);
      response['5xx'] ??= errorSchema(config);
    }
  });

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
