import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { BRAND_NAME } from '@shared/brand';
import { SPEC_CALLS, specCallOf } from '../openapi/specCalls';
import { accessGroups, type Access } from '../permissions';

/** Where the document and its readable reference are served. */
export const OPENAPI_JSON_URL = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

const specCalls = new Set(SPEC_CALLS);

/** Who may call a route, in the words of docs/permissions.md. */
function accessText(access: Access): string {
  if (access === 'public') return 'no sign-in';
  if (access === 'signedIn') return 'any signed-in admin';
  if (access === 'superAdmin') return 'the super-admin only';
  return `the ${accessGroups(access).join(' or ')} permission (or the super-admin)`;
}

/**
 * The OpenAPI 3.1 document of every /api call, generated from the routes' zod schemas
 * (@fastify/swagger with fastify-type-provider-zod's transform), at /api/openapi.json, and a
 * readable reference at /api/docs (@fastify/swagger-ui, its own files, no inline script). Each
 * operation says who may call it (`x-permission`, and the bearer scheme when a sign-in is
 * needed) and whether the spec has it or it is one of our additions (`x-addition`, tag
 * "Additions"). The spec's irregular envelopes (`statuscode`, `success`, paging at the top) are
 * described in docs/api.md. Public, like the spec: it holds no secret.
 */
export default fp(async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${BRAND_NAME} admin API`,
        description:
          'The back office API: the calls of the spec (same paths, methods, payload kinds and ' +
          'answers, including their irregular envelopes) and our additions, marked ' +
          '`x-addition: true`. Answers carry `statusCode` (banner and support calls: ' +
          '`statuscode`), `message` and `result`. See docs/api.md.',
        version: '1',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      tags: [
        { name: 'Spec', description: 'Calls of the spec’s call tables' },
        { name: 'Additions', description: 'Calls the spec lacks, added without changing it' },
      ],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const { route } = input;
      if (!route.url.startsWith('/api/') || route.url.startsWith(API_DOCS_PREFIX)) {
        return { ...out, schema: { ...out.schema, hide: true } };
      }
      const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
      const fromSpec = specCalls.has(specCallOf(method, route.url));
      const access = route.config?.access as Access | undefined;
      const schema = {
        ...out.schema,
        tags: [fromSpec ? 'Spec' : 'Additions'],
        'x-addition': !fromSpec,
        ...(access && {
          'x-permission': access,
          description: `Who may call it: ${accessText(access)}.`,
          ...(access !== 'public' && { security: [{ bearer: [] }] }),
        }),
      };
      return { ...out, schema };
    },
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'none', deepLinking: true },
    staticCSP: false,
    transformSpecificationClone: true,
  });

  app.get(OPENAPI_JSON_URL, { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
