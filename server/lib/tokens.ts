import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const SESSION_TTL_SECONDS = 12 * 60 * 60;

export interface SessionClaims {
  adminId: string;
  sessionVersion: number;
}

export function createSessionTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: SessionClaims): Promise<string> {
      return new SignJWT({ sv: claims.sessionVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.adminId)
        .setIssuedAt()
        .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
        .sign(key);
    },
    /** The claims of a valid, unexpired token; null for anything else. */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
        return { adminId: payload.sub, sessionVersion: payload.sv };
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
