import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditLogTable } from '../db/schema';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false for a POST that changes nothing (a search sent as POST, say). */
    audit?: boolean;
  }
}

/** The id of the record a write touched: the path's id, the written record, or the body's *Id. */
function recordIdOf(request: FastifyRequest, payload: unknown): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  if (typeof params?.id === 'string') return params.id;
  const result = (payload as { result?: Record<string, unknown> } | null)?.result;
  if (result && typeof result === 'object') {
    for (const value of Object.values(result)) {
      const id = (value as { _id?: unknown } | null)?._id;
      if (typeof id === 'string') return id;
    }
  }
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object') {
    const key = Object.keys(body).find((k) => /Id$/.test(k) && typeof body[k] === 'string');
    if (key) return body[key] as string;
  }
  return null;
}

/**
 * The audit trail: every successful POST made by a signed-in admin is recorded (who, when,
 * which call, which record), from one place rather than in each module. `resource` and `action`
 * come from the path (`/api/category/edit-category` -> `category`, `edit-category`).
 */
export default fp(async (app) => {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.method !== 'POST' || !request.admin || reply.statusCode >= 400) return payload;
    if (request.routeOptions.config?.audit === false) return payload;
    const url = request.routeOptions.url ?? request.url;
    const [resource = '', ...rest] = url.replace(/^\/api\//, '').split('/');
    const action = rest.filter((part) => !part.startsWith(':')).join('/') || 'write';
    try {
      await app.db.insert(auditLogTable).values({
        adminId: request.admin.id,
        adminEmail: request.admin.email,
        resource,
        action,
        recordId: recordIdOf(request, payload),
        method: request.method,
        path: request.url.split('?')[0]!,
        statusCode: reply.statusCode,
      });
    } catch (err) {
      // The write itself succeeded; a lost audit row is logged loudly rather than undoing it.
      request.log.error({ err }, 'could not record the audit trail');
    }
    return payload;
  });
});
