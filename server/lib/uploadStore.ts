import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { AppConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import { uploadsTable } from '../db/schema';

/** The image types an upload may be, by the extension its URL ends with. */
export const IMAGE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

export const UPLOADS_URL_PREFIX = '/uploads/';

/** `ab/<sha256>.png`: the part of an upload's URL after /uploads/, and its file under uploads/. */
const UPLOAD_NAME = /^([0-9a-f]{2})\/([0-9a-f]{64})\.(jpg|png|webp|gif)$/;

export interface UploadName {
  /** The SHA-256 of the bytes, in hex: the key in the database, the file's name on disk. */
  key: string;
  ext: ImageExt;
  /** `ab/<key>.<ext>` */
  relative: string;
}

/** The key and type an upload's URL (or its path under /uploads/) names; undefined for any other. */
export function parseUploadName(urlOrRelative: string): UploadName | undefined {
  const relative = urlOrRelative.startsWith(UPLOADS_URL_PREFIX)
    ? urlOrRelative.slice(UPLOADS_URL_PREFIX.length)
    : urlOrRelative;
  const match = UPLOAD_NAME.exec(relative);
  if (!match || match[1] !== match[2]!.slice(0, 2)) return undefined;
  return { key: match[2]!, ext: match[3] as ImageExt, relative };
}

export const uploadRelative = (key: string, ext: ImageExt) => `${key.slice(0, 2)}/${key}.${ext}`;
export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface PutResult {
  /** The path the API returns and the panel shows: `/uploads/ab/<sha256>.png`. */
  url: string;
  /** True when this call stored the bytes (so a failed write may remove them again). */
  created: boolean;
}

export interface UploadInfo {
  key: string;
  contentType: string;
  size: number;
}

export interface Upload extends UploadInfo {
  bytes: Buffer;
}

/**
 * Where uploaded images are kept, content-addressed: the same bytes always get the same URL, and
 * an upload never changes once stored. On disk with the embedded database, in PostgreSQL with
 * DATABASE_URL (so that every instance serves every image).
 */
export interface UploadStore {
  readonly kind: 'disk' | 'database';
  /** Keeps `bytes` (already checked to be an image of type `ext`) under their hash. */
  put(bytes: Buffer, ext: ImageExt): Promise<PutResult>;
  /** The type and size of the upload at `url`, without its bytes; undefined when there is none. */
  info(url: string): Promise<UploadInfo | undefined>;
  /** The upload at `url` with its bytes (at most the upload size limit); undefined when none. */
  open(url: string): Promise<Upload | undefined>;
  /** Removes the upload at `url` (one a failed write had just stored). */
  remove(url: string): Promise<void>;
  /** The same store writing through `tx`, so that images commit or roll back with their rows. */
  within(tx: Database | Transaction): UploadStore;
}

/** The store a server of this config uses: PostgreSQL with DATABASE_URL, else DATA_DIR/uploads. */
export function uploadStoreFor(config: AppConfig, db: Database): UploadStore {
  return config.databaseUrl
    ? databaseUploadStore(db)
    : diskUploadStore(path.join(config.dataDir, 'uploads'));
}

/** Files under `dir` (DATA_DIR/uploads), `ab/<sha256>.png`; served by @fastify/static. */
export function diskUploadStore(dir: string): UploadStore {
  const fileOf = (url: string) => {
    const name = parseUploadName(url);
    return name && { name, file: path.join(dir, name.relative) };
  };
  const store: UploadStore = {
    kind: 'disk',
    async put(bytes, ext) {
      const key = sha256Hex(bytes);
      const relative = uploadRelative(key, ext);
      const url = UPLOADS_URL_PREFIX + relative;
      const file = path.join(dir, relative);
      if (await exists(file)) return { url, created: false };
      await mkdir(path.dirname(file), { recursive: true });
      // Whole or not at all: other readers never see half a file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, bytes);
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return { url, created: true };
    },
    async info(url) {
      const found = fileOf(url);
      if (!found) return undefined;
      const stats = await stat(found.file).catch(() => undefined);
      if (!stats?.isFile()) return undefined;
      return { key: found.name.key, contentType: IMAGE_TYPES[found.name.ext], size: stats.size };
    },
    async open(url) {
      const found = fileOf(url);
      if (!found) return undefined;
      const bytes = await readFile(found.file).catch(() => undefined);
      if (!bytes) return undefined;
      const contentType = IMAGE_TYPES[found.name.ext];
      return { key: found.name.key, contentType, size: bytes.length, bytes };
    },
    async remove(url) {
      const found = fileOf(url);
      if (found) await rm(found.file, { force: true });
    },
    within: () => store,
  };
  return store;
}

/**
 * Reads of whole images at once per process: with uploads of at most 5 MB, image bytes held
 * while reading stay under 20 MB however many requests arrive together (the rest wait).
 */
const CONCURRENT_READS = 4;

/** Rows of the `uploads` table, one per image: `key` its SHA-256, `bytes` the image. */
export function databaseUploadStore(
  db: Database | Transaction,
  reads = pLimit(CONCURRENT_READS),
): UploadStore {
  // `<key>.gif` names no upload when `<key>` is a PNG.
  const rowOf = (url: string) => {
    const name = parseUploadName(url);
    return (
      name &&
      and(eq(uploadsTable.key, name.key), eq(uploadsTable.contentType, IMAGE_TYPES[name.ext]))
    );
  };
  const infoColumns = {
    key: uploadsTable.key,
    contentType: uploadsTable.contentType,
    size: uploadsTable.size,
  };
  return {
    kind: 'database',
    async put(bytes, ext) {
      const key = sha256Hex(bytes);
      // The same picture uploaded twice, or by two instances at once, is one row.
      const inserted = await db
        .insert(uploadsTable)
        .values({ key, contentType: IMAGE_TYPES[ext], bytes, size: bytes.length })
        .onConflictDoNothing()
        .returning({ key: uploadsTable.key });
      return { url: UPLOADS_URL_PREFIX + uploadRelative(key, ext), created: inserted.length > 0 };
    },
    async info(url) {
      const where = rowOf(url);
      if (!where) return undefined;
      const [row] = await db.select(infoColumns).from(uploadsTable).where(where);
      return row;
    },
    async open(url) {
      const where = rowOf(url);
      if (!where) return undefined;
      const [row] = await reads(() =>
        db
          .select({ ...infoColumns, bytes: uploadsTable.bytes })
          .from(uploadsTable)
          .where(where),
      );
      return row;
    },
    async remove(url) {
      const where = rowOf(url);
      if (where) await db.delete(uploadsTable).where(where);
    },
    within: (tx) => databaseUploadStore(tx, reads),
  };
}

/** Whether DATA_DIR/uploads holds any image file (left there from before DATABASE_URL was set). */
export async function filesLeftOnDisk(dataDir: string): Promise<boolean> {
  const entries = await readdir(path.join(dataDir, 'uploads'), { recursive: true }).catch(
    () => [] as string[],
  );
  return entries.some((name) => parseUploadName(name.split(path.sep).join('/')) !== undefined);
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
