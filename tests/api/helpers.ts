import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { buildApp } from '@server/app';
import { loadConfig, type AppConfig } from '@server/config';
import { openDatabase, type Database, type DatabaseHandle } from '@server/db/client';
import type { Replica } from '@server/db/replica';
import {
  adminsTable,
  type AdminRole,
  type Permissions,
  type RecordStatus,
} from '@server/db/schema';
import { ensureSuperAdmin, seedCategories } from '@server/db/seed';
import type { Mailer } from '@server/lib/mailer';
import { hashPassword } from '@server/lib/passwords';
import {
  IMAGE_TYPES,
  uploadRelative,
  uploadStoreFor,
  type ImageExt,
  type UploadStore,
} from '@server/lib/uploadStore';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Super-Secret-Password-1';
export const JWT_SECRET = 'test-jwt-secret-that-is-long-enough-for-hs256-0123456789';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface TestAdmin {
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface NewAdmin {
  name?: string;
  email?: string;
  password?: string;
  role?: AdminRole;
  status?: RecordStatus;
  permissions?: Partial<Permissions>;
}

export interface TestServer {
  app: TestApp;
  config: AppConfig;
  db: Database;
  /** 'pglite' in memory, or 'postgres' when TEST_DATABASE_URL is set. */
  kind: DatabaseHandle['kind'];
  handle: DatabaseHandle;
  close(): Promise<void>;
  /** Signs in through the API; throws unless the answer is 200. */
  login(email: string, password: string): Promise<string>;
  superToken: string;
  /** Inserts an admin row directly and signs a session token for it. */
  createAdmin(values?: NewAdmin): Promise<TestAdmin>;
  /** The 6-digit OTP of the newest mail in the outbox addressed to `email`. */
  readLatestOtp(email: string): Promise<string>;
  /** Names of the .eml files in the outbox addressed to `email`. */
  outboxFor(email: string): Promise<string[]>;
  /** A real small PNG built with sharp. */
  tinyPng: typeof tinyPng;
  /** The app's upload store: DATA_DIR/uploads on PGlite, the `uploads` table on PostgreSQL. */
  uploads: UploadStore;
  /** Every stored upload, as `ab/<sha256>.png`, sorted: files on disk or rows of `uploads`. */
  storedUploads(): Promise<string[]>;
  /** The bytes of the upload at `url` (`/uploads/...`), or undefined when there is none. */
  readUpload(url: string): Promise<Buffer | undefined>;
}

/** PostgreSQL pool settings of openDatabase (PGlite has neither). */
type DatabaseOptions = Pick<
  Parameters<typeof openDatabase>[0],
  'poolSize' | 'statementTimeoutMs' | 'logger'
>;

/**
 * An empty PostgreSQL database of its own on the TEST_DATABASE_URL server (which must be set),
 * and how to drop it.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hs_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A PostgreSQL database of its own when TEST_DATABASE_URL is set, else PGlite in memory. */
async function freshDatabase(
  options: DatabaseOptions = {},
): Promise<{ handle: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) {
    const handle = await openDatabase({ dataDir: 'memory://', ...options });
    return { handle, drop: async () => {} };
  }
  const { url, drop } = await createTestDatabase();
  const handle = await openDatabase({ databaseUrl: url, ...options });
  return { handle, url, drop };
}

/** Undoes nodemailer's quoted-printable encoding (soft line breaks and =XX escapes). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Same file-name rule as the mailer's outbox. */
const outboxName = (email: string) => email.replace(/[^a-zA-Z0-9@._-]/g, '_');

let adminCounter = 0;

/**
 * The real server (buildApp) on a fresh, migrated and seeded database, with its own DATA_DIR
 * (uploads, outbox) and no SMTP, so every mail lands in DATA_DIR/outbox.
 */
