import { randomBytes } from 'node:crypto';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig, type AppConfig } from '@server/config';
import { openDatabase, type Database, type DatabaseHandle } from '@server/db/client';
import {
  categoriesTable,
  ordersTable,
  pincodesTable,
  ridersTable,
  seedProgressTable,
} from '@server/db/schema';
import { ensureSuperAdmin, seedCategories } from '@server/db/seed';
import { seedDemoAdmins } from '@server/db/seed/admins';
import { seedAccountDocuments } from '@server/db/seed/accountDocuments';
import { seedAccounts } from '@server/db/seed/accounts';
import { seedBanners } from '@server/db/seed/banners';
import { seedCatalogue } from '@server/db/seed/catalogue';
import { seedContent } from '@server/db/seed/content';
import { seedCreditNotes } from '@server/db/seed/creditNotes';
import { seedCustomerNotes } from '@server/db/seed/customerNotes';
import { seedCustomers } from '@server/db/seed/customers';
import { seedEcommerce } from '@server/db/seed/ecommerce';
import { seedBusinessAndInvoices } from '@server/db/seed/invoices';
import { seedOrders } from '@server/db/seed/orders';
import { seedRiders } from '@server/db/seed/riders';
import { seedSubscriptions } from '@server/db/seed/subscriptions';
import { markCatalogue } from '@server/db/seed/returnables';
import { seedServiceAreas } from '@server/db/seed/service-areas';
import { seedReturnsAndTickets } from '@server/db/seed/support';
import { readManifest } from '@server/ops/archive';
import { createBackup } from '@server/ops/backup';
import { restoreBackup } from '@server/ops/restore';
import { uploadStoreFor } from '@server/lib/uploadStore';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestDatabase,
  JWT_SECRET,
  listFiles,
  multipart,
  pngPart,
  tinyPng,
} from './helpers';

/**
 * `npm run backup` and `npm run restore` (server/ops/backup.ts) on the embedded database in a
 * DATA_DIR on disk, or, with TEST_DATABASE_URL, on PostgreSQL databases of their own: a backup
 * of real data and uploaded images restored into an empty place holds the same rows in every
 * table and the same bytes in every file. The embedded database keeps the images as files in
 * DATA_DIR/uploads; PostgreSQL keeps them in its `uploads` table, so pg_dump holds them and the
 * table's hash compares them.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Where a server keeps its data: a DATA_DIR, and on PostgreSQL a database of its own. */
interface Site {
  config: AppConfig;
  cleanup(): Promise<void>;
}

const sites: Site[] = [];
let work: string;

