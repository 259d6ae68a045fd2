import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggerOptions,
  PRETTY_OPTIONS,
  prettyStream,
  REDACTED,
  REQUEST_ID_HEADER,
  REQUEST_LOG,
} from '@server/lib/logging';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestServer, type TestServer } from './helpers';

/**
 * What the server writes to its log (server/lib/logging.ts): the real app, built with the
 * options server/main.ts uses (at debug, so that every line it can write is read), its lines
 * captured, driven through sign-in, recovery and signed-in calls.
 */

interface LogLine {
  level: number;
  time: string;
  msg: string;
  reqId?: string;
  req?: Record<string, unknown>;
  res?: { statusCode: number };
  responseTime?: number;
  [field: string]: unknown;
}

const raw: string[] = [];
const logger = pino(loggerOptions('debug'), { write: (line: string) => void raw.push(line) });
const lines = () => raw.map((line) => JSON.parse(line) as LogLine);
const linesOf = (reqId: string) => lines().filter((line) => line.reqId === reqId);

const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const WRONG_PASSWORD = 'Not-The-Password-987';
const RESET_PASSWORD = 'Reset-Password-456';
const CHANGED_PASSWORD = 'Changed-Password-789';

let server: TestServer;
/** A built panel and landing page in miniature, for the files' lines. */
let distDir: string;
/** Every answer of the flow, with the secrets it involved. */
const answers: LightMyRequestResponse[] = [];
const secrets: string[] = [];
let otp = '';

