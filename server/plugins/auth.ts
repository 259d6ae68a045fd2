import { and, eq, notExists, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { adminsTable, revokedSessionsTable, type AdminRole, type Permissions } from '../db/schema';
import { forbidden, unauthorized } from '../lib/errors';
import { createSessionCache, type SessionCache } from '../lib/sessionCache';
import { createSessionTokens, type Session, type SessionTokens } from '../lib/tokens';
import { deniedMessage, mayCall, type Access } from '../permissions';
import { API_DOCS_PREFIX } from './openapi';
import {
  createRiderSessions,
  type RiderSessions,
  type SignedInRider,
} from '../modules/riderApp/sessions';
import { riderText } from '../modules/riderApp/messages';

export interface SignedInAdmin {
  id: string;
  name: string;
  email: string;
  role: AdminRole;
  permissions: Partial<Permissions>;
  sessionVersion: number;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; required on every /api route. */
    access?: Access;
    /** How the answer reports success: `statuscode` (banners, supports), `success` (plan update). */
    envelope?: 'statusCode' | 'statuscode' | 'success';
  }
  interface FastifyRequest {
    admin: SignedInAdmin | null;
    /** The verified token of a signed-in call (admin/logout ends it). */
    session: Session | null;
    /** The rider of a rider app call (`access: 'rider'`), as they stand now. */
    rider: SignedInRider | null;
  }
  interface FastifyInstance {
    sessions: SessionTokens;
    /**
     * Whether sessions stand, held in memory and kept true through the database's notifications
     * (server/lib/sessionCache.ts); code that ends a session or changes an admin tells it too.
     */
    sessionCache: SessionCache<SignedInAdmin>;
    /** Every /api route with its access rule, in registration order (docs/permissions.md). */
    routeAccess: RouteAccess[];
    /** Riders' sessions on their phones (issue 40). */
    riderSessions: RiderSessions;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The admin a verified token stands for, as they are now, or null when the session has ended:
 * the admin deleted or no longer Active, signed out (token revoked), or the password changed
 * since (session version). Each live stream's ping asks it; requests ask the session cache,
 * which asks this when it does not hold the session.
 */
export async function standingAdmin(db: Database, claims: Session): Promise<SignedInAdmin | null> {
  let query = standingQueries.get(db);
  if (!query) standingQueries.set(db, (query = standingQuery(db)));
  const [admin] = await query.execute({ adminId: claims.adminId, tokenId: claims.tokenId });
  if (!admin || admin.status !== 'Active' || admin.sessionVersion !== claims.sessionVersion) {
    return null;
  }
  const { status: _status, ...standing } = admin;
  return standing;
}

/**
 * The session check every signed-in request runs, built once per database and prepared (named,
 * on PostgreSQL): building it anew for each request was a tenth of a short list call's CPU.
 */
const standingQueries = new WeakMap<Database, ReturnType<typeof standingQuery>>();

function standingQuery(db: Database) {
  return db
    .select({
      id: adminsTable.id,
      name: adminsTable.name,
      email: adminsTable.email,
      role: adminsTable.role,
      status: adminsTable.status,
      permissions: adminsTable.permissions,
      sessionVersion: adminsTable.sessionVersion,
    })
    .from(adminsTable)
    .where(
      and(
        eq(adminsTable.id, sql.placeholder('adminId')),
        notExists(
          db
            .select({ jti: revokedSessionsTable.jti })
            .from(revokedSessionsTable)
            .where(eq(revokedSessionsTable.jti, sql.placeholder('tokenId'))),
        ),
      ),
    )
    .prepare('standing_admin');
}

/**
 * One mechanism for authentication and permissions: each /api route declares `config.access`;
 * this hook checks the token, finds the admin as they stand now (the session cache, told of
 * every status, password, permission change and sign-out within a moment, on every instance)
 * and applies `mayCall` before the body is even read.
 */
export default fp(async (app) => {
  app.decorate('sessions', createSessionTokens(app.config.jwtSecret));
  const cache = await createSessionCache({
    db: app.db,
    databaseUrl: app.config.databaseUrl,
    log: app.log,
    load: (claims) => standingAdmin(app.db, claims),
  });
  app.decorate('sessionCache', cache);
  app.addHook('onClose', () => cache.close());
  app.decorate('routeAccess', [] as RouteAccess[]);
  app.decorate('riderSessions', createRiderSessions(app.db, app.config.jwtSecret));
  app.decorateRequest('admin', null);
  app.decorateRequest('session', null);
  app.decorateRequest('rider', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    // The API reference's own pages and files (@fastify/swagger-ui) are public, like the spec.
    if (route.url.startsWith(API_DOCS_PREFIX)) {
      route.config = { ...route.config, access: route.config?.access ?? 'public' };
    }
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeAccess.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request);
    if (access === 'rider') {
      // A rider's call: a rider's token only (an admin's has no rider audience).
      const rider = token ? await app.riderSessions.standing(token) : null;
      if (!rider) throw unauthorized(riderText(request, 'server.sessionEnded'));
      request.rider = rider;
      return;
    }
    if (!token) throw unauthorized('Please sign in to continue.');
    const claims = await app.sessions.verify(token);
    if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
    const admin = await cache.standing(claims);
    if (!admin) throw unauthorized('Your session has ended. Please sign in again.');
    if (!mayCall(admin, access)) throw forbidden(deniedMessage(access));
    request.admin = admin;
    request.session = claims;
  });
});
