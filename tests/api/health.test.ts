import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadinessCheck } from '@server/modules/health/readiness';
import { shippedMigrations } from '@server/modules/health/repository';
import { createTestServer, JWT_SECRET, type TestServer } from './helpers';

/**
 * The probes of a load balancer: GET /api/health (the process answers) and GET /api/ready (the
 * database answers and has every migration), without a token, on PGlite or TEST_DATABASE_URL's
 * PostgreSQL.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const probe = (url: string, method: 'GET' | 'HEAD' = 'GET') => server.app.inject({ method, url });

const MIGRATIONS = sql`drizzle.__drizzle_migrations`;
const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** What no probe answer may show: versions, the secret, the database's name or errors. */
function expectNothingRevealed(body: string) {
  for (const hidden of [
    JWT_SECRET,
    packageVersion,
    process.version,
    'pglite',
    'PGlite',
    'postgres',
    'drizzle',
    '__drizzle_migrations',
    'relation',
  ]) {
    expect(body, hidden).not.toContain(hidden);
  }
}

describe('GET /api/health', () => {
  it('answers 200 without a token, not cached, naming nothing', async () => {
    const res = await probe('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: 'The server is running.' });
    expect(res.headers['cache-control']).toBe('no-store');
    expectNothingRevealed(res.body);
  });

  it('answers HEAD too, as some balancers ask', async () => {
    const res = await probe('/api/health', 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});

describe('GET /api/ready', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const res = await probe('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'Ready: the database answers and every migration is applied.',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expectNothingRevealed(res.body);
  });

  it('compares the migrations the server ships with those drizzle recorded', async () => {
    const shipped = shippedMigrations();
    expect(shipped.length).toBeGreaterThan(10);
    const { rows } = await server.db.execute<{ count: number }>(
      sql`select count(*)::int as count from ${MIGRATIONS}`,
    );
    expect(rows[0]!.count).toBe(shipped.length);
  });

  it('answers 503 while a migration is missing, and 200 again once it is there', async () => {
    const { rows } = await server.db.execute<{ id: number; hash: string; created_at: string }>(
      sql`delete from ${MIGRATIONS}
          where created_at = (select max(created_at) from ${MIGRATIONS})
          returning id, hash, created_at::text`,
    );
    const removed = rows[0]!;
    try {
      const res = await probe('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        message: 'Not ready: database migrations are not all applied yet.',
      });
      expectNothingRevealed(res.body);
    } finally {
      await server.db.execute(
        sql`insert into ${MIGRATIONS} (id, hash, created_at)
            values (${removed.id}, ${removed.hash}, ${removed.created_at}::bigint)`,
      );
    }
    expect((await probe('/api/ready')).statusCode).toBe(200);
  });

  it('answers 503 when the database cannot be read, without its error', async () => {
    await server.db.execute(sql`alter table ${MIGRATIONS} rename to moved_migrations`);
    try {
      const res = await probe('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        message: 'Not ready: the database cannot be read.',
      });
      expectNothingRevealed(res.body);
      // The process itself still answers.
      expect((await probe('/api/health')).statusCode).toBe(200);
    } finally {
      await server.db.execute(
        sql`alter table drizzle.moved_migrations rename to __drizzle_migrations`,
      );
    }
    expect((await probe('/api/ready')).statusCode).toBe(200);
  });

  it('answers 503 instead of waiting when the database does not answer', async () => {
    // A transaction holding drizzle's table: PostgreSQL makes the probe's query wait for the
    // lock, PGlite (one connection) for the transaction to end.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = server.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${MIGRATIONS} in access exclusive mode`);
      locked();
      await released;
    });
    try {
      await isLocked;
      const answers = await Promise.all([probe('/api/ready'), probe('/api/ready')]);
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          statusCode: 503,
          message: 'Not ready: the database did not answer within 2000 ms.',
        });
      }
      expect((await probe('/api/health')).statusCode).toBe(200);
    } finally {
      release();
      await holding;
    }
    expect((await probe('/api/ready')).statusCode).toBe(200);
  });
});

describe('the readiness check', () => {
  it('sends one query however many probes wait on a stuck database', async () => {
    let queries = 0;
    let answer!: (latest: number) => void;
    const stuck = new Promise<number>((resolve) => (answer = resolve));
    const check = createReadinessCheck({
      // The first query hangs until answered; later ones answer at once.
      newestAppliedMigration: () => {
        queries += 1;
        return queries === 1 ? stuck : Promise.resolve(200);
      },
      shipped: [100, 200],
      timeoutMs: 50,
    });
    const results = await Promise.all([check(), check(), check()]);
    expect(results.map((r) => r.ready)).toEqual([false, false, false]);
    expect(await check()).toMatchObject({ ready: false });
    expect(queries).toBe(1);
    // Once the database answers, the next probe asks again.
    answer(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await check()).toEqual({ ready: true });
    expect(queries).toBe(2);
  });

  it('counts the migrations missing, and takes a database ahead of it (a newer instance)', async () => {
    const withLatest = (latest: number | null) =>
      createReadinessCheck({
        newestAppliedMigration: async () => latest,
        shipped: [100, 200, 300],
      })();
    expect(await withLatest(100)).toMatchObject({ ready: false, pending: 2 });
    expect(await withLatest(null)).toMatchObject({ ready: false, pending: 3 });
    expect(await withLatest(300)).toEqual({ ready: true });
    expect(await withLatest(400)).toEqual({ ready: true });
  });
});
