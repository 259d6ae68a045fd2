import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { openPglite } from '../db/client';
import {
  BackupError,
  BACKUP_FORMAT,
  hashFile,
  writeArchive,
  type ArchiveSource,
  type BackupManifest,
} from './archive';
import {
  databaseFacts,
  DUMP_FILE,
  KIND_NAME,
  kindOf,
  lockOrExplain,
  pgdataOf,
  uploadsOf,
  withPostgres,
  type Log,
} from './databases';
import { dumpPostgres, toolVersion } from './postgresTools';

export interface BackupReport {
  file: string;
  manifest: BackupManifest;
  archiveBytes: number;
}

/**
 * `npm run backup -- --out FILE`: the database (PGlite's dumpDataDir, or pg_dump's custom format)
 * and every uploaded image, in one tar with a manifest of sizes and SHA-256 sums. PGlite needs
 * the server stopped (its lock says so); its images are the files of DATA_DIR/uploads, read
 * after the dump. PostgreSQL is dumped from one snapshot while it runs, its `uploads` table with
 * the images included; DATA_DIR/uploads then holds only files not yet moved into it
 * (`npm run uploads:to-db`), which are archived all the same.
 */
export async function createBackup(
  config: AppConfig,
  opts: { out: string; force?: boolean; log?: Log },
): Promise<BackupReport> {
  const log = opts.log ?? (() => {});
  const out = path.resolve(opts.out);
  if (existsSync(out) && !opts.force) {
    throw new BackupError(
      `${out} already exists. Choose another name, or add --force to replace it.`,
    );
  }
  if (!existsSync(path.dirname(out))) {
    throw new BackupError(`The folder ${path.dirname(out)} does not exist.`);
  }
  if (!path.relative(uploadsOf(config), out).startsWith('..')) {
    throw new BackupError(`Write the backup outside ${uploadsOf(config)}, which it copies.`);
  }
  const kind = kindOf(config);
  const work = await mkdtemp(path.join(path.dirname(out), '.backup-'));
  try {
    const dump = path.join(work, path.basename(DUMP_FILE[kind]));
    log(`Dumping ${KIND_NAME[kind]}...`);
    const database =
      kind === 'postgres'
        ? await dumpPostgresDatabase(config.databaseUrl!, dump)
        : await dumpPgliteDatabase(pgdataOf(config), dump);
    const sources: ArchiveSource[] = [
      { path: DUMP_FILE[kind], file: dump, ...(await hashFile(dump)) },
    ];
    log('Reading the uploaded files...');
    const uploads = await uploadSources(uploadsOf(config));
    sources.push(...uploads);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: { kind, file: DUMP_FILE[kind], ...database },
      uploads: { files: uploads.length, bytes: uploads.reduce((sum, f) => sum + f.size, 0) },
      files: sources.map(({ path: p, size, sha256 }) => ({ path: p, size, sha256 })),
    };
    log(`Writing ${out}...`);
    await writeArchive(out, manifest, sources);
    return { file: out, manifest, archiveBytes: (await stat(out)).size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

type DumpedDatabase = Omit<BackupManifest['database'], 'kind' | 'file'>;

async function dumpPgliteDatabase(pgdata: string, file: string): Promise<DumpedDatabase> {
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${pgdata}. Check DATA_DIR, or set DATABASE_URL to back ` +
        'up a PostgreSQL database.',
    );
  }
  const unlock = await lockOrExplain(pgdata, 'A backup of the embedded database');
  try {
    const client = await openPglite(pgdata);
    try {
      // Data pages written out, so that the copy needs no recovery when it is opened.
      await client.exec('CHECKPOINT');
      const facts = await databaseFacts((text) => client.query(text));
      const blob = await client.dumpDataDir('gzip');
      await writeFile(file, blob.stream() as unknown as AsyncIterable<Uint8Array>);
      return { ...facts, dumpedWith: 'PGlite dumpDataDir' };
    } finally {
      await client.close();
    }
  } finally {
    await unlock();
  }
}

async function dumpPostgresDatabase(databaseUrl: string, file: string): Promise<DumpedDatabase> {
  const dumpedWith = await toolVersion('pg_dump');
  const facts = await withPostgres(databaseUrl, (query) => databaseFacts(query));
  await dumpPostgres(databaseUrl, file);
  return { ...facts, dumpedWith };
}

/**
 * Every file under DATA_DIR/uploads, sorted, with its size and hash. Temporary files of uploads
 * under way (`*.tmp`, renamed into place when whole) are left out.
 */
async function uploadSources(uploads: string): Promise<ArchiveSource[]> {
  const entries = await readdir(uploads, { recursive: true, withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    },
  );
  const files = entries
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  const sources: ArchiveSource[] = [];
  for (const file of files) {
    const relative = path.relative(uploads, file).split(path.sep).join('/');
    sources.push({ path: `uploads/${relative}`, file, ...(await hashFile(file)) });
  }
  return sources;
}
