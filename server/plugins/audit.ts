import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Transaction } from '../db/client';
import { auditLogTable } from '../db/schema';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set to false for a POST that changes nothing (a search sent as POST, say), or for a bulk
     * call that writes a row per record itself, in its transaction (`auditEach`).
     */
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
 * The audit row of a write by the signed-in admin. `resource` and `action` come from the route's
 * path (`/api/category/edit-category` -> `category`, `edit-category`), or from `asRoute`: the
 * single call a bulk call does the work of, so that both leave the same rows.
 */
function auditRow(
  request: FastifyRequest,
  admin: NonNullable<FastifyRequest['admin']>,
  recordId: string | null,
  statusCode: number,
  asRoute?: string,
): typeof auditLogTable.$inferInsert {
  const url = asRoute ?? request.routeOptions.url ?? request.url;
  const [resource = '', ...rest] = url.replace(/^\/api\//, '').split('/');
  const action = rest.filter((part) => !part.startsWith(':')).join('/') || 'write';
  return {
    adminId: admin.id,
    adminEmail: admin.email,
    resource,
    action,
    recordId,
    method: request.method,
    path: request.url.split('?')[0]!,
    statusCode,
  };
}

/**
 * The audit rows of a bulk call (its route sets `audit: false`): one per record it changed, the
 * same row the single call `asRoute` writes (resource, action, record), with the bulk call's
 * path. Written in the call's own transaction, so the changes and their trail commit together.
 */
export async function auditEach(
  db: Database | Transaction,
  request: FastifyRequest,
  recordIds: string[],
  asRoute: string,
): Promise<void> {
  const admin = request.admin;
  if (!admin || recordIds.length === 0) return;
  await db
    .insert(auditLogTable)
    .values(recordIds.map((id) => auditRow(request, admin, id, 200, asRoute)));
}

/**
 * The audit trail: every successful POST made by a signed-in admin is recorded (who, when,
 * which call, which record), from one place rather than in each module (`auditRow`).
 */
export default fp(async (app) => {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.method !== 'POST' || !request.admin || reply.statusCode >= 400) return payload;
    if (request.routeOptions.config?.audit === false) return payload;
    const recordId = recordIdOf(request, payload);
    try {
      await app.db
        .insert(auditLogTable)
        .values(auditRow(request, request.admin, recordId, reply.statusCode));
    } catch (err) {
      // The write itself succeeded; a lost audit row is logged loudly rather than undoing it.
      request.log.error({ err }, 'could not record the audit trail');
    }
    return payload;
  });
});
