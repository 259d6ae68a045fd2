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
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: SessionClaims): Promise<string> {
      return new SignJWT({ sv: claims.sessionVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.adminId)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
        .sign(key);
    },
    /**
     * The session of a valid token; null for anything else. A token must carry its id, when it
     * was issued and when it expires, and is refused once older than a session lasts, whatever
     * its `exp` says.
     */
    async verify(token: string): Promise<Session | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'jti', 'iat', 'exp'],
          maxTokenAge: SESSION_TTL_SECONDS,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
        return {
          adminId: payload.sub,
          sessionVersion: payload.sv,
          tokenId: payload.jti!,
          expiresAt: new Date(payload.exp! * 1000),
        };
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
