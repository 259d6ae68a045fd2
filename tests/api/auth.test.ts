import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminsTable,
  authThrottleTable,
  passwordResetsTable,
  PERMISSION_GROUPS,
} from '@server/db/schema';
import * as passwords from '@server/lib/passwords';
import type { Mailer } from '@server/lib/mailer';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestServer,
  JWT_SECRET,
  multipart,
  type TestServer,
} from './helpers';

const INVALID_OTP = 'The OTP is incorrect or has expired. Check the code or request a new one.';
const RESET_SPENT =
  'This password reset has expired or was already used. Please request a new OTP.';
/** A change another application writes straight into the database (server/lib/sessionCache.ts). */
const WITHIN_A_SECOND = { timeout: 1000, interval: 20 };
const FORGOT_ANSWER = {
  statusCode: 200,
  message: 'If this e-mail belongs to an admin, an OTP has been sent to it.',
};

/** Each test gets its own client address, so per-IP rate limits of one test do not leak into another. */
let lastIp = 0;
const nextIp = () => {
  lastIp += 1;
  return `10.1.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};

function api(server: () => TestServer) {
  return {
    post(
      url: string,
      payload: object,
      opts: { token?: string; ip?: string; deviceCookie?: string } = {},
    ) {
      return server().app.inject({
        method: 'POST',
        url: `/api/admin/${url}`,
        payload,
        headers: {
          ...(opts.token ? bearer(opts.token) : {}),
          ...(opts.deviceCookie ? { cookie: opts.deviceCookie } : {}),
        },
        remoteAddress: opts.ip,
      });
    },
    userData(headers: Record<string, string>) {
      return server().app.inject({ method: 'GET', url: '/api/admin/get-user-data', headers });
    },
  };
}

/** The `Cookie` header a browser sends back after this sign-in set its device cookie. */
function deviceCookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'admin_device');
  if (!cookie) throw new Error('the sign-in set no device cookie');
  return `admin_device=${cookie.value}`;
}

describe('POST /api/admin/login', () => {
  let s: TestServer;
  const { post, userData } = api(() => s);
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  it('signs the super-admin in and answers a working token with the role', async () => {
    const res = await post('login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 200,
      message: 'Logged in successfully!',
      result: { role: 'super-admin' },
    });
    expect(body.result.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const me = await userData(bearer(body.result.token));
    expect(me.statusCode).toBe(200);
    expect(me.json().result.user[0].email).toBe(ADMIN_EMAIL);
  });

  it('answers role admin for an ordinary admin and ignores the case of the e-mail', async () => {
    const admin = await s.createAdmin();
    const res = await post('login', { email: admin.email.toUpperCase(), password: admin.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.role).toBe('admin');
  });

  it('refuses a wrong password or an unknown e-mail with the same 401 message', async () => {
    const wrong = await post('login', { email: ADMIN_EMAIL, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ statusCode: 401, message: 'Invalid email or password.' });
    const unknown = await post('login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('names the missing or invalid field with 400', async () => {
    const cases: [object, string][] = [
      [{}, 'Email is required.'],
      [{ email: '', password: 'x' }, 'Email is required.'],
      [{ email: ADMIN_EMAIL }, 'Password is required.'],
      [{ email: ADMIN_EMAIL, password: '' }, 'Password is required.'],
      [{ email: 'not-an-email', password: 'x' }, 'Email must be a valid e-mail address.'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('login', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, message });
    }
  });

  it('names the missing field when the request has no body at all', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/admin/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: 'Email is required.' });
  });

  it('answers 400, not a server error, for a body that is not valid JSON', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: 'The request body is not valid JSON.' });
  });

  it('takes JSON only: URL-encoded and multipart sign-ins answer 415 unread', async () => {
    const form = await s.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).toString(),
    });
    const { payload, headers } = multipart({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const multi = await s.app.inject({ method: 'POST', url: '/api/admin/login', headers, payload });
    for (const res of [form, multi]) {
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        statusCode: 415,
        message: 'This call takes a JSON body (Content-Type: application/json).',
      });
    }
  });

  it('refuses an inactive admin, and ends its session as soon as it is set Inactive', async () => {
    const admin = await s.createAdmin();
    expect((await userData(bearer(admin.token))).statusCode).toBe(200);

    await s.db.update(adminsTable).set({ status: 'Inactive' }).where(eq(adminsTable.id, admin.id));

    // Changed by another application: the server hears of it from the database within a moment.
    await expect
      .poll(async () => (await userData(bearer(admin.token))).statusCode, WITHIN_A_SECOND)
      .toBe(401);
    const me = await userData(bearer(admin.token));
    expect(me.json().message).toBe('Your session has ended. Please sign in again.');
    const res = await post('login', { email: admin.email, password: admin.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      statusCode: 403,
      message: 'Your account is inactive. Please contact the super-admin.',
    });
  });
});

describe('sign-in rate limit', () => {
  let s: TestServer;
  const { post } = api(() => s);
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  const TOO_MANY = {
    statusCode: 429,
    message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  };

  const TOO_MANY_FOR_ACCOUNT = {
    statusCode: 429,
    message:
      'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again, ' +
      'or sign in from a browser you have signed in with before.',
  };

  it('does not let guesses from other addresses keep the owner out', async () => {
    const admin = await s.createAdmin();
    const ownersBrowser = deviceCookieOf(
      await post('login', { email: admin.email, password: admin.password }, { ip: nextIp() }),
    );
    // 12 wrong passwords from 12 addresses: 10 are checked, then unknown browsers are refused.
    for (let i = 0; i < 12; i++) {
      const res = await post(
        'login',
        { email: admin.email, password: 'wrong-password' },
        { ip: nextIp() },
      );
      expect(res.statusCode).toBe(i < 10 ? 401 : 429);
    }
    const owner = await post(
      'login',
      { email: admin.email, password: admin.password },
      { ip: nextIp(), deviceCookie: ownersBrowser },
    );
    expect(owner.statusCode).toBe(200);
    expect(owner.json().result.token).toEqual(expect.any(String));
  });

  it('stops one address guessing one e-mail after 10 failures; the owner elsewhere signs in', async () => {
    const admin = await s.createAdmin();
    const ownersBrowser = deviceCookieOf(
      await post('login', { email: admin.email, password: admin.password }, { ip: nextIp() }),
    );
    const attacker = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await post(
        'login',
        { email: admin.email, password: 'wrong-password' },
        { ip: attacker },
      );
      expect(res.statusCode).toBe(401);
    }
    const refused = await post(
      'login',
      { email: admin.email, password: admin.password },
      { ip: attacker },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);

    const owner = await post(
      'login',
      { email: admin.email, password: admin.password },
      { ip: nextIp(), deviceCookie: ownersBrowser },
    );
    expect(owner.statusCode).toBe(200);
  });

  it('stops one address after 30 failures across e-mails', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const res = await post('login', { email: `guess${i}@example.com`, password: 'x' }, { ip });
      expect(res.statusCode).toBe(401);
    }
    const admin = await s.createAdmin();
    const refused = await post('login', { email: admin.email, password: admin.password }, { ip });
    expect(refused.json()).toEqual(TOO_MANY);
    const elsewhere = await post(
      'login',
      { email: admin.email, password: admin.password },
      { ip: nextIp() },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts parallel guesses one by one: of 30 at once, exactly 10 are checked', async () => {
    const admin = await s.createAdmin();
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post('login', { email: admin.email, password: 'wrong-password' }, { ip }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
  });

  it('forgives an address its typos once it signs in', async () => {
    const admin = await s.createAdmin();
    const ip = nextIp();
    for (let i = 0; i < 6; i++) {
      await post('login', { email: admin.email, password: 'typo' }, { ip });
    }
    const signedIn = await post('login', { email: admin.email, password: admin.password }, { ip });
    expect(signedIn.statusCode).toBe(200);
    // The browser now holds the account's device cookie and sends it with its next tries.
    const deviceCookie = deviceCookieOf(signedIn);
    for (let i = 0; i < 6; i++) {
      const res = await post(
        'login',
        { email: admin.email, password: 'typo' },
        { ip, deviceCookie },
      );
      expect(res.statusCode).toBe(401);
    }
  });

  it('checks at most 10 of 30 wrong passwords sent at once from 30 addresses', async () => {
    const admin = await s.createAdmin();
    const verify = vi.spyOn(passwords, 'verifyPassword');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post('login', { email: admin.email, password: 'wrong-password' }, { ip: nextIp() }),
      ),
    );
    const checked = verify.mock.calls.length;
    verify.mockRestore();
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
    expect(checked).toBe(10);
    expect(answers.find((r) => r.statusCode === 429)!.json()).toEqual(TOO_MANY_FOR_ACCOUNT);
  });

  it("lets a browser that signed in before keep signing in; refuses unknown ones the window's length", async () => {
    const admin = await s.createAdmin();
    const signedIn = await post(
      'login',
      { email: admin.email, password: admin.password },
      { ip: nextIp() },
    );
    const device = signedIn.cookies.find((c) => c.name === 'admin_device')!;
    expect(device).toMatchObject({ path: '/api/admin', httpOnly: true, sameSite: 'Strict' });
    expect(device.secure).toBeFalsy(); // plain HTTP here; set over HTTPS (see below)
    const ownersBrowser = deviceCookieOf(signedIn);

    await Promise.all(
      Array.from({ length: 30 }, () =>
        post('login', { email: admin.email, password: 'wrong-password' }, { ip: nextIp() }),
      ),
    );
    // The right password from an unknown browser is refused unchecked until the window passes:
    // a 200 there would tell a guesser that this guess, of all the refused ones, was right.
    const unknown = await post(
      'login',
      { email: admin.email, password: admin.password },
      { ip: nextIp() },
    );
    expect(unknown.json()).toEqual(TOO_MANY_FOR_ACCOUNT);
    // A cookie for another account, or one tampered with, makes no browser known.
    const other = await s.createAdmin();
    const othersBrowser = deviceCookieOf(
      await post('login', { email: other.email, password: other.password }, { ip: nextIp() }),
    );
    const [name, value] = ownersBrowser.split('=') as [string, string];
    for (const deviceCookie of [othersBrowser, `${name}=${value.slice(0, -2)}xx`]) {
      const res = await post(
        'login',
        { email: admin.email, password: admin.password },
        { ip: nextIp(), deviceCookie },
      );
      expect(res.json()).toEqual(TOO_MANY_FOR_ACCOUNT);
    }

    // The owner's browser signs in, from any address, among other cookies.
    const owner = await post(
      'login',
      { email: admin.email, password: admin.password },
      { ip: nextIp(), deviceCookie: `theme=dark; ${ownersBrowser}` },
    );
    expect(owner.statusCode).toBe(200);
    // Its own wrong passwords are counted on the device: 10, then 429 for that browser only.
    const renewed = deviceCookieOf(owner);
    for (let i = 0; i < 10; i++) {
      const res = await post(
        'login',
        { email: admin.email, password: 'typo' },
        { ip: nextIp(), deviceCookie: renewed },
      );
      expect(res.statusCode).toBe(401);
    }
    const spent = await post(
      'login',
      { email: admin.email, password: admin.password },
      { ip: nextIp(), deviceCookie: renewed },
    );
    expect(spent.json()).toEqual(TOO_MANY);
    expect(
      (
        await post(
          'login',
          { email: admin.email, password: admin.password },
          { ip: nextIp(), deviceCookie: ownersBrowser },
        )
      ).statusCode,
    ).toBe(200);

    // Once the 15 minutes have passed, an unknown browser may try again.
    await s.db
      .update(authThrottleTable)
      .set({ at: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(authThrottleTable.key, `login:email:${admin.email}`));
    const later = await post(
      'login',
      { email: admin.email, password: admin.password },
      { ip: nextIp() },
    );
    expect(later.statusCode).toBe(200);
  });
});

describe('device cookie behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => s.close());

  it('is Secure when the client came over HTTPS, and not over plain HTTP', async () => {
    const admin = await s.createAdmin();
    for (const proto of ['https', 'http']) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: admin.email, password: admin.password },
        headers: { 'x-forwarded-for': nextIp(), 'x-forwarded-proto': proto },
      });
      expect(res.statusCode).toBe(200);
      const device = res.cookies.find((c) => c.name === 'admin_device');
      expect(device).toMatchObject({ path: '/api/admin', httpOnly: true, sameSite: 'Strict' });
      expect(Boolean(device!.secure)).toBe(proto === 'https');
    }
  });
});

describe('session tokens and GET /api/admin/get-user-data', () => {
  let s: TestServer;
  const { userData } = api(() => s);
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  it('answers the super-admin with all eleven permission groups switched on', async () => {
    const res = await userData(bearer(s.superToken));
    expect(res.statusCode).toBe(200);
    const [user] = res.json().result.user;
    expect(user).toMatchObject({ email: ADMIN_EMAIL, role: 'super-admin', status: 'Active' });
    expect(Object.keys(user.permissions).sort()).toEqual([...PERMISSION_GROUPS].sort());
    expect(PERMISSION_GROUPS).toHaveLength(11);
    for (const group of PERMISSION_GROUPS) expect(user.permissions[group]).toBe(true);
    expect(JSON.stringify(user)).not.toMatch(/hash/i);
  });

  it("answers an admin's own groups, every group present as true or false", async () => {
    const admin = await s.createAdmin({ permissions: { orders: true, banners: true } });
    const res = await userData(bearer(admin.token));
    expect(res.statusCode).toBe(200);
    const { permissions, role } = res.json().result.user[0];
    expect(role).toBe('admin');
    expect(permissions).toEqual(
      Object.fromEntries(PERMISSION_GROUPS.map((g) => [g, g === 'orders' || g === 'banners'])),
    );
  });

  it('answers 401 without a token', async () => {
    const res = await userData({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, message: 'Please sign in to continue.' });
  });

  it('answers 401 for a malformed token or another scheme', async () => {
    for (const authorization of [
      'Bearer not-a-token',
      'Bearer a.b.c',
      `Basic ${s.superToken}`,
      'Bearer',
    ]) {
      const res = await userData({ authorization });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().statusCode).toBe(401);
      expect(res.json().message).toMatch(/sign in/i);
    }
  });

  it('answers 401 for an expired token and for one signed with another secret', async () => {
    const admin = await s.createAdmin();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const res = await userData(bearer(expired));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      message: 'Your session has expired. Please sign in again.',
    });

    const forged = await new SignJWT({ sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('some-other-secret-of-sufficient-length-0000'));
    expect((await userData(bearer(forged))).statusCode).toBe(401);

    // The same claims signed with the server's secret do work.
    const valid = await new SignJWT({ sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setJti('a-token-id')
      .setIssuedAt()
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect((await userData(bearer(valid))).statusCode).toBe(200);
  });

  it('refuses a token without an expiry, issue time or id, or older than a session lasts', async () => {
    const admin = await s.createAdmin();
    const now = Math.floor(Date.now() / 1000);
    const key = new TextEncoder().encode(JWT_SECRET);
    const token = (claims: { jti?: boolean; iat?: number; exp?: number }) => {
      const jwt = new SignJWT({ sv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(admin.id);
      if (claims.jti) jwt.setJti('a-token-id');
      if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
      if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
      return jwt.sign(key);
    };
    const refused = [
      await token({ jti: true, iat: now }), // never expires
      await token({ jti: true, exp: now + 3600 }), // no issue time
      await token({ iat: now, exp: now + 3600 }), // no id
      await token({ jti: true, iat: now - 13 * 3600, exp: now + 30 * 24 * 3600 }), // too old
    ];
    for (const t of refused) {
      const res = await userData(bearer(t));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Your session has expired. Please sign in again.');
    }
    expect(
      (await userData(bearer(await token({ jti: true, iat: now, exp: now + 3600 })))).statusCode,
    ).toBe(200);
  });

  it('ends the session on POST /api/admin/logout; other sessions of the admin go on', async () => {
    const admin = await s.createAdmin();
    const first = await s.login(admin.email, admin.password);
    const second = await s.login(admin.email, admin.password);
    const out = await s.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: bearer(first),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ statusCode: 200, message: 'Logged out successfully!' });

    const after = await userData(bearer(first));
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has ended. Please sign in again.');
    expect((await userData(bearer(second))).statusCode).toBe(200);
    // Signing out twice, or without a session, is refused like any signed-in call.
    expect(
      (await s.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(first) }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 401 once the admin has been deleted', async () => {
    const admin = await s.createAdmin();
    await s.db.delete(adminsTable).where(eq(adminsTable.id, admin.id));
    await expect
      .poll(async () => (await userData(bearer(admin.token))).statusCode, WITHIN_A_SECOND)
      .toBe(401);
  });
});

describe('password recovery', () => {
  let s: TestServer;
  const { post, userData } = api(() => s);
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  /** forgot-password, then the OTP from the mail. */
  async function requestOtp(email: string, ip: string) {
    const res = await post('forgot-password', { email }, { ip });
    expect(res.statusCode).toBe(200);
    return s.readLatestOtp(email);
  }

  async function verify(email: string, otp: string, ip: string) {
    return post('verify-otp', { email, otp }, { ip });
  }

  const wrongOtp = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

  it('answers known, unknown and inactive e-mails identically; only the known one gets a mail', async () => {
    const ip = nextIp();
    const known = await s.createAdmin();
    const inactive = await s.createAdmin({ status: 'Inactive' });
    const unknownEmail = 'not-an-admin@example.com';

    const answers = [];
    for (const email of [known.email, unknownEmail, inactive.email]) {
      const res = await post('forgot-password', { email }, { ip });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: FORGOT_ANSWER });

    expect(await s.outboxFor(known.email)).toHaveLength(1);
    expect(await s.outboxFor(unknownEmail)).toHaveLength(0);
    expect(await s.outboxFor(inactive.email)).toHaveLength(0);
    expect(await s.readLatestOtp(known.email)).toMatch(/^\d{6}$/);
  });

  it('requires an e-mail', async () => {
    const res = await post('forgot-password', {}, { ip: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: 'Email is required.' });
  });

  it('recovers the account: OTP from the mail, security token, new password; old sessions end', async () => {
    const ip = nextIp();
    const admin = await s.createAdmin();
    const otp = await requestOtp(admin.email, ip);

    const verified = await verify(admin.email, otp, ip);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      statusCode: 200,
      message: 'OTP verified successfully!',
    });
    const { securityToken } = verified.json().result;
    expect(securityToken).toEqual(expect.any(String));
    expect(securityToken.length).toBeGreaterThanOrEqual(32);

    // The OTP is single-use.
    const reused = await verify(admin.email, otp, ip);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ statusCode: 400, message: INVALID_OTP });

    const newPassword = 'A-brand-new-password-42';
    const reset = await post(
      'reset-password',
      { securityToken, password: newPassword, confirmPassword: newPassword },
      { ip },
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      statusCode: 200,
      message: 'Password has been updated successfully',
    });

    const token = await s.login(admin.email, newPassword);
    expect((await userData(bearer(token))).statusCode).toBe(200);
    expect((await userData(bearer(admin.token))).statusCode).toBe(401);
    const old = await post('login', { email: admin.email, password: admin.password }, { ip });
    expect(old.statusCode).toBe(401);

    // The security token is single-use too.
    const again = await post(
      'reset-password',
      {
        securityToken,
        password: 'Yet-another-password-7',
        confirmPassword: 'Yet-another-password-7',
      },
      { ip },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ statusCode: 400, message: RESET_SPENT });
    await s.login(admin.email, newPassword);
  });

  it('refuses a wrong OTP with 400 and accepts the right one within five tries', async () => {
    const ip = nextIp();
    const admin = await s.createAdmin();
    const otp = await requestOtp(admin.email, ip);
    for (let i = 0; i < 4; i++) {
      const res = await verify(admin.email, wrongOtp(otp), ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, message: INVALID_OTP });
    }
    expect((await verify(admin.email, otp, ip)).statusCode).toBe(200);
  });

  it('voids the OTP after five wrong tries: the right code then fails', async () => {
    const ip = nextIp();
    const admin = await s.createAdmin();
    const otp = await requestOtp(admin.email, ip);
    for (let i = 0; i < 5; i++) {
      expect((await verify(admin.email, wrongOtp(otp), ip)).statusCode).toBe(400);
    }
    const res = await verify(admin.email, otp, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: INVALID_OTP });

    // A new OTP works again.
    const fresh = await requestOtp(admin.email, ip);
    expect((await verify(admin.email, fresh, ip)).statusCode).toBe(200);
  });

  it('voids the earlier OTP when a new one is requested', async () => {
    const ip = nextIp();
    const admin = await s.createAdmin();
    const first = await requestOtp(admin.email, ip);
    await new Promise((r) => setTimeout(r, 5)); // distinct outbox file names
    const second = await requestOtp(admin.email, ip);
    expect(await s.outboxFor(admin.email)).toHaveLength(2);
    if (first !== second) {
      expect((await verify(admin.email, first, ip)).statusCode).toBe(400);
    }
    expect((await verify(admin.email, second, ip)).statusCode).toBe(200);
  });

  it('refuses an expired OTP', async () => {
    const ip = nextIp();
    const admin = await s.createAdmin();
    const otp = await requestOtp(admin.email, ip);
    await s.db
      .update(passwordResetsTable)
      .set({ otpExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordResetsTable.adminId, admin.id));
    const res = await verify(admin.email, otp, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: INVALID_OTP });
  });

  it('refuses an OTP for another e-mail and checks the OTP format', async () => {
    const ip = nextIp();
    const admin = await s.createAdmin();
    const other = await s.createAdmin();
    const otp = await requestOtp(admin.email, ip);
    expect((await verify(other.email, otp, ip)).statusCode).toBe(400);

    const malformed = await verify(admin.email, '12ab', ip);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The OTP is the 6-digit code from the e-mail.');
    const missing = await post('verify-otp', { email: admin.email }, { ip });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('OTP is required.');

    // Neither spent a try: the right code still works.
    expect((await verify(admin.email, otp, ip)).statusCode).toBe(200);
  });

  it('refuses an expired security token', async () => {
    const ip = nextIp();
    const admin = await s.createAdmin();
    const otp = await requestOtp(admin.email, ip);
    const { securityToken } = (await verify(admin.email, otp, ip)).json().result;
    await s.db
      .update(passwordResetsTable)
      .set({ tokenExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordResetsTable.adminId, admin.id));
    const res = await post(
      'reset-password',
      { securityToken, password: 'Another-password-1', confirmPassword: 'Another-password-1' },
      { ip },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: RESET_SPENT });
    await s.login(admin.email, admin.password);
  });

  it('checks the new password pair before spending the security token', async () => {
    const ip = nextIp();
    const admin = await s.createAdmin();
    const otp = await requestOtp(admin.email, ip);
    const { securityToken } = (await verify(admin.email, otp, ip)).json().result;

    const mismatch = await post(
      'reset-password',
      { securityToken, password: 'Password-one-1', confirmPassword: 'Password-two-2' },
      { ip },
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ statusCode: 400, message: 'Passwords do not match!' });

    const short = await post(
      'reset-password',
      { securityToken, password: 'short', confirmPassword: 'short' },
      { ip },
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      statusCode: 400,
      message: 'Password must be at least 8 characters long.',
    });

    const noToken = await post(
      'reset-password',
      { password: 'Password-one-1', confirmPassword: 'Password-one-1' },
      { ip },
    );
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().message).toBe('Security token is required.');

    const bogus = await post(
      'reset-password',
      { securityToken: 'made-up', password: 'Password-one-1', confirmPassword: 'Password-one-1' },
      { ip },
    );
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().message).toBe(RESET_SPENT);

    // The real token was not spent by the refused attempts.
    const ok = await post(
      'reset-password',
      { securityToken, password: 'Password-one-1', confirmPassword: 'Password-one-1' },
      { ip },
    );
    expect(ok.statusCode).toBe(200);
    await s.login(admin.email, 'Password-one-1');
  });

  it('limits OTP requests to five per e-mail', async () => {
    const admin = await s.createAdmin();
    for (let i = 0; i < 5; i++) {
      const res = await post('forgot-password', { email: admin.email }, { ip: nextIp() });
      expect(res.statusCode).toBe(200);
    }
    const res = await post('forgot-password', { email: admin.email }, { ip: nextIp() });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      statusCode: 429,
      message: 'Too many OTP requests. Please wait 15 minutes and try again.',
    });
  });
});

describe('password recovery answers before any mail work', () => {
  let s: TestServer;
  const { post } = api(() => s);
  const sent: string[] = [];
  let openGate: () => void = () => {};
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  beforeAll(async () => {
    // A mail server that does not answer until the test lets it.
    const mailer: Mailer = {
      async send(mail) {
        await gate;
        sent.push(mail.to);
      },
    };
    s = await createTestServer({ mailer });
  });
  afterAll(async () => {
    openGate();
    await s.close();
  });

  it('answers a real admin while the mail is still being sent, the same as an unknown e-mail', async () => {
    const known = await post('forgot-password', { email: ADMIN_EMAIL }, { ip: nextIp() });
    const unknown = await post(
      'forgot-password',
      { email: 'nobody@example.com' },
      { ip: nextIp() },
    );
    expect(known.json()).toEqual(FORGOT_ANSWER);
    expect(unknown.json()).toEqual(FORGOT_ANSWER);
    expect(sent).toEqual([]);

    openGate();
    await s.app.background.idle();
    expect(sent).toEqual([ADMIN_EMAIL]);
  });
});

describe('POST /api/admin/change-password', () => {
  let s: TestServer;
  const { post, userData } = api(() => s);
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.close());

  it('requires a signed-in admin', async () => {
    const res = await post('change-password', {
      oldPassword: 'x',
      newPassword: 'Password-new-1',
      confirmPassword: 'Password-new-1',
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong old password and keeps the old one', async () => {
    const admin = await s.createAdmin();
    const res = await post(
      'change-password',
      {
        oldPassword: 'not-my-password',
        newPassword: 'Password-new-1',
        confirmPassword: 'Password-new-1',
      },
      { token: admin.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: 'The old password is incorrect.' });
    await s.login(admin.email, admin.password);
  });

  it('checks the fields with the messages the panel shows', async () => {
    const admin = await s.createAdmin();
    const cases: [object, string][] = [
      [{}, 'Old password is required.'],
      [
        {
          oldPassword: admin.password,
          newPassword: admin.password,
          confirmPassword: admin.password,
        },
        'New Password should not be same as old password!',
      ],
      [
        {
          oldPassword: admin.password,
          newPassword: 'Password-new-1',
          confirmPassword: 'Password-new-2',
        },
        'Passwords do not match!',
      ],
      [
        { oldPassword: admin.password, newPassword: 'short', confirmPassword: 'short' },
        'New password must be at least 8 characters long.',
      ],
      [
        { oldPassword: admin.password, newPassword: 'Password-new-1' },
        'Confirm password is required.',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await post('change-password', payload, { token: admin.token });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, message });
    }
    await s.login(admin.email, admin.password);
  });

  it('changes the password: the answered token works, the old token and password do not', async () => {
    const admin = await s.createAdmin();
    const newPassword = 'Changed-password-99';
    const res = await post(
      'change-password',
      { oldPassword: admin.password, newPassword, confirmPassword: newPassword },
      { token: admin.token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Password Changed successfully!',
    });
    const { token } = res.json().result;

    expect((await userData(bearer(token))).statusCode).toBe(200);
    const old = await userData(bearer(admin.token));
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Your session has ended. Please sign in again.');

    await s.login(admin.email, newPassword);
    const oldLogin = await post('login', { email: admin.email, password: admin.password });
    expect(oldLogin.statusCode).toBe(401);
  });
});
