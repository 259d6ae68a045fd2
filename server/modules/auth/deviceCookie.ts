import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's "device cookies" (Slow Down Online Guessing Attacks with Device Cookies): a browser
 * that signed in to an account gets a cookie naming the account and a nonce, signed with the
 * server's secret. Its sign-ins to that account are counted per device, apart from the account's
 * bucket for unknown browsers, so guessing from elsewhere cannot lock the owner out.
 */
export const DEVICE_COOKIE = 'admin_device';
/** Only the sign-in call needs it; the panel's other calls do not carry it. */
const DEVICE_COOKIE_PATH = '/api/admin';
/** Renewed by every sign-in: an admin who signs in at least twice a year stays known. */
const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

export interface Device {
  /** Names the device's own bucket of tries. */
  nonce: string;
}

export function createDeviceCookies(secret: string) {
  // A key of its own, so that no other MAC made with the secret can pass for a device cookie.
  const key = createHmac('sha256', secret).update('admin sign-in device cookie').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    /** The Set-Cookie header for a browser that just signed in as `email`. */
    issue(email: string, secure: boolean): string {
      const expires = Math.floor(Date.now() / 1000) + DEVICE_COOKIE_MAX_AGE_S;
      const body = [
        Buffer.from(email).toString('base64url'),
        randomBytes(16).toString('base64url'),
        expires,
      ].join('.');
      const value = `${body}.${mac(body).toString('base64url')}`;
      return [
        `${DEVICE_COOKIE}=${value}`,
        `Path=${DEVICE_COOKIE_PATH}`,
        `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },
    /** The device of a valid, unexpired cookie issued for `email`; null for anything else. */
    read(cookieHeader: string | undefined, email: string): Device | null {
      const value = readCookie(cookieHeader, DEVICE_COOKIE);
      const parts = value?.split('.');
      if (parts?.length !== 4) return null;
      const [account, nonce, expires, signature] = parts as [string, string, string, string];
      const body = `${account}.${nonce}.${expires}`;
      const expected = mac(body);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (Buffer.from(account, 'base64url').toString() !== email) return null;
      if (!(Number(expires) * 1000 > Date.now())) return null;
      return { nonce };
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** One cookie's value from a Cookie header (ours is base64url and dots: nothing to decode). */
function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
