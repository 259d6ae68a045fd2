/** What backup and restore share: where the data of a config is, and a few queries on it. */
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { DataDirInUse, lockDataDir } from '../db/dataDirLock';
import { BackupError, type BackupManifest } from './archive';

export type Kind = BackupManifest['database']['kind'];
export type Log = (line: string) => void;

/** The database of a config: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pgdata. */
export const kindOf = (config: AppConfig): Kind => (config.databaseUrl ? 'postgres' : 'pglite');
export const pgdataOf = (config: AppConfig) => path.join(config.dataDir, 'pgdata');
export const uploadsOf = (config: AppConfig) => path.join(config.dataDir, 'uploads');
export const DUMP_FILE: Record<Kind, string> = {
  pglite: 'database/pgdata.tar.gz',
  postgres: 'database/postgres.dump',
};
export const KIND_NAME: Record<Kind, string> = {
  pglite: 'an embedded (PGlite) database',
  postgres: 'a PostgreSQL database',
};

export type Query = (text: string) => Promise<{ rows: unknown[] }>;

export async function databaseFacts(query: Query) {
  const [version] = (await query('SHOW server_version')).rows as { server_version: string }[];
  return { serverVersion: version!.server_version, migrations: await appliedMigrations(query) };
}

/** Rows in drizzle's journal table: the migrations the database has (0 before the first start). */
export async function appliedMigrations(query: Query): Promise<number> {
  const [row] = (
    await query(
      `SELECT CASE WHEN to_regclass('drizzle.__drizzle_migrations') IS NULL THEN 0
        ELSE (SELECT count(*)::int FROM drizzle.__drizzle_migrations) END AS n`,
    )
  ).rows as { n: number }[];
  return Number(row!.n);
}

export async function withPostgres<T>(databaseUrl: string, work: (query: Query) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => {});
    throw new BackupError(`Could not connect to DATABASE_URL: ${(err as Error).message}`);
  }
  try {
    return await work((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/** The app's tables on a PostgreSQL database (`schema.name`): its own schema and drizzle's. */
export async function tablesOf(query: Query): Promise<string[]> {
  const { rows } = await query(
    `SELECT schemaname || '.' || tablename AS name FROM pg_tables
      WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`,
  );
  return (rows as { name: string }[]).map((r) => r.name);
}

/** The lock of the embedded database, or a BackupError saying which process holds it. */
export async function lockOrExplain(pgdata: string, what: string) {
  try {
    return await lockDataDir(pgdata);
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    throw new BackupError(`${what} needs the server stopped. ${err.message}`);
  }
}
