import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig, type AppConfig } from '@server/config';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { adminsTable, categoriesTable, uploadsTable } from '@server/db/schema';
import { ensureSuperAdmin, seedCategories } from '@server/db/seed';
import { databaseUploadStore, diskUploadStore, uploadStoreFor } from '@server/lib/uploadStore';
import { moveUploadsToDatabase } from '@server/ops/uploadsToDatabase';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestDatabase,
  createTestServer,
  JWT_SECRET,
  listFiles,
  multipart,
  pngPart,
  tinyPng,
  type TestApp,
} from './helpers';

/**
 * Where uploaded images live (server/lib/uploadStore.ts): with PostgreSQL in its `uploads` table,
 * so that any number of instances serve them with no shared disk; with the embedded database
 * in DATA_DIR/uploads. And `npm run uploads:to-db`, which moves files from disk into PostgreSQL.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// One set per database kind: npm test runs the embedded one, CI's second run PostgreSQL's; the
// other shows as skipped.
const postgresOnly = describe.skipIf(!onPostgres);
const embeddedOnly = describe.skipIf(onPostgres);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `npm run uploads:to-db` as a process: its exit code and output. */
function uploadsToDb(env: Record<string, string>, ...args: string[]) {
  return promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/uploads-to-db.ts', ...args],
    { env: { ...process.env, ...env } },
  ).then(
    (out) => ({ code: 0, ...out }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

async function emptyDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hs-uploads-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function configFor(dataDir: string, databaseUrl = ''): AppConfig {
  return loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET,
    SEED_DEMO: 'false',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    VALIDATE_RESPONSES: 'true',
  });
}

interface Instance {
  app: TestApp;
  handle: DatabaseHandle;
  config: AppConfig;
}

/** A server instance as server/main.ts starts one: its own pool and its own empty DATA_DIR. */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const config = configFor(await emptyDataDir(), databaseUrl);
  const handle = await openDatabase({ databaseUrl });
  const uploads = uploadStoreFor(config, handle.db);
  await ensureSuperAdmin(handle.db, config);
  await seedCategories(handle.db, uploads);
  const app = await buildApp({ config, db: handle.db, uploads });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await handle.close();
  });
  return { app, handle, config };
}

async function signIn(app: TestApp): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.token as string;
}

/** Creates a category with `image` through `app`; returns the image's URL. */
async function uploadCategoryImage(app: TestApp, name: string, image: Buffer): Promise<string> {
  const { payload, headers } = multipart({
    name,
    title: `${name} at your door`,
    description: `${name}, delivered.`,
    image: pngPart(image),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/category/create-category',
    headers: { ...headers, ...bearer(await signIn(app)) },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.category.image as string;
}

postgresOnly('uploads on PostgreSQL, shared by every instance', () => {
  let a: Instance;
  let b: Instance;
  let image: Buffer;
  let url: string;

  beforeAll(async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    // Both at the same moment on an empty database, as two servers would start.
    [a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
    image = await tinyPng({ r: 12, g: 34, b: 56 });
    url = await uploadCategoryImage(a.app, 'Cooking Gas', image);
  }, 60_000);

  it('starts two instances together on one empty database: one super-admin, five categories', async () => {
    const [admins] = await a.handle.db
      .select({ n: count() })
      .from(adminsTable)
      .where(eq(adminsTable.email, ADMIN_EMAIL));
    expect(admins!.n).toBe(1);
    const [categories] = await a.handle.db.select({ n: count() }).from(categoriesTable);
    // The five service categories, and the one uploaded above.
    expect(categories!.n).toBe(6);
  });

  it('serves an image uploaded through one instance from another with an empty DATA_DIR', async () => {
    expect(url).toBe(`/uploads/${sha256(image).slice(0, 2)}/${sha256(image)}.png`);
    // Sent as stored, never compressed again.
    const res = await b.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(image)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(image.length));
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.etag).toBe(`"${sha256(image)}"`);
    // The same security headers as files from disk get: sandboxed, never sniffed.
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Neither instance wrote the image to its disk.
    for (const instance of [a, b]) {
      expect(await listFiles(path.join(instance.config.dataDir, 'uploads'))).toEqual([]);
    }
  });

  it('answers HEAD with the size and no body, and 304 to a matching If-None-Match', async () => {
    const head = await b.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(image.length));
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
    expect(head.headers.etag).toBe(`"${sha256(image)}"`);
    expect(head.rawPayload.length).toBe(0);

    const etag = `"${sha256(image)}"`;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, '*']) {
      const res = await b.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': ifNoneMatch },
      });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.rawPayload.length, ifNoneMatch).toBe(0);
      expect(res.headers.etag, ifNoneMatch).toBe(etag);
      expect(res.headers['cache-control'], ifNoneMatch).toBe(IMMUTABLE);
    }
    const stale = await b.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': `"${'0'.repeat(64)}"` },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(image)).toBe(true);
  });

  it('answers 404 for any path that names no stored image', async () => {
    const hash = sha256(image);
    const unknown = sha256(Buffer.from('never uploaded'));
    for (const target of [
      `/uploads/${unknown.slice(0, 2)}/${unknown}.png`,
      // The right hash under another type, or another folder; no hash at all.
      `/uploads/${hash.slice(0, 2)}/${hash}.gif`,
      `/uploads/ff/${hash}.png`,
      `/uploads/${hash.slice(0, 2)}/${hash}`,
      '/uploads/',
      '/uploads/test.png',
      '/uploads/../package.json',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await b.app.inject({ method, url: target });
        expect(res.statusCode, `${method} ${target}`).toBe(404);
      }
    }
    const gone = await b.app.inject({
      method: 'GET',
      url: `/uploads/${unknown.slice(0, 2)}/${unknown}.png`,
      headers: { 'if-none-match': '*' },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps the same image uploaded again, through either instance, as one row', async () => {
    expect(await uploadCategoryImage(b.app, 'Piped Gas', image)).toBe(url);
    const [rows] = await b.handle.db
      .select({ n: count() })
      .from(uploadsTable)
      .where(eq(uploadsTable.key, sha256(image)));
    expect(rows!.n).toBe(1);
  });
});

