import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { adminsTable } from '@server/db/schema';
import { createSessionCache } from '@server/lib/sessionCache';
import type { Session } from '@server/lib/tokens';
import { bearer, createTestServer, type TestApp, type TestServer } from './helpers';

/**
 * Sessions held in memory (issue 39, server/lib/sessionCache.ts): two instances of the server
 * on one database (on PostgreSQL each with its own pool and LISTEN connection; on PGlite both
 * on the one embedded database). A session ended or an admin changed through one instance is
 * refused by the other within a second, though the other held it a moment before.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const WITHIN_A_SECOND = { timeout: 1000, interval: 20 };
const CUSTOMERS = '/api/user/all-users?page=1&limit=10';
const ME = '/api/admin/get-user-data';

let s: TestServer;
/** The second instance. */
let b: TestApp;
let bHandle: DatabaseHandle | undefined;

const statusOn = async (app: TestApp, url: string, token: string) =>
  (await app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode;

/** An admin of the customers group, known to instance B (its session held there). */
async function customersClerk() {
  const admin = await s.createAdmin({ permissions: { userManagement: true } });
  expect(await statusOn(b, CUSTOMERS, admin.token)).toBe(200);
  expect(await statusOn(b, CUSTOMERS, admin.token)).toBe(200);
  return admin;
}

function editAdmin(
  admin: { id: string; email: string },
  changes: { status?: 'Active' | 'Inactive'; permissions?: object; password?: string },
) {
  return s.app.inject({
    method: 'POST',
    url: '/api/admin/edit-admin-user',
    headers: bearer(s.superToken),
    payload: {
      userId: admin.id,
      name: 'Session Test',
      email: admin.email,
      phone: '9876543210',
      status: changes.status ?? 'Active',
      permissions: changes.permissions ?? { userManagement: true },
      ...(changes.password ? { password: changes.password } : {}),
    },
  });
}

beforeAll(async () => {
  s = await createTestServer();
  if (s.kind === 'postgres') {
    bHandle = await openDatabase({ databaseUrl: s.config.databaseUrl });
    b = await buildApp({ config: s.config, db: bHandle.db });
  } else {
    b = await buildApp({ config: s.config, db: s.db });
  }
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await bHandle?.close();
  await s?.close();
});

describe(`a session changed on one instance, on the other (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses a token signed out on the first', async () => {
    const clerk = await customersClerk();
    const out = await s.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: bearer(clerk.token),
    });
    expect(out.statusCode).toBe(200);
    await expect.poll(() => statusOn(b, ME, clerk.token), WITHIN_A_SECOND).toBe(401);
    // At once on the instance that signed it out.
    expect(await statusOn(s.app, ME, clerk.token)).toBe(401);
  });

  it('refuses the old token once the password is changed, and takes the new one', async () => {
    const clerk = await customersClerk();
    const changed = await s.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(clerk.token),
      payload: {
        oldPassword: clerk.password,
        newPassword: 'Changed-Password-42',
        confirmPassword: 'Changed-Password-42',
      },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(() => statusOn(b, ME, clerk.token), WITHIN_A_SECOND).toBe(401);
    expect(await statusOn(s.app, ME, clerk.token)).toBe(401);
    expect(await statusOn(b, CUSTOMERS, changed.json().result.token as string)).toBe(200);
  });

  it('applies a permission taken away and given back', async () => {
    const clerk = await customersClerk();
    expect((await editAdmin(clerk, { permissions: { orders: false } })).statusCode).toBe(200);
    await expect.poll(() => statusOn(b, CUSTOMERS, clerk.token), WITHIN_A_SECOND).toBe(403);
    expect(await statusOn(s.app, CUSTOMERS, clerk.token)).toBe(403);
    // Still signed in: only the permission went.
    expect(await statusOn(b, ME, clerk.token)).toBe(200);

    expect((await editAdmin(clerk, { permissions: { userManagement: true } })).statusCode).toBe(
      200,
    );
    await expect.poll(() => statusOn(b, CUSTOMERS, clerk.token), WITHIN_A_SECOND).toBe(200);
  });

  it('ends the sessions of an admin made inactive', async () => {
    const clerk = await customersClerk();
    expect((await editAdmin(clerk, { status: 'Inactive' })).statusCode).toBe(200);
    await expect.poll(() => statusOn(b, CUSTOMERS, clerk.token), WITHIN_A_SECOND).toBe(401);
    expect(await statusOn(s.app, CUSTOMERS, clerk.token)).toBe(401);
  });

  it('ends the sessions of an admin deleted by another application', async () => {
    const clerk = await customersClerk();
    expect(await statusOn(s.app, CUSTOMERS, clerk.token)).toBe(200);
    await s.db.delete(adminsTable).where(eq(adminsTable.id, clerk.id));
    await expect.poll(() => statusOn(b, ME, clerk.token), WITHIN_A_SECOND).toBe(401);
    await expect.poll(() => statusOn(s.app, ME, clerk.token), WITHIN_A_SECOND).toBe(401);
  });

  it('keeps serving the sessions nobody changed', async () => {
    const clerk = await customersClerk();
    const other = await customersClerk();
    expect((await editAdmin(other, { status: 'Inactive' })).statusCode).toBe(200);
    await expect.poll(() => statusOn(b, ME, other.token), WITHIN_A_SECOND).toBe(401);
    expect(await statusOn(b, CUSTOMERS, clerk.token)).toBe(200);
  });
});

// PostgreSQL alone has a LISTEN connection to cut; shown as skipped on PGlite.
describe.skipIf(!onPostgres)('the session cache when its LISTEN connection is lost', () => {
  it('asks the database on every request until it LISTENs again, then holds sessions again', async () => {
    const label = `session cache test ${Date.now()}`;
    const handle = await openDatabase({ databaseUrl: s.config.databaseUrl });
    const loads: string[] = [];
    const cache = await createSessionCache({
      db: handle.db,
      databaseUrl: s.config.databaseUrl,
      log: b.log,
      label,
      load: async (claims: Session) => {
        loads.push(claims.tokenId);
        return { adminId: claims.adminId };
      },
    });
    const claims: Session = {
      adminId: 'someone',
      sessionVersion: 1,
      tokenId: 'token-1',
      expiresAt: new Date(Date.now() + 60_000),
    };
    const listenerPids = async () =>
      (
        await handle.db.execute<{ pid: number }>(
          sql`select pid from pg_stat_activity
              where application_name = ${`home-services ${label}`} and datname = current_database()`,
        )
      ).rows.map((row) => Number(row.pid));
    try {
      await cache.standing(claims);
      await cache.standing(claims);
      expect(loads).toHaveLength(1);

      const [pid] = await listenerPids();
      expect(pid).toBeDefined();
      await handle.db.execute(sql`select pg_terminate_backend(${pid!})`);
      // Lost: each request is asked of the database, nothing is held.
      await expect
        .poll(async () => {
          const before = loads.length;
          await cache.standing(claims);
          await cache.standing(claims);
          return loads.length - before;
        }, WITHIN_A_SECOND)
        .toBe(2);

      // Listening again (a new connection after 500 ms): held again.
      await expect
        .poll(
          async () => {
            const before = loads.length;
            await cache.standing(claims);
            await cache.standing(claims);
            return loads.length - before;
          },
          { timeout: 5000, interval: 50 },
        )
        .toBe(0);
      expect((await listenerPids()).filter((p) => p !== pid)).toHaveLength(1);
    } finally {
      await cache.close();
      await handle.close();
    }
  });
});
