import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Transaction } from '../db/client';
import { auditLogTable } from '../db/schema';
import { recordChanges, recordName } from './auditNames';
import { type AuditWords, nameOf, routeWords } from './auditWords';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set to false for a POST that changes nothing (a search sent as POST, say), or for a bulk
     * call that writes a row per record itself, in its transaction (`auditEach`).
     */
    audit?: boolean;
  }
  interface FastifyRequest {
    /**
     * Tells the audit trail what this write did, in words (`summary`), field by field
     * (`changes`, see diffRecords) and to which record, when the plugin cannot guess it.
     */
    audit(words: AuditWords): void;
    /** What `audit()` was told; read by the audit hook. */
    auditWords: AuditWords | null;
  }
}

/** The record an answer carries (`result.product`, `result.user`, ...), if any. */
function answeredRecord(payload: unknown): Record<string, unknown> | null {
  const result = (payload as { result?: Record<string, unknown> } | null)?.result;
  if (!result || typeof result !== 'object') return null;
  for (const value of Object.values(result)) {
    if (value && typeof value === 'object' && typeof (value as { _id?: unknown })._id === 'string')
      return value as Record<string, unknown>;
  }
  return null;
}

/** The id of the record a write touched: the path's id, the written record, or the body's *Id. */
function recordIdOf(request: FastifyRequest, payload: unknown): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  if (typeof params?.id === 'string') return params.id;
  const record = answeredRecord(payload);
  if (record) return record._id as string;
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
  words: { summary: string; changes?: AuditWords['changes'] },
  asRoute?: string,
): typeof auditLogTable.$inferInsert {
  const url = asRoute ?? routeOf(request);
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
    summary: words.summary,
    changes: words.changes?.length ? words.changes : null,
  };
}

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? request.url;
const resourceOf = (route: string) => route.replace(/^\/api\//, '').split('/')[0] ?? '';
const bodyOf = (request: FastifyRequest) =>
  request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)
    ? (request.body as Record<string, unknown>)
    : undefined;

/** The customer, rider or order a call's body names, for calls about one of them. */
const BODY_NAMES = [
  ['userId', 'user'],
  ['riderId', 'rider'],
  ['orderId', 'order'],
] as const;
/** Ledger calls: the answer carries an entry or an item; the body names whose it is. */
const ABOUT_THE_CUSTOMER = new Set(['account', 'returnable']);

/**
 * The words of a write whose route said nothing: the route's phrase with the record's name, from
 * the answer's record, the record's id, or the customer, rider or order the body names.
 */
async function wordsOf(
  request: FastifyRequest,
  route: string,
  payload: unknown,
  recordId: string | null,
): Promise<string> {
  const db = request.server.db;
  const body = bodyOf(request);
  const resource = resourceOf(route);
  const byBody = async () => {
    for (const [key, named] of BODY_NAMES) {
      const id = body?.[key];
      if (typeof id === 'string') return recordName(db, named, id);
    }
    return null;
  };
  const name = ABOUT_THE_CUSTOMER.has(resource)
    ? ((await byBody()) ?? nameOf(answeredRecord(payload)))
    : (nameOf(answeredRecord(payload)) ??
      (await recordName(db, resource, recordId)) ??
      (await byBody()));
  return routeWords(route, body, name);
}

/** One record of a bulk call: its id, with its own words when the route has them. */
export type AuditedRecord = string | (AuditWords & { recordId: string });

/**
 * The audit rows of a bulk call (its route sets `audit: false`): one per record it changed, the
 * same row the single call `asRoute` writes (resource, action, record), with the bulk call's
 * path. Written in the call's own transaction, so the changes and their trail commit together.
 */
export async function auditEach(
  db: Database | Transaction,
  request: FastifyRequest,
  records: AuditedRecord[],
  asRoute: string,
): Promise<void> {
  const admin = request.admin;
  if (!admin || records.length === 0) return;
  const rows = [];
  for (const record of records) {
    const words = typeof record === 'string' ? { recordId: record } : record;
    const summary =
      words.summary ??
      routeWords(
        asRoute,
        bodyOf(request),
        await recordName(db, resourceOf(asRoute), words.recordId),
      );
    const changes = words.changes ?? (await recordChanges(db, asRoute, words.recordId));
    rows.push(auditRow(request, admin, words.recordId, 200, { summary, changes }, asRoute));
  }
  await db.insert(auditLogTable).values(rows);
}

/**
 * The audit trail: every successful POST made by a signed-in admin is recorded (who, when,
 * which call, which record), from one place rather than in each module (`auditRow`).
 */
export default fp(async (app) => {
  app.decorateRequest('auditWords', null);
  app.decorateRequest('audit', function (this: FastifyRequest, words: AuditWords) {
    this.auditWords = { ...this.auditWords, ...words };
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.method !== 'POST' || !request.admin || reply.statusCode >= 400) return payload;
    if (request.routeOptions.config?.audit === false) return payload;
    try {
      const told = request.auditWords;
      const recordId = told?.recordId !== undefined ? told.recordId : recordIdOf(request, payload);
      const route = routeOf(request);
      const summary = told?.summary ?? (await wordsOf(request, route, payload, recordId));
      await app.db.insert(auditLogTable).values(
        auditRow(request, request.admin, recordId, reply.statusCode, {
          summary,
          changes: told?.changes,
        }),
      );
    } catch (err) {
      // The write itself succeeded; a lost audit row is logged loudly rather than undoing it.
      request.log.error({ err }, 'could not record the audit trail');
    }
    return payload;
  });
});
