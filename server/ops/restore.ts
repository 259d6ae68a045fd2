import { randomBytes } from 'node:crypto';
import { existsSync, openAsBlob } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { migrationsFolder, openPglite } from '../db/client';
import { BackupError, extractArchive, readManifest, type BackupManifest } from './archive';
import {
  appliedMigrations,
  KIND_NAME,
  kindOf,
  lockOrExplain,
  pgdataOf,
  tablesOf,
  uploadsOf,
  withPostgres,
  type Kind,
  type Log,
} from './databases';
import {
  checkPostgresTarget,
  checkUploadNames,
  restorePgliteIntoPostgres,
} from './pgliteToPostgres';
import { restorePostgres, tablesInDump } from './postgresTools';

export interface RestoreReport {
  manifest: BackupManifest;
  /** A backup of the embedded database restored into PostgreSQL: what was copied. */
  moved?: { tables: number; rows: number; uploads: number };
}

/**
 * `npm run restore -- FILE [--force]`: checks the archive (manifest, and every file's size and
 * SHA-256, unpacked beside the data first), then puts its database and uploads in place of the
 * configured ones. A database or uploads folder that holds anything is replaced only with
 * `force`. PGlite: the server must be stopped; PostgreSQL: pg_restore in one transaction. A
 * backup of the embedded database with DATABASE_URL set moves it into that (empty) PostgreSQL
 * database, its images into the `uploads` table (server/ops/pgliteToPostgres.ts).
 */