async function call(
  method: 'GET' | 'POST',
  url: string,
  opts: { payload?: object; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await server.app.inject({
    method,
    url,
    payload: opts.payload,
    headers: { ...(opts.token ? bearer(opts.token) : {}), ...opts.headers },
  });
  answers.push(res);
  return res;
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'hs-log-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await mkdir(path.join(distDir, 'images'));
  await mkdir(path.join(distDir, 'landing'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Admin</title>');
  await writeFile(path.join(distDir, 'assets', 'index-4f2a9c.js'), 'console.log(1);');
  await writeFile(
    path.join(distDir, 'images', 'jar.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  await writeFile(
    path.join(distDir, 'landing', 'index.html'),
    '<!doctype html><title>Home</title>',
  );
  server = await createTestServer({ logger, env: { DIST_DIR: distDir } });
  secrets.push(ADMIN_PASSWORD, server.superToken);

  // A failed sign-in, then a sign-in and a signed-in call with its token.
  expect(
    (await call('POST', '/api/admin/login', {
      payload: { email: ADMIN_EMAIL, password: WRONG_PASSWORD },
    }))!.statusCode,
  ).toBe(401);
  const login = await call('POST', '/api/admin/login', {
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const token = login.json().result.token as string;
  expect((await call('GET', '/api/admin/get-user-data', { token })).statusCode).toBe(200);

  // Recovery: the OTP by mail, a wrong one, the right one, the reset with its security token.
  expect(
    (await call('POST', '/api/admin/forgot-password', { payload: { email: ADMIN_EMAIL } }))
      .statusCode,
  ).toBe(200);
  otp = await server.readLatestOtp(ADMIN_EMAIL);
  const wrongOtp = otp === '135791' ? '246802' : '135791';
  expect(
    (
      await call('POST', '/api/admin/verify-otp', {
        payload: { email: ADMIN_EMAIL, otp: wrongOtp },
      })
    ).statusCode,
  ).toBe(400);
  const verified = await call('POST', '/api/admin/verify-otp', {
    payload: { email: ADMIN_EMAIL, otp },
  });
  expect(verified.statusCode).toBe(200);
  const securityToken = verified.json().result.securityToken as string;
  const reset = await call('POST', '/api/admin/reset-password', {
    payload: { securityToken, password: RESET_PASSWORD, confirmPassword: RESET_PASSWORD },
  });
  expect(reset.statusCode).toBe(200);

  // Signed in with the new password, changing it.
  const again = await call('POST', '/api/admin/login', {
    payload: { email: ADMIN_EMAIL, password: RESET_PASSWORD },
  });
  expect(again.statusCode).toBe(200);
  const againToken = again.json().result.token as string;
  const changed = await call('POST', '/api/admin/change-password', {
    token: againToken,
    payload: {
      oldPassword: RESET_PASSWORD,
      newPassword: CHANGED_PASSWORD,
      confirmPassword: CHANGED_PASSWORD,
    },
  });
  expect(changed.statusCode).toBe(200);
  const changedToken = changed.json().result.token as string;

  await server.app.background.idle();
  secrets.push(
    WRONG_PASSWORD,
    RESET_PASSWORD,
    CHANGED_PASSWORD,
    token,
    againToken,
    changedToken,
    securityToken,
  );
});
afterAll(async () => {
  await server.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the log of sign-in, recovery and signed-in calls', () => {
  it('was written: a line for each answer, the recovery mail included', () => {
    const completed = lines().filter((line) => line.msg === 'request completed');
    for (const answer of answers) {
      const id = answer.headers[REQUEST_ID_HEADER] as string;
      expect(
        completed.find((line) => line.reqId === id),
        `${answer.statusCode} ${id}`,
      ).toMatchObject({ res: { statusCode: answer.statusCode } });
    }
    const mail = lines().find((line) => line.msg === 'mail written to the outbox');
    expect(mail).toMatchObject({ to: ADMIN_EMAIL, subject: 'Your password reset code' });
  });

  it('holds no password, token, security token, OTP, JWT or Authorization header', () => {
    expect(secrets.length).toBe(9);
    const text = raw.join('');
    for (const secret of secrets) expect(text.includes(secret), secret.slice(0, 12)).toBe(false);
    // The OTP as a value of its own, not as digits inside a time or an id.
    expect(text).not.toMatch(new RegExp(`(?<![\\w.])${otp}(?![\\w])`));
    expect(text).not.toMatch(JWT);
    expect(text).not.toMatch(/bearer/i);
    expect(text).not.toMatch(/authorization/i);
  });

  it('never logs a body or the headers of a request', () => {
    for (const line of lines()) {
      if (!line.req) continue;
      expect(Object.keys(line.req).sort()).toEqual(['method', 'remoteAddress', 'url']);
    }
    const text = raw.join('');
    expect(text).not.toContain('confirmPassword');
    expect(text).not.toContain('"payload"');
    expect(text).not.toContain('"body"');
  });
});

describe('request ids', () => {
  it('marks every line of a request with its id, and answers it as X-Request-Id', async () => {
    const ids = answers.map((answer) => answer.headers[REQUEST_ID_HEADER] as string);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    // Every line Fastify and the handlers write while serving a request carries its id.
    for (const line of lines()) {
      if (line.req || line.res || line.msg === 'mail written to the outbox') {
        expect(line.reqId, line.msg).toMatch(UUID);
      }
    }
    const forgot = answers.find((a) => a.raw.req.url === '/api/admin/forgot-password')!;
    const forgotLines = linesOf(forgot.headers[REQUEST_ID_HEADER] as string);
    expect(forgotLines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'incoming request',
        'request completed',
        'mail written to the outbox',
      ]),
    );
  });

  it('writes one JSON line per request with its method, url, address, status and time', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health?probe=1' });
    const id = res.headers[REQUEST_ID_HEADER] as string;
    const completed = linesOf(id).find((line) => line.msg === 'request completed')!;
    expect(completed).toMatchObject({
      reqId: id,
      req: { method: 'GET', url: '/api/health?probe=1', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(typeof completed.responseTime).toBe('number');
    expect(new Date(completed.time).toISOString()).toBe(completed.time);
    // A probe that passes is debug; other requests are info.
    expect(completed.level).toBe(pino.levels.values.debug);
    const login = answers[1]!;
    const loginLine = linesOf(login.headers[REQUEST_ID_HEADER] as string).find(
      (line) => line.msg === 'request completed',
    )!;
    expect(loginLine.level).toBe(pino.levels.values.info);
    expect(linesOf(id).find((line) => line.msg === 'incoming request')!.level).toBe(
      pino.levels.values.debug,
    );
  });

  it('keeps a safe X-Request-Id from a balancer and replaces any other', async () => {
    const fromBalancer = 'lb-7f3a9c2e.0001';
    const kept = await server.app.inject({
      method: 'GET',
      url: '/api/admin/get-user-data',
      headers: { ...bearer(server.superToken), [REQUEST_ID_HEADER]: fromBalancer },
    });
    expect(kept.headers[REQUEST_ID_HEADER]).toBe(fromBalancer);
    expect(linesOf(fromBalancer).map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );

    for (const unsafe of ['a b', '"},{"level":60', 'x'.repeat(129), '']) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { [REQUEST_ID_HEADER]: unsafe },
      });
      expect(res.headers[REQUEST_ID_HEADER], unsafe).toMatch(UUID);
    }
  });

  it('answers a refusal and an unknown path with an id too', async () => {
    const refused = await server.app.inject({ method: 'GET', url: '/api/admin/get-user-data' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers[REQUEST_ID_HEADER]).toMatch(UUID);
    const unknown = await server.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers[REQUEST_ID_HEADER]).toMatch(UUID);
  });
});

describe('what the log keeps at info (issue 39.6)', () => {
  /** The level of the request's "request completed" line, and the most of any of its lines. */
  async function levelsOf(url: string, headers: Record<string, string> = {}) {
    const res = await server.app.inject({ method: 'GET', url, headers });
    const own = linesOf(res.headers[REQUEST_ID_HEADER] as string);
    return {
      status: res.statusCode,
      completed: own.find((line) => line.msg === 'request completed')?.level,
      most: Math.max(...own.map((line) => line.level)),
    };
  }
  const { debug, info, warn } = pino.levels.values;
  // The flow above changed the password, which ended the first sessions.
  let token = '';
  beforeAll(async () => {
    token = await server.login(ADMIN_EMAIL, CHANGED_PASSWORD);
  });

  it('writes no line at info for the files and pages it serves', async () => {
    const image = await server.uploads.put(await server.tinyPng(), 'png');
    for (const url of [
      '/assets/index-4f2a9c.js',
      '/images/jar.svg',
      image.url,
      '/',
      '/admin-panel/login',
    ]) {
      const levels = await levelsOf(url);
      expect(levels.status, url).toBe(200);
      expect(levels.completed, url).toBe(debug);
      expect(levels.most, url).toBeLessThan(info);
    }
  });

  it('writes an API call at info', async () => {
    const levels = await levelsOf('/api/admin/get-user-data', bearer(token));
    expect(levels).toMatchObject({ status: 200, completed: info });
  });

  it('still writes a file that fails, and a slow one at warn, file or call', async () => {
    const missing = await levelsOf('/assets/index-000000.js');
    expect(missing).toMatchObject({ status: 404, completed: info });
    const slowMs = REQUEST_LOG.slowMs;
    REQUEST_LOG.slowMs = 0;
    try {
      expect(await levelsOf('/assets/index-4f2a9c.js')).toMatchObject({
        status: 200,
        completed: warn,
      });
      expect(await levelsOf('/api/health')).toMatchObject({ status: 200, completed: warn });
      expect(await levelsOf('/api/admin/get-user-data', bearer(token))).toMatchObject({
        status: 200,
        completed: warn,
      });
    } finally {
      REQUEST_LOG.slowMs = slowMs;
    }
  });
});

describe('the logger options', () => {
  it('hide fields named like a secret wherever a line holds them', () => {
    const captured: string[] = [];
    const log = pino(loggerOptions('info'), { write: (line: string) => void captured.push(line) });
    log.info(
      {
        password: 'top-password',
        body: { otp: '482913', confirmPassword: 'nested-password' },
        headers: { authorization: 'Bearer abc.def.ghi', cookie: 'session=xyz' },
        admin: { credentials: { securityToken: 'deep-security-token', token: 'deep-token' } },
      },
      'something logged carelessly',
    );
    const [line] = captured;
    for (const secret of [
      'top-password',
      '482913',
      'nested-password',
      'abc.def.ghi',
      'session=xyz',
      'deep-security-token',
      'deep-token',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(JSON.parse(line!)).toMatchObject({
      password: REDACTED,
      body: { otp: REDACTED, confirmPassword: REDACTED },
      headers: { authorization: REDACTED, cookie: REDACTED },
      admin: { credentials: { securityToken: REDACTED, token: REDACTED } },
    });
  });

  it("leave out a failed query's values and a secret in a url, keeping the rest", () => {
    const captured: string[] = [];
    const log = pino(loggerOptions('info'), { write: (line: string) => void captured.push(line) });
    const err = new DrizzleQueryError(
      'update admins set password_hash = $1 where email = $2',
      ['$argon2id$v=19$hash-of-the-password', 'someone@example.com'],
      new Error('deadlock detected'),
    );
    log.error(
      { err, req: { method: 'GET', url: '/api/x?page=2&token=abc123&search=ram', ip: '10.0.0.1' } },
      'request failed',
    );
    const line = JSON.parse(captured[0]!) as LogLine & { err: Record<string, string> };
    expect(captured[0]).not.toContain('hash-of-the-password');
    expect(captured[0]).not.toContain('someone@example.com');
    expect(captured[0]).not.toContain('abc123');
    expect(line.err.message).toBe(
      'Failed query: update admins set password_hash = $1 where email = $2: deadlock detected',
    );
    expect(line.err.params).toBe('[2 values not logged]');
    expect(line.err.stack).toContain('deadlock detected');
    expect(line.req).toEqual({
      method: 'GET',
      url: `/api/x?page=2&token=${REDACTED}&search=ram`,
      remoteAddress: '10.0.0.1',
    });
  });

  it('refuse an unknown LOG_LEVEL', () => {
    expect(() => loggerOptions('verbose')).toThrow(/LOG_LEVEL must be one of/);
  });

  it('print JSON lines in production and when the output is not a terminal', async () => {
    expect(await prettyStream({ NODE_ENV: 'production' }, { isTTY: true })).toBeUndefined();
    expect(await prettyStream({}, { isTTY: false })).toBeUndefined();
    expect(await prettyStream({}, {})).toBeUndefined();
  });

  it('print one readable line per request in a development terminal', async () => {
    const stream = await prettyStream({ NODE_ENV: 'development' }, { isTTY: true });
    expect(stream).toBeDefined();
    (stream as unknown as { end(): void }).end();
    const pretty = prettyFactory({ ...PRETTY_OPTIONS, colorize: false });
    const request = pretty(
      JSON.stringify({
        level: 30,
        time: '2026-01-05T09:15:02.120Z',
        reqId: 'req-42',
        req: { method: 'POST', url: '/api/admin/login', remoteAddress: '127.0.0.1' },
        res: { statusCode: 401 },
        responseTime: 41.6,
        msg: 'request completed',
      }),
    );
    expect(request.trim()).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/admin\/login 401 42 ms {2}\(req-42\)$/,
    );
    const other = pretty(
      JSON.stringify({
        level: 40,
        time: '2026-01-05T09:15:02.120Z',
        reqId: 'req-43',
        msg: 'not ready',
        reason: 'x',
      }),
    );
    expect(other.trim()).toMatch(/WARN: not ready {2}\(req-43\) \{"reason":"x"\}$/);
  });
});
