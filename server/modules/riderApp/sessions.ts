import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Database, Transaction } from '../../db/client';
import { ridersTable } from '../riders/tables';
import { riderSessionsTable } from './tables';

/** A rider stays signed in on a phone for a month (riders sign in at the start of a day). */
export const RIDER_SESSION_DAYS = 30;
/** Only riders' tokens carry this audience; the admins' verifier refuses any token with one. */
export const RIDER_AUDIENCE = 'rider';
/** How often a session's "last seen" is written (not on every request of a busy phone). */
const SEEN_EVERY_MS = 5 * 60_000;

export interface SignedInRider {
  id: string;
  name: string;
  phone: string;
  sessionId: string;
}

export type RiderSessionRow = typeof riderSessionsTable.$inferSelect;

/**
 * Riders' sessions on their phones (issue 40): a signed token (HS256, audience `rider`) naming
 * the rider and the session's row, which must still stand on every request: not ended (signed
 * out, or the PIN set again), not expired, the rider Active. One indexed look-up per request:
 * a few hundred riders, their phones polling now and then.
 */
export function createRiderSessions(db: Database, secret: string) {
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const s = riderSessionsTable;

  return {
    /** Starts a session for the rider on this device; its token. */
    async start(riderId: string, device: string): Promise<string> {
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + RIDER_SESSION_DAYS * 86_400_000);
      await db.insert(s).values({ id, riderId, device: device.slice(0, 200), expiresAt });
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(riderId)
        .setAudience(RIDER_AUDIENCE)
        .setJti(id)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
    },

    /** The rider a token stands for now, or null (bad token, ended, expired, rider inactive). */
    async standing(token: string): Promise<SignedInRider | null> {
      let claims: { riderId: string; sessionId: string };
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          audience: RIDER_AUDIENCE,
          requiredClaims: ['sub', 'jti', 'exp'],
        });
        claims = { riderId: payload.sub!, sessionId: payload.jti! };
      } catch {
        return null;
      }
      const [row] = await db
        .select({
          id: ridersTable.id,
          name: ridersTable.name,
          phone: ridersTable.phone,
          status: ridersTable.status,
          lastSeenAt: s.lastSeenAt,
        })
        .from(s)
        .innerJoin(ridersTable, eq(ridersTable.id, s.riderId))
        .where(
          and(
            eq(s.id, claims.sessionId),
            eq(s.riderId, claims.riderId),
            isNull(s.endedAt),
            gt(s.expiresAt, sql`now()`),
          ),
        );
      if (!row || row.status !== 'Active') return null;
      if (Date.now() - row.lastSeenAt.getTime() > SEEN_EVERY_MS) {
        await db
          .update(s)
          .set({ lastSeenAt: sql`now()` })
          .where(eq(s.id, claims.sessionId));
      }
      return { id: row.id, name: row.name, phone: row.phone, sessionId: claims.sessionId };
    },

    /** Ends one session (the rider's sign-out, or an admin's for one device). */
    async end(riderId: string, sessionId: string): Promise<boolean> {
      const ended = await db
        .update(s)
        .set({ endedAt: sql`now()` })
        .where(and(eq(s.id, sessionId), eq(s.riderId, riderId), isNull(s.endedAt)))
        .returning({ id: s.id });
      return ended.length > 0;
    },

    /** The rider's devices still signed in, newest first (a handful). */
    async list(riderId: string): Promise<RiderSessionRow[]> {
      return db
        .select()
        .from(s)
        .where(and(eq(s.riderId, riderId), isNull(s.endedAt), gt(s.expiresAt, sql`now()`)))
        .orderBy(desc(s.createdAt))
        .limit(50);
    },
  };
}

export type RiderSessions = ReturnType<typeof createRiderSessions>;

/** Ends every session of the rider (a new PIN, or "sign out all"), in the caller's transaction. */
export async function endRiderSessions(db: Database | Transaction, riderId: string) {
  const ended = await db
    .update(riderSessionsTable)
    .set({ endedAt: sql`now()` })
    .where(and(eq(riderSessionsTable.riderId, riderId), isNull(riderSessionsTable.endedAt)))
    .returning({ id: riderSessionsTable.id });
  return ended.length;
}

/**
 * Sessions expired, or ended a month ago: nothing reads them. Done at each sign-in of the
 * rider, so the table holds a few rows per rider.
 */
export async function forgetOldRiderSessions(db: Database, riderId: string) {
  const s = riderSessionsTable;
  await db
    .delete(s)
    .where(
      and(
        eq(s.riderId, riderId),
        or(lt(s.expiresAt, sql`now()`), lt(s.endedAt, sql`now() - interval '30 days'`)),
      ),
    );
}