export async function restoreBackup(
  config: AppConfig,
  opts: { file: string; force?: boolean; log?: Log },
): Promise<RestoreReport> {
  const log = opts.log ?? (() => {});
  const file = path.resolve(opts.file);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const manifest = await readManifest(file);
  const kind = kindOf(config);
  await checkRestorable(file, manifest, kind);
  if (manifest.database.kind === 'pglite' && kind === 'postgres') {
    return moveIntoPostgres(config, file, manifest, log);
  }

  const unlock =
    kind === 'pglite' ? await lockOrExplain(pgdataOf(config), 'A restore') : async () => {};
  const staging = path.join(config.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  const replaced = path.join(staging, 'replaced');
  let replacing = false;
  try {
    const held = await whatTargetHolds(config);
    if (held.length > 0 && !opts.force) {
      throw new BackupError(
        `Nothing restored: ${held.join(' and ')}. Restoring replaces that with the backup: ` +
          'run again with --force to do so, or restore into an empty DATA_DIR' +
          `${kind === 'postgres' ? ' and an empty database' : ''}.`,
      );
    }
    log(`Checking ${file}...`);
    await mkdir(staging);
    await extractArchive(file, staging);
    const dump = path.join(staging, ...manifest.database.file.split('/'));

    log(`Restoring ${KIND_NAME[kind]}...`);
    if (kind === 'postgres') {
      await restorePostgresDatabase(config.databaseUrl!, dump, manifest);
    } else {
      await loadPgliteDatabase(path.join(staging, 'pgdata'), dump, manifest);
    }
    replacing = true;
    if (kind === 'pglite') {
      await replaceContents(pgdataOf(config), path.join(staging, 'pgdata'), `${replaced}/pgdata`);
    }
    log('Restoring the uploaded files...');
    await replaceContents(uploadsOf(config), path.join(staging, 'uploads'), `${replaced}/uploads`);
    replacing = false;
    return { manifest };
  } catch (err) {
    // Part of the data may be in place already: keep what it replaced for the operator.
    if (replacing && err instanceof Error) {
      err.message += `\nThe restore stopped part way; what it replaced is kept in ${replaced}.`;
    }
    throw err;
  } finally {
    if (!replacing) await rm(staging, { recursive: true, force: true });
    await unlock();
  }
}

/** The number of migrations this version of the app has (drizzle-kit's journal). */
async function knownMigrations(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * A PGlite backup into DATABASE_URL's database: refused before anything is unpacked unless that
 * database is empty. The archive is unpacked (and checked) in DATA_DIR/.restore-*, where the
 * dump is loaded into a PGlite data dir of its own; DATA_DIR/pgdata and uploads are not touched.
 */
async function moveIntoPostgres(
  config: AppConfig,
  file: string,
  manifest: BackupManifest,
  log: Log,
): Promise<RestoreReport> {
  checkUploadNames(manifest);
  await checkPostgresTarget(config.databaseUrl!);
  const staging = path.join(config.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  try {
    log(`Checking ${file}...`);
    await mkdir(staging);
    await extractArchive(file, staging);
    const moved = await restorePgliteIntoPostgres({
      databaseUrl: config.databaseUrl!,
      dump: path.join(staging, ...manifest.database.file.split('/')),
      pgdata: path.join(staging, 'pgdata'),
      uploads: path.join(staging, 'uploads'),
      manifest,
      log,
    });
    return { manifest, moved };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function checkRestorable(file: string, manifest: BackupManifest, kind: Kind) {
  if (manifest.database.kind === 'postgres' && kind === 'pglite') {
    throw new BackupError(
      `${file} holds a PostgreSQL database (pg_dump). Set DATABASE_URL to the database to ` +
        'restore it into; it cannot be restored into the embedded database.',
    );
  }
  const known = await knownMigrations();
  if (manifest.database.migrations > known) {
    throw new BackupError(
      `${file} was made by a newer version of the app (its database has ` +
        `${manifest.database.migrations} migrations, this version knows ${known}). Restore it ` +
        'with that version or a newer one.',
    );
  }
}

/** What the target already holds, in words; empty when there is nothing to lose. */
async function whatTargetHolds(config: AppConfig): Promise<string[]> {
  const held: string[] = [];
  if (kindOf(config) === 'pglite') {
    if ((await entriesOf(pgdataOf(config))).length > 0) {
      held.push(`${pgdataOf(config)} holds a database`);
    }
  } else {
    const tables = await withPostgres(config.databaseUrl!, tablesOf);
    if (tables.length > 0) held.push(`the database of DATABASE_URL has ${tables.length} tables`);
  }
  const uploads = await entriesOf(uploadsOf(config));
  if (uploads.length > 0) held.push(`${uploadsOf(config)} is not empty`);
  return held;
}

async function entriesOf(dir: string): Promise<string[]> {
  return readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
}

/** The restored database must have the migrations its manifest lists. */
function checkMigrations(manifest: BackupManifest, migrations: number) {
  if (migrations !== manifest.database.migrations) {
    throw new BackupError(
      `The restored database has ${migrations} migrations where the backup's manifest says ` +
        `${manifest.database.migrations}. Use another copy of the backup.`,
    );
  }
}

/** Unpacks PGlite's dump into a new data dir, opens it once and checks it. */
async function loadPgliteDatabase(pgdata: string, dump: string, manifest: BackupManifest) {
  const client = await openPglite(pgdata, await openAsBlob(dump));
  try {
    checkMigrations(manifest, await appliedMigrations((text) => client.query(text)));
  } finally {
    await client.close();
  }
}

async function restorePostgresDatabase(
  databaseUrl: string,
  dump: string,
  manifest: BackupManifest,
) {
  // Also proves pg_restore can read the dump before anything is dropped.
  const inDump = new Set(await tablesInDump(dump));
  const extra = (await withPostgres(databaseUrl, tablesOf)).filter((t) => !inDump.has(t));
  if (extra.length > 0) {
    // pg_restore --clean drops only what the dump holds: these would stay, and the next start
    // would fail to create them again in the migrations the backup lacks.
    throw new BackupError(
      `The database of DATABASE_URL has tables the backup does not have (${extra.join(', ')}): ` +
        'the backup is from an older version of the app. Restore it into an empty database ' +
        '(createdb, and DATABASE_URL naming it).',
    );
  }
  await restorePostgres(databaseUrl, dump);
  checkMigrations(manifest, await withPostgres(databaseUrl, appliedMigrations));
}

/**
 * Moves the entries of `incoming` into `dir` after moving `dir`'s own entries to `trash`
 * (entries rather than the folder, which may be a mount point). Renames, or copies across
 * file systems.
 */
async function replaceContents(dir: string, incoming: string, trash: string) {
  await mkdir(dir, { recursive: true });
  await mkdir(trash, { recursive: true });
  for (const name of await readdir(dir)) await move(path.join(dir, name), path.join(trash, name));
  for (const name of await entriesOf(incoming)) {
    await move(path.join(incoming, name), path.join(dir, name));
  }
}

async function move(from: string, to: string) {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await cp(from, to, { recursive: true, preserveTimestamps: true });
    await rm(from, { recursive: true, force: true });
  }
}