export async function createTestServer(
  opts: {
    env?: Record<string, string>;
    database?: DatabaseOptions;
    mailer?: Mailer;
    /** A pino logger (server/lib/logging.ts options) whose lines a test reads; none by default. */
    logger?: FastifyBaseLogger;
    /** A read replica beside the primary (server/db/replica.ts `openReplica`), closed with it. */
    replica?: (primary: Database) => Promise<Replica>;
  } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hs-api-test-'));
  const { handle, url, drop } = await freshDatabase(opts.database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    // As a server on that database is configured: uploads then live in PostgreSQL too.
    DATABASE_URL: url ?? '',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET,
    SEED_DEMO: 'false',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    // Every answer must match its route's response schema and list every field it sends.
    VALIDATE_RESPONSES: 'true',
    ...opts.env,
  });
  const db = handle.db;
  const uploads = uploadStoreFor(config, db);
  await ensureSuperAdmin(db, config);
  await seedCategories(db, uploads);
  const replica = await opts.replica?.(db);
  const app = await buildApp({
    config,
    db,
    replica,
    mailer: opts.mailer,
    logger: opts.logger,
    uploads,
  });
  await app.ready();

  async function login(email: string, password: string): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password },
    });
    if (res.statusCode !== 200) {
      throw new Error(`login of ${email} answered ${res.statusCode}: ${res.body}`);
    }
    return res.json().result.token as string;
  }

  async function outboxFor(email: string): Promise<string[]> {
    // Recovery mails are sent after the answer (app.background): wait for them to be written.
    await app.background.idle();
    const outbox = path.join(dataDir, 'outbox');
    const files = await readdir(outbox).catch(() => [] as string[]);
    const suffix = `-${outboxName(email.toLowerCase())}.eml`;
    return files.filter((f) => f.endsWith(suffix)).sort();
  }

  async function readLatestOtp(email: string): Promise<string> {
    const files = await outboxFor(email);
    const newest = files.at(-1);
    if (!newest) throw new Error(`no mail to ${email} in the outbox`);
    const raw = await readFile(path.join(dataDir, 'outbox', newest), 'utf8');
    const [headers = '', ...bodyParts] = raw.split(/\r?\n\r?\n/);
    if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(headers)) {
      throw new Error(`${newest} is not addressed to ${email}`);
    }
    const body = decodeQuotedPrintable(bodyParts.join('\n\n'));
    const match = /OTP\)? is (\d{6})\b/.exec(body);
    if (!match) throw new Error(`no OTP in ${newest}:\n${body}`);
    return match[1]!;
  }

  async function createAdmin(values: NewAdmin = {}): Promise<TestAdmin> {
    adminCounter += 1;
    const email =
      values.email ?? `admin${adminCounter}-${randomBytes(3).toString('hex')}@example.com`;
    const password = values.password ?? `Password-${randomBytes(6).toString('hex')}`;
    const [row] = await db
      .insert(adminsTable)
      .values({
        name: values.name ?? `Test Admin ${adminCounter}`,
        email,
        passwordHash: await hashPassword(password),
        role: values.role ?? 'admin',
        status: values.status ?? 'Active',
        permissions: values.permissions ?? {},
      })
      .returning();
    const token = await app.sessions.sign({
      adminId: row!.id,
      sessionVersion: row!.sessionVersion,
    });
    return { id: row!.id, email, password, token };
  }

  const superToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);

  return {
    app,
    config,
    db,
    kind: handle.kind,
    handle,
    superToken,
    login,
    createAdmin,
    readLatestOtp,
    outboxFor,
    tinyPng,
    uploads: app.uploads,
    storedUploads: () => storedUploads(app.uploads, db, dataDir),
    async readUpload(url: string) {
      return (await app.uploads.open(url))?.bytes;
    },
    async close() {
      await app.close();
      await replica?.close();
      await handle.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every upload a store holds, as `ab/<sha256>.png`, sorted. */
export async function storedUploads(
  store: UploadStore,
  db: Database,
  dataDir: string,
): Promise<string[]> {
  if (store.kind === 'disk') return listFiles(path.join(dataDir, 'uploads'));
  const { rows } = await db.execute<{ key: string; content_type: string }>(
    sql`SELECT key, content_type FROM uploads ORDER BY key`,
  );
  const extOf = Object.fromEntries(
    Object.entries(IMAGE_TYPES).map(([ext, type]) => [type, ext as ImageExt]),
  );
  return rows.map((r) => uploadRelative(r.key, extOf[r.content_type]!)).sort();
}

/** A real PNG (decodable by sharp), different for each colour. */
export function tinyPng(colour: { r: number; g: number; b: number } = { r: 30, g: 136, b: 229 }) {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export interface FilePart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
export function multipart(fields: Record<string, string | FilePart>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----hs-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every file under `dir`, relative, sorted (empty when the folder does not exist). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** A PNG file part for a multipart form. */
export const pngPart = (data: Buffer, filename = 'photo.png'): FilePart => ({
  filename,
  contentType: 'image/png',
  data,
});

/** `path?key=value&...` from a query object; the path alone when there is none. */
export function withQuery(path: string, query: Record<string, string | number> = {}): string {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return qs.size > 0 ? `${path}?${qs}` : path;
}

/**
 * The /api calls of a test file as a client makes them: each with the super-admin's token
 * unless another is given (`null`: none), its path under `/api/<base>/` (`base` may be left
 * out). `server` is read at call time, so a file can create its client before `beforeAll`
 * starts the server.
 */
export function apiClient(server: () => TestServer, base?: string) {
  const url = (path: string) => `/api/${base ? `${base}/` : ''}${path}`;
  const auth = (token: string | null | undefined) =>
    token === null ? {} : bearer(token ?? server().superToken);
  return {
    get: (path: string, token?: string | null) =>
      server().app.inject({ method: 'GET', url: url(path), headers: auth(token) }),
    /** A JSON body. */
    post: (path: string, payload: unknown, token?: string | null) =>
      server().app.inject({
        method: 'POST',
        url: url(path),
        headers: auth(token),
        payload: payload as object,
      }),
    /** A URL-encoded form, as the spec's support and return calls send. */
    postForm: (path: string, fields: Record<string, string>, token?: string | null) =>
      server().app.inject({
        method: 'POST',
        url: url(path),
        headers: { ...auth(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      }),
    /** A multipart form, files included, as the panel's uploads send. */
    postMultipart: (
      path: string,
      fields: Record<string, string | FilePart>,
      token?: string | null,
    ) => {
      const { payload, headers } = multipart(fields);
      return server().app.inject({
        method: 'POST',
        url: url(path),
        headers: { ...headers, ...auth(token) },
        payload,
      });
    },
  };
}

/** The calls of one area (`/api/<area>/...`) as the panel makes them: multipart POSTs and GETs. */
export function areaClient(server: () => TestServer, area: string) {
  const { get, postMultipart } = apiClient(server, area);
  return { get, post: postMultipart };
}
