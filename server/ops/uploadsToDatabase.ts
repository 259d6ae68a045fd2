import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import { openDatabase, type Database, type Transaction } from '../db/client';
import { uploadsTable } from '../db/schema';
import { databaseUploadStore, IMAGE_TYPES, parseUploadName, sha256Hex } from '../lib/uploadStore';
import { BackupError } from './archive';
import { uploadsOf, type Log } from './databases';

export interface MoveReport {
  /** Image files found under DATA_DIR/uploads. */
  files: number;
  /** Copied into the database by this run. */
  copied: number;
  /** In the database already (an earlier run, or uploaded again since). */
  present: number;
  /** Files removed from disk (with `delete`), each only once its row was checked. */
  removed: number;
  /** Files that are not uploads (not named `ab/<sha256>.<ext>`): left alone. */
  skipped: string[];
  /** Image files not copied, with the reason: their bytes do not match their name. */
  damaged: string[];
}

/**
 * `npm run uploads:to-db [-- --delete]`: copies the images of DATA_DIR/uploads into the `uploads`
 * table of DATABASE_URL, where servers on PostgreSQL serve them from. Each file's bytes must
 * hash to its name; each row is then read back and its SHA-256, computed by PostgreSQL, must
 * match too. Content-addressed, so running it again copies nothing twice. Files are left in
 * place unless `delete`, which removes each one once its row is checked.
 */
export async function moveUploadsToDatabase(
  config: AppConfig,
  opts: { delete?: boolean; log?: Log } = {},
): Promise<MoveReport> {
  if (!config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is not set. Uploads move into a PostgreSQL database; with the embedded ' +
        'database they stay in DATA_DIR/uploads, where the server serves them from.',
    );
  }
  // Applies any missing migration, as a server starting would: the `uploads` table is 0017.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
  try {
    return await copyUploadFiles(database.db, uploadsOf(config), opts);
  } finally {
    await database.close();
  }
}

/**
 * Copies the image files under `dir` into the `uploads` table through `db` (a transaction, for a
 * restore), one at a time: each file's bytes must hash to its name, and the row read back must
 * hash to it too. Files that are not uploads are skipped; damaged ones are listed, not copied.
 */
export async function copyUploadFiles(
  db: Database | Transaction,
  dir: string,
  opts: { delete?: boolean; log?: Log } = {},
): Promise<MoveReport> {
  const report: MoveReport = {
    files: 0,
    copied: 0,
    present: 0,
    removed: 0,
    skipped: [],
    damaged: [],
  };
  const names = await filesUnder(dir);
  const store = databaseUploadStore(db);
  opts.log?.(`Copying ${names.length} files of ${dir} into the database of DATABASE_URL...`);
  for (const relative of names) {
    const name = parseUploadName(relative);
    if (!name) {
      report.skipped.push(relative);
      continue;
    }
    report.files += 1;
    const file = path.join(dir, ...relative.split('/'));
    // One image at a time: at most the upload size limit in memory.
    const bytes = await readFile(file);
    if (sha256Hex(bytes) !== name.key) {
      report.damaged.push(`${relative}: its bytes do not match its name`);
      continue;
    }
    const { created } = await store.put(bytes, name.ext);
    const [row] = await db
      .select({
        sha256: sql<string>`encode(sha256(${uploadsTable.bytes}), 'hex')`,
        contentType: uploadsTable.contentType,
      })
      .from(uploadsTable)
      .where(eq(uploadsTable.key, name.key));
    if (row?.sha256 !== name.key || row.contentType !== IMAGE_TYPES[name.ext]) {
      report.damaged.push(`${relative}: the database holds other bytes under its name`);
      continue;
    }
    if (created) report.copied += 1;
    else report.present += 1;
    if (opts.delete) {
      await rm(file);
      report.removed += 1;
    }
  }
  if (opts.delete) await removeEmptyFolders(dir);
  return report;
}

/** Every file under `dir` as a `/`-separated relative path, sorted; upload temporaries left out. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    },
  );
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The `ab/` folders emptied by `delete` (DATA_DIR/uploads itself stays). */
async function removeEmptyFolders(dir: string) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (e.isDirectory()) await rmdir(path.join(dir, e.name)).catch(() => {});
  }
}