/** A site on PostgreSQL with TEST_DATABASE_URL, unless `embedded`: then always on PGlite. */
async function newSite(opts: { embedded?: boolean } = {}): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hs-backup-'));
  const database = onPostgres && !opts.embedded ? await createTestDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET,
    SEED_DEMO: 'false',
    DIST_DIR: path.join(dataDir, 'no-dist'),
  });
  const site = {
    config,
    async cleanup() {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  sites.push(site);
  return site;
}

const open = (config: AppConfig) =>
  openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pgdata') });

async function withDatabase<T>(config: AppConfig, work: (h: DatabaseHandle) => Promise<T>) {
  const handle = await open(config);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/**
 * The demo data at a small size, two images uploaded through the API, and what use leaves
 * behind (a failed sign-in, a password reset asked for, a session ended): a row in every table.
 */
async function fillWithRealData(config: AppConfig): Promise<Map<string, Buffer>> {
  return withDatabase(config, async ({ db }) => {
    const uploads = uploadStoreFor(config, db);
    await ensureSuperAdmin(db, config);
    await seedCategories(db, uploads);
    await seedCatalogue(db, uploads);
    await markCatalogue(db);
    await seedEcommerce(db, uploads);
    await seedServiceAreas(db);
    await seedBanners(db, uploads);
    await seedDemoAdmins(db);
    await seedCustomers(db, 40);
    await seedOrders(db, 300);
    await seedRiders(db);
    await seedReturnsAndTickets(db);
    // Subscriptions with pauses, skips, holidays, the days' runs and orders (issue 35).
    await seedSubscriptions(db);
    // The households' accounts, last month's statements and a settlement file (issue 36).
    await seedAccounts(db);
    await seedAccountDocuments(db);
    // The jars-and-cylinders ledger and its stock, the business details and the invoices.
    await seedBusinessAndInvoices(db);
    await seedContent(db);
    // Operators' notes on the customers (issue 37).
    await seedCustomerNotes(db);
    // Credit notes on a few invoices (issue 38).
    await seedCreditNotes(db);
    await db
      .insert(seedProgressTable)
      .values(['catalogue', 'ecommerce', 'banners'].map((part) => ({ part })));

    const app = await buildApp({ config, db });
    try {
      const post = (url: string, payload: object, headers = {}) =>
        app.inject({ method: 'POST', url: `/api/admin/${url}`, payload, headers });
      expect((await post('login', { email: ADMIN_EMAIL, password: 'typo' })).statusCode).toBe(401);
      expect((await post('forgot-password', { email: ADMIN_EMAIL })).statusCode).toBe(200);
      await app.background.idle();
      expect((await post('logout', {}, bearer(await signIn(app)))).statusCode).toBe(200);

      const token = await signIn(app);
      await useRiderApp(app, db, token);
      const [water] = await db
        .select()
        .from(categoriesTable)
        .where(sql`${categoriesTable.kind} = 'water'`);
      const images = new Map<string, Buffer>();
      for (const [name, colour] of [
        ['Jar Tap', { r: 200, g: 30, b: 30 }],
        ['Jar Stand', { r: 30, g: 200, b: 30 }],
      ] as const) {
        const image = await tinyPng(colour);
        const { payload, headers } = multipart({
          name,
          type: 'tap',
          material: 'plastic',
          price: '120',
          discountPrice: '99',
          stockQuantity: '50',
          categoryId: water!.id,
          image: pngPart(image),
        });
        const res = await app.inject({
          method: 'POST',
          url: '/api/accessory/create',
          headers: { ...headers, ...bearer(token) },
          payload,
        });
        expect(res.statusCode, res.body).toBe(200);
        images.set(res.json().result.accessory.imageUrl as string, image);
      }
      return images;
    } finally {
      await app.close();
    }
  });
}

/**
 * A rider on the rider app (issue 40), through the API: a PIN set, a session, an open order
 * given to the rider today and delivered at the door.
 */
async function useRiderApp(
  app: Awaited<ReturnType<typeof buildApp>>,
  db: Database,
  token: string,
): Promise<void> {
  const call = async (url: string, payload: object | undefined, auth: string) => {
    const res = await app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/api/${url}`,
      headers: bearer(auth),
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result;
  };
  const [rider] = await db.select().from(ridersTable).where(eq(ridersTable.status, 'Active'));
  const [order] = await db
    .select({ id: ordersTable.id })
    .from(ordersTable)
    .where(eq(ordersTable.status, 'Pending'))
    .limit(1);
  await call('order/assign-rider', { orderIds: [order!.id], riderId: rider!.id }, token);
  await call('rider/set-pin', { riderId: rider!.id, pin: '4826' }, token);
  const login = await app.inject({
    method: 'POST',
    url: '/api/rider-app/login',
    payload: { phone: rider!.phone, pin: '4826' },
  });
  const riderToken = login.json().result.token as string;
  const { stops } = await call('rider-app/today', undefined, riderToken);
  const stop = (
    stops as {
      orderId: string;
      items: { key: string; quantity: number }[];
      toCollect: { method: string; amount: number };
    }[]
  ).find((s) => s.orderId === order!.id)!;
  await call(
    'rider-app/deliver',
    {
      orderId: stop.orderId,
      idempotencyKey: 'backup-test-delivery-1',
      delivered: stop.items.map((i) => ({ key: i.key, quantity: i.quantity })),
      emptiesCollected: 0,
      collected:
        stop.toCollect.method === 'Cash'
          ? { method: 'Cash', amount: stop.toCollect.amount }
          : { method: 'None', amount: 0 },
    },
    riderToken,
  );
}

async function signIn(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.token as string;
}

/** Every table of the public schema and drizzle's journal: its row count and a hash of its rows. */
async function tables(config: AppConfig) {
  return withDatabase(config, async ({ db }) => {
    const names = (
      await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
    ).rows.map((r) => `"${(r as { tablename: string }).tablename}"`);
    const result: Record<string, { rows: number; md5: string | null }> = {};
    for (const table of [...names, 'drizzle.__drizzle_migrations']) {
      const [row] = (
        await db.execute(
          sql.raw(
            `SELECT count(*)::int AS rows, md5(string_agg(t::text, '' ORDER BY t::text)) AS md5
              FROM ${table} t`,
          ),
        )
      ).rows as { rows: number; md5: string | null }[];
      result[table] = row!;
    }
    return result;
  });
}

/** Every file under DATA_DIR/uploads with its bytes. */
async function uploads(config: AppConfig): Promise<Record<string, Buffer>> {
  const dir = path.join(config.dataDir, 'uploads');
  const files: Record<string, Buffer> = {};
  for (const name of await listFiles(dir)) files[name] = await readFile(path.join(dir, name));
  return files;
}

/** A target after a refused restore: no files, and on PostgreSQL not one table. */
async function expectUntouched(config: AppConfig) {
  expect(await listFiles(path.join(config.dataDir, 'pgdata'))).toEqual([]);
  expect(await listFiles(path.join(config.dataDir, 'uploads'))).toEqual([]);
  expect((await readdir(config.dataDir)).filter((f) => f.startsWith('.restore-'))).toEqual([]);
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  }
}

/** A tar of the given files, in order. */
async function writeTar(file: string, files: Record<string, string>) {
  const pack = tar.pack();
  for (const [name, text] of Object.entries(files)) pack.entry({ name }, text);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
  await writeFile(file, Buffer.concat(chunks));
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let source: Site;
  let archive: string;
  /** The images uploaded through the API, by URL. */
  let uploadedImages: Map<string, Buffer>;
  let imageUrls: string[];
  let sourceTables: Awaited<ReturnType<typeof tables>>;
  let sourceUploads: Record<string, Buffer>;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'hs-backup-archives-'));
    source = await newSite();
    uploadedImages = await fillWithRealData(source.config);
    imageUrls = [...uploadedImages.keys()];
    sourceTables = await tables(source.config);
    sourceUploads = await uploads(source.config);
    archive = path.join(work, 'backup.tar');
    await createBackup(source.config, { out: archive });
  }, 300_000);

  afterAll(async () => {
    for (const site of sites.splice(0)) await site.cleanup();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it(`starts from real data: rows in every table, the uploaded images ${onPostgres ? 'in the database' : 'on disk'}`, async () => {
    const empty = Object.entries(sourceTables)
      .filter(([, t]) => t.rows === 0)
      .map(([name]) => name);
    // The embedded database keeps the images on disk, not in its `uploads` table.
    expect(empty).toEqual(onPostgres ? [] : ['"uploads"']);
    expect(Object.keys(sourceTables).length).toBeGreaterThan(20);
    // The 300 seeded and the last week's made from the subscriptions.
    expect(sourceTables['"orders"']!.rows).toBeGreaterThan(300);
    if (onPostgres) {
      expect(sourceUploads).toEqual({});
      expect(sourceTables['"uploads"']!.rows).toBeGreaterThan(10);
      const keys = await withDatabase(source.config, async ({ db }) =>
        (await db.execute(sql`SELECT key FROM uploads`)).rows.map((r) => r.key),
      );
      for (const url of imageUrls) expect(keys, url).toContain(/([0-9a-f]{64})/.exec(url)![1]);
    } else {
      for (const url of imageUrls) {
        expect(sourceUploads[url.replace('/uploads/', '')], url).toBeDefined();
      }
      expect(Object.keys(sourceUploads).length).toBeGreaterThan(10);
    }
  });

  it('restores into an empty place every table row for row and every file byte for byte', async () => {
    const target = await newSite();
    const { manifest } = await restoreBackup(target.config, { file: archive });
    expect(manifest.database.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(manifest.uploads.files).toBe(Object.keys(sourceUploads).length);

    // On PostgreSQL this compares the images too: the `uploads` table holds their bytes.
    expect(await tables(target.config)).toEqual(sourceTables);
    const restored = await uploads(target.config);
    expect(Object.keys(restored)).toEqual(Object.keys(sourceUploads));
    for (const [name, bytes] of Object.entries(sourceUploads)) {
      expect(restored[name]!.equals(bytes), name).toBe(true);
    }

    // The restored site works: the super-admin signs in and the uploaded images are served.
    await withDatabase(target.config, async ({ db }) => {
      const app = await buildApp({ config: target.config, db });
      try {
        await signIn(app);
        for (const url of imageUrls) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type'], url).toBe('image/png');
          expect(res.rawPayload.equals(uploadedImages.get(url)!), url).toBe(true);
        }
      } finally {
        await app.close();
      }
    });
  });

  it('refuses a target that holds data unless forced, and then replaces it', async () => {
    const target = await newSite();
    await restoreBackup(target.config, { file: archive });
    // Changes after the backup: a new pin code, an image of its own.
    await withDatabase(target.config, ({ db }) =>
      db.insert(pincodesTable).values({ number: '999999', pinType: 'Home' }),
    );
    const stray = path.join(target.config.dataDir, 'uploads', 'ff', 'stray.png');
    await mkdir(path.dirname(stray), { recursive: true });
    await writeFile(stray, await tinyPng({ r: 1, g: 1, b: 1 }));

    await expect(restoreBackup(target.config, { file: archive })).rejects.toThrow(
      /^Nothing restored: .*(holds a database|has \d+ tables) and .*uploads is not empty.*--force/s,
    );
    expect(await tables(target.config)).not.toEqual(sourceTables);

    await restoreBackup(target.config, { file: archive, force: true });
    expect(await tables(target.config)).toEqual(sourceTables);
    expect(Object.keys(await uploads(target.config))).toEqual(Object.keys(sourceUploads));
  });

  it('refuses a damaged, truncated, foreign, hostile or newer file and leaves the target as it was', async () => {
    const bytes = await readFile(archive);
    const manifest = await readManifest(archive);
    // One bit changed inside the archive: of an uploaded image, or on PostgreSQL (which holds
    // the images) of the database's dump.
    const [entry, start, length] = onPostgres
      ? [
          'database/postgres.dump',
          bytes.indexOf('PGDMP'),
          manifest.files.find((f) => f.path === 'database/postgres.dump')!.size,
        ]
      : [
          'uploads/',
          bytes.indexOf(uploadedImages.get(imageUrls[0]!)!),
          uploadedImages.get(imageUrls[0]!)!.length,
        ];
    expect(start).toBeGreaterThan(0);
    const damaged = path.join(work, 'damaged.tar');
    const flipped = Buffer.from(bytes);
    flipped[start + Math.floor(length / 2)]! ^= 0x01;
    await writeFile(damaged, flipped);

    const truncated = path.join(work, 'truncated.tar');
    await copyFile(archive, truncated);
    await truncate(truncated, Math.floor(bytes.length * 0.6));

    const random = path.join(work, 'random.bin');
    await writeFile(random, randomBytes(4096));
    const otherTar = path.join(work, 'notes.tar');
    await writeTar(otherTar, { 'notes.txt': 'not a backup\n' });
    // A manifest naming a file outside the uploads folder.
    const escaping = path.join(work, 'escaping.tar');
    const evil = { path: 'uploads/../../evil.sh', size: 3, sha256: 'a'.repeat(64) };
    await writeTar(escaping, {
      'manifest.json': JSON.stringify({ ...manifest, files: [...manifest.files, evil] }),
      'uploads/../../evil.sh': 'rm\n',
    });
    const newer = path.join(work, 'newer.tar');
    await writeTar(newer, {
      'manifest.json': JSON.stringify({
        ...manifest,
        database: { ...manifest.database, migrations: 999 },
      }),
    });

    const cases: [string, RegExp][] = [
      [damaged, new RegExp(`is damaged: ${entry}.* does not match the checksum in its manifest`)],
      [truncated, /is damaged or incomplete/],
      [random, /is not a backup made by `npm run backup` \(it is not a tar archive/],
      [otherTar, /is not a backup made by `npm run backup` \(it does not start with manifest/],
      [escaping, /manifest\.json of .* is damaged \(not a path of a backup\)/],
      [newer, /was made by a newer version of the app \(its database has 999 migrations/],
      [path.join(work, 'missing.tar'), /does not exist/],
    ];
    for (const [file, message] of cases) {
      const target = await newSite();
      await expect(restoreBackup(target.config, { file }), file).rejects.toThrow(message);
      await expectUntouched(target.config);
    }
  });

  // One test per database kind: npm test runs the embedded one, CI's second run PostgreSQL's;
  // the other shows as skipped.
  const embeddedOnly = it.skipIf(onPostgres);
  const postgresOnly = it.skipIf(!onPostgres);

  embeddedOnly(
    'refuses to back up or restore the embedded database while a server has it open',
    async () => {
      const handle = await open(source.config);
      try {
        await expect(
          createBackup(source.config, { out: path.join(work, 'while-open.tar') }),
        ).rejects.toThrow(/needs the server stopped.*in use by process/s);
        await expect(restoreBackup(source.config, { file: archive, force: true })).rejects.toThrow(
          /needs the server stopped/,
        );
      } finally {
        await handle.close();
      }
      // Into PostgreSQL (below): its database is checked before anything is unpacked.
      const withUrl = { ...source.config, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
      await expect(restoreBackup(withUrl, { file: archive })).rejects.toThrow(
        /Could not connect to DATABASE_URL/,
      );
      const unpacked = (await readdir(source.config.dataDir)).filter((f) =>
        f.startsWith('.restore-'),
      );
      expect(unpacked).toEqual([]);
    },
  );

  postgresOnly(
    'refuses a PostgreSQL backup without DATABASE_URL, or over tables it does not have',
    async () => {
      const target = await newSite();
      const embedded = { ...target.config, databaseUrl: undefined };
      await expect(restoreBackup(embedded, { file: archive })).rejects.toThrow(
        /holds a PostgreSQL database \(pg_dump\)\. Set DATABASE_URL/,
      );

      // A database of a newer version: pg_restore --clean would leave its extra table behind.
      await withDatabase(target.config, ({ db }) =>
        db.execute(sql`CREATE TABLE newer_feature (id int)`),
      );
      await expect(restoreBackup(target.config, { file: archive, force: true })).rejects.toThrow(
        /has tables the backup does not have \(public\.newer_feature\).*empty database/s,
      );
    },
  );
});

/** Every sequence of the public schema and where it has come to. */
async function sequences(config: AppConfig) {
  return withDatabase(config, async ({ db }) =>
    Object.fromEntries(
      (
        await db.execute(
          sql`SELECT sequencename, last_value::text AS last FROM pg_sequences
                WHERE schemaname = 'public' ORDER BY 1`,
        )
      ).rows.map((r) => [r.sequencename, r.last]),
    ),
  );
}

/** The `uploads` table's images: key → SHA-256 of the bytes, computed by the database. */
async function uploadRows(config: AppConfig) {
  return withDatabase(config, async ({ db }) =>
    Object.fromEntries(
      (
        await db.execute(sql`SELECT key, encode(sha256(bytes), 'hex') AS sha256 FROM uploads`)
      ).rows.map((r) => [r.key, r.sha256]),
    ),
  );
}

// Moving from the embedded database to PostgreSQL: a PGlite backup restored with DATABASE_URL
// set (server/ops/pgliteToPostgres.ts). Needs a PostgreSQL server: CI's run with
// TEST_DATABASE_URL.
describe.skipIf(!onPostgres)('a backup of the embedded database restored into PostgreSQL', () => {
  let folder: string;
  let source: Site;
  let archive: string;
  let uploadedImages: Map<string, Buffer>;
  let sourceTables: Awaited<ReturnType<typeof tables>>;
  let sourceUploads: Record<string, Buffer>;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'hs-backup-archives-'));
    source = await newSite({ embedded: true });
    uploadedImages = await fillWithRealData(source.config);
    sourceTables = await tables(source.config);
    sourceUploads = await uploads(source.config);
    archive = path.join(folder, 'embedded.tar');
    await createBackup(source.config, { out: archive });
  }, 300_000);

  afterAll(async () => {
    for (const site of sites.splice(0)) await site.cleanup();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('copies every table row for row and every image into the uploads table; the site works', async () => {
    const target = await newSite();
    const lines: string[] = [];
    const { manifest, moved } = await restoreBackup(target.config, {
      file: archive,
      log: (line) => lines.push(line),
    });
    expect(manifest.database.kind).toBe('pglite');
    expect(lines).toContain(
      `Copying orders (${sourceTables['"orders"']!.rows.toLocaleString('en-US')} rows)...`,
    );

    // The embedded database kept its images on disk; PostgreSQL has them in `uploads`.
    const { '"uploads"': sourceUploadsTable, ...sourceRest } = sourceTables;
    const { '"uploads"': targetUploadsTable, ...targetRest } = await tables(target.config);
    expect(targetRest).toEqual(sourceRest);
    expect(sourceUploadsTable!.rows).toBe(0);
    const files = Object.keys(sourceUploads);
    expect(files.length).toBeGreaterThan(10);
    expect(targetUploadsTable!.rows).toBe(files.length);
    expect(moved).toEqual({
      tables: Object.keys(sourceRest).length, // the public schema's, `uploads` in, drizzle's out
      rows: expect.any(Number),
      uploads: files.length,
    });
    expect(await uploadRows(target.config)).toEqual(
      Object.fromEntries(
        files.map((f) => [path.basename(f).split('.')[0], path.basename(f).split('.')[0]]),
      ),
    );
    // Where each serial column has come to, so the next row gets a new number.
    expect(await sequences(target.config)).toEqual(await sequences(source.config));
    // Nothing of the target's DATA_DIR is used: the images are in the database.
    expect(await listFiles(path.join(target.config.dataDir, 'uploads'))).toEqual([]);

    await withDatabase(target.config, async ({ db }) => {
      const app = await buildApp({ config: target.config, db });
      try {
        await signIn(app);
        for (const [url, bytes] of uploadedImages) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type'], url).toBe('image/png');
          expect(res.rawPayload.equals(bytes), url).toBe(true);
        }
      } finally {
        await app.close();
      }
    });
  }, 180_000);

  it('refuses a database that holds tables, even with --force, and leaves it as it was', async () => {
    const target = await newSite();
    await withDatabase(target.config, ({ db }) =>
      db.insert(pincodesTable).values({ number: '999999', pinType: 'Home' }),
    );
    await expect(restoreBackup(target.config, { file: archive, force: true })).rejects.toThrow(
      /^Nothing restored: the database of DATABASE_URL has \d+ tables\. A backup of the embedded database is restored into an empty PostgreSQL database only \(--force does not change that\)/,
    );
    const pincodes = await withDatabase(target.config, ({ db }) => db.select().from(pincodesTable));
    expect(pincodes.map((p) => p.number)).toEqual(['999999']);
  });

  it('leaves the database empty when the copy fails part way', async () => {
    const target = await newSite();
    const failing = (line: string) => {
      // A failure in the middle of the copy, after the migrations and the first tables.
      if (line.startsWith('Copying orders')) throw new Error('the disk is full');
    };
    await expect(restoreBackup(target.config, { file: archive, log: failing })).rejects.toThrow(
      /^Nothing restored: the disk is full\nThe database of DATABASE_URL was left as it was\.$/,
    );
    await expectUntouched(target.config);
    const client = new pg.Client({ connectionString: target.config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT (SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace)::int
                  AS routines,
                (SELECT count(*) FROM pg_extension WHERE extname = 'pg_trgm')::int AS trgm,
                (SELECT count(*) FROM pg_namespace WHERE nspname = 'drizzle')::int AS drizzle`,
      );
      expect(rows[0]).toEqual({ routines: 0, trgm: 0, drizzle: 0 });
    } finally {
      await client.end();
    }
    // And it can be restored into after that.
    await restoreBackup(target.config, { file: archive });
    expect((await tables(target.config))['"orders"']).toEqual(sourceTables['"orders"']);
  }, 180_000);
});
