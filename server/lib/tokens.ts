import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const SESSION_TTL_SECONDS = 12 * 60 * 60;

/** Verified tokens kept per server (a few hundred admins, a token each per sign-in). */
const VERIFIED_KEPT = 1000;

export interface SessionClaims {
  adminId: string;
  sessionVersion: number;
}

/** A verified session: who, and which token (to end it on sign-out). */
export interface Session extends SessionClaims {
  tokenId: string;
  expiresAt: Date;
}

export function createSessionTokens(secret: string) {
  // Imported once: given the secret's bytes, jose imports a key for every token it checks,
  // which was a twentieth of the server's CPU on a short list call (docs/performance.md).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  /**
   * Tokens whose signature and claims were checked, until they expire: the same string carries
   * the same signature, so it need not be checked again on every request (an HMAC through
   * WebCrypto was a twelfth of a short list call's CPU). Whether the session still stands
   * (signed out, password changed, admin blocked) is asked of the database on every request
   * all the same (plugins/auth.ts). At most VERIFIED_KEPT, the oldest forgotten first.
   */
  const verified = new Map<string, { session: Session; validUntil: number }>();
  function remember(token: string, session: Session, untilSeconds: number) {
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { session, validUntil: untilSeconds * 1000 });
  }
  return {
    async sign(claims: SessionClaims): Promise<string> {
      return new SignJWT({ sv: claims.sessionVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.adminId)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
        .sign(await key);
    },
    /**
     * The session of a valid token; null for anything else. A token must carry its id, when it
     * was issued and when it expires, and is refused once older than a session lasts, whatever
     * its `exp` says.
     */
    async verify(token: string): Promise<Session | null> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.validUntil) return known.session;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'jti', 'iat', 'exp'],
          maxTokenAge: SESSION_TTL_SECONDS,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
        // A rider's token (server/modules/riderApp/sessions.ts) names its audience: never an admin's.
        if (payload.aud !== undefined) return null;
        const session = {
          adminId: payload.sub,
          sessionVersion: payload.sv,
          tokenId: payload.jti!,
          expiresAt: new Date(payload.exp! * 1000),
        };
        remember(token, session, Math.min(payload.exp!, payload.iat! + SESSION_TTL_SECONDS));
        return session;
      } catch {
        return null;
      }
    },
  };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;

export function generateOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** OTPs are only 6 digits, so they are keyed with the server secret rather than plainly hashed. */
export function hashOtp(secret: string, resetId: string, otp: string): string {
  return createHmac('sha256', secret).update(`${resetId}:${otp}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

export function generateSecurityToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecurityToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