postgresOnly('npm run uploads:to-db', () => {
  let databaseUrl: string;
  let config: AppConfig;
  const images: Record<string, Buffer> = {};
  let damaged: string;

  beforeAll(async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
    config = configFor(await emptyDataDir(), databaseUrl);
    // Files an instance on the embedded database (or a shared folder) left in DATA_DIR/uploads.
    const disk = diskUploadStore(path.join(config.dataDir, 'uploads'));
    for (const colour of [10, 20, 30]) {
      const bytes = await tinyPng({ r: colour, g: colour, b: colour });
      images[(await disk.put(bytes, 'png')).url] = bytes;
    }
    // One of them uploaded into the database already.
    const handle = await openDatabase({ databaseUrl });
    try {
      await databaseUploadStore(handle.db).put(Object.values(images)[0]!, 'png');
    } finally {
      await handle.close();
    }
    // A file that is no upload, an upload under way, and a file whose bytes lost their name's.
    const uploads = path.join(config.dataDir, 'uploads');
    await writeFile(path.join(uploads, 'notes.txt'), 'not an image\n');
    const other = sha256(Buffer.from('other bytes'));
    damaged = `${other.slice(0, 2)}/${other}.png`;
    await mkdir(path.join(uploads, other.slice(0, 2)), { recursive: true });
    await writeFile(path.join(uploads, damaged), await tinyPng({ r: 1, g: 2, b: 3 }));
    await writeFile(path.join(uploads, `${damaged}.abc123.tmp`), 'half');
  }, 60_000);

  it('copies every image checked against its hash, skips what is no upload, refuses damage', async () => {
    const report = await moveUploadsToDatabase(config);
    expect(report).toEqual({
      files: 4,
      copied: 2,
      present: 1,
      removed: 0,
      skipped: ['notes.txt'],
      damaged: [`${damaged}: its bytes do not match its name`],
    });
    // Files stay without --delete: the three images, the note, the damaged one, the temporary.
    expect(await listFiles(path.join(config.dataDir, 'uploads'))).toHaveLength(6);

    // Served by an instance on that database with a DATA_DIR of its own.
    const other = await startInstance(databaseUrl);
    for (const [url, bytes] of Object.entries(images)) {
      const res = await other.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.equals(bytes), url).toBe(true);
    }
    const keys = Object.values(images).map(sha256);
    const [rows] = await other.handle.db
      .select({ n: count() })
      .from(uploadsTable)
      .where(inArray(uploadsTable.key, keys));
    expect(rows!.n).toBe(3);
  });

  it('copies nothing twice when run again, and exits 1 while a file is damaged', async () => {
    const again = await uploadsToDb({ DATA_DIR: config.dataDir, DATABASE_URL: databaseUrl });
    expect(again.code, again.stderr).toBe(1);
    expect(again.stdout).toContain(
      '4 image files: 0 copied into the database, 3 already there; 3 checked against their SHA-256',
    );
    expect(again.stdout).toContain('files that are not uploads: notes.txt');
    expect(again.stderr).toContain(`Not copied, 1 damaged files`);
    expect(again.stderr).toContain(damaged);

    await rm(path.join(config.dataDir, 'uploads', damaged));
    const clean = await uploadsToDb({ DATA_DIR: config.dataDir, DATABASE_URL: databaseUrl });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('3 image files: 0 copied into the database, 3 already there');
    expect(clean.stdout).toContain('The files are left in place: --delete removes them.');
  }, 30_000);

  it('with --delete removes each file once its row is checked, and its emptied folder', async () => {
    const report = await moveUploadsToDatabase(config, { delete: true });
    expect(report).toMatchObject({ files: 3, copied: 0, present: 3, removed: 3, damaged: [] });
    const left = await listFiles(path.join(config.dataDir, 'uploads'));
    expect(left.filter((f) => !f.endsWith('.tmp'))).toEqual(['notes.txt']);
    const handle = await openDatabase({ databaseUrl });
    try {
      const { rows } = await handle.db.execute<{ ok: boolean }>(
        sql`SELECT bool_and(encode(sha256(bytes), 'hex') = key AND size = length(bytes)) AS ok FROM uploads`,
      );
      expect(rows[0]!.ok).toBe(true);
    } finally {
      await handle.close();
    }
  });
});

embeddedOnly('uploads on the embedded database', () => {
  it('are files in DATA_DIR/uploads served with immutable caching; the uploads table stays empty', async () => {
    const s = await createTestServer();
    cleanups.push(() => s.close());
    const image = await tinyPng({ r: 99, g: 88, b: 77 });
    const url = await uploadCategoryImage(s.app, 'Cooking Gas', image);
    expect(s.uploads.kind).toBe('disk');
    expect(await listFiles(path.join(s.config.dataDir, 'uploads'))).toContain(
      url.replace('/uploads/', ''),
    );
    const res = await s.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(image)).toBe(true);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    const [rows] = await s.db.select({ n: count() }).from(uploadsTable);
    expect(rows!.n).toBe(0);
  });
});

describe('npm run uploads:to-db without DATABASE_URL', () => {
  it('refuses with a message and exit code 1: the embedded database keeps its files', async () => {
    const dataDir = await emptyDataDir();
    const run = await uploadsToDb({ DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL is not set.');
  }, 30_000);
});
