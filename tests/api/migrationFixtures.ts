import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as drizzleMigratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as drizzleMigratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPglite } from '@server/db/client';
import { MIGRATIONS_TABLE, pgliteMigrationSql, pgMigrationSql } from '@server/db/migrate';
import type { MigrationSql } from '@server/db/migrate';
import { createTestDatabase } from './helpers';

export interface FixtureMigration {
  tag: string;
  sql: string;
}

/** A migrations folder as drizzle-kit writes it: the SQL files and meta/_journal.json. */
export async function migrationsFolder(migrations: FixtureMigration[]): Promise<{
  folder: string;
  /** Writes the folder again with these migrations (a release that adds some). */
  write(next: FixtureMigration[]): Promise<void>;
}> {
  const folder = await mkdtemp(path.join(tmpdir(), 'hs-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const write = async (next: FixtureMigration[]) => {
    for (const m of next) await writeFile(path.join(folder, `${m.tag}.sql`), m.sql);
    const entries = next.map((m, idx) => ({
      idx,
      version: '7',
      when: 1_700_000_000_000 + idx * 1000,
      tag: m.tag,
      breakpoints: true,
    }));
    await writeFile(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
    );
  };
  await write(migrations);
  return { folder, write };
}

/**
 * An empty database: PGlite in memory, or one of its own when TEST_DATABASE_URL is set. Opening
 * PGlite takes seconds: a file opens one and resets it between its tests.
 */
export interface EmptyDatabase {
  kind: 'pglite' | 'postgres';
  sql: MigrationSql;
  /** PostgreSQL: the database's URL, for other sessions. */
  url?: string;
  /** Migrates with drizzle's own migrator, as the server did before ours. */
  drizzleMigrate(migrationsFolder: string): Promise<void>;
  /** Empties it again: no tables, no migrations recorded. */
  reset(): Promise<void>;
  /** Rows of the migrations table, oldest first. */
  bookkeeping(): Promise<{ hash: string; created_at: number }[]>;
  close(): Promise<void>;
}

export async function emptyDatabase(): Promise<EmptyDatabase> {
  if (!process.env.TEST_DATABASE_URL) {
    const client = await openPglite('memory://');
    const sql = pgliteMigrationSql(client);
    return {
      kind: 'pglite',
      sql,
      drizzleMigrate: (migrationsFolder) =>
        drizzleMigratePglite(drizzlePglite({ client }), { migrationsFolder }),
      reset: () => reset(sql),
      bookkeeping: () => bookkeeping(sql),
      close: () => client.close(),
    };
  }
  const { url, drop } = await createTestDatabase();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const sql = pgMigrationSql(client);
  return {
    kind: 'postgres',
    sql,
    url,
    drizzleMigrate: (migrationsFolder) =>
      drizzleMigratePg(drizzlePg({ client }), { migrationsFolder }),
    reset: () => reset(sql),
    bookkeeping: () => bookkeeping(sql),
    close: async () => {
      await client.end();
      await drop();
    },
  };
}

const reset = (sql: MigrationSql) =>
  sql.exec(`DROP SCHEMA IF EXISTS drizzle CASCADE;
    DROP SCHEMA public CASCADE;
    CREATE SCHEMA public`);

async function bookkeeping(sql: MigrationSql) {
  const exists = await sql.query<{ t: string | null }>(`SELECT to_regclass($1)::text AS t`, [
    MIGRATIONS_TABLE,
  ]);
  if (!exists[0]?.t) return [];
  const rows = await sql.query<{ hash: string; created_at: string }>(
    `SELECT hash, created_at FROM ${MIGRATIONS_TABLE} ORDER BY id`,
  );
  return rows.map((r) => ({ hash: r.hash, created_at: Number(r.created_at) }));
}
