/**
 * A backup of the embedded database restored into PostgreSQL (`npm run restore` with
 * DATABASE_URL set and a PGlite backup): the way an operator moves from PGlite to a PostgreSQL
 * server (docs/operations.md, "Moving from the embedded database to PostgreSQL").
 */
import { openAsBlob } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase, openPglite } from '../db/client';
import * as schema from '../db/schema';
import { parseUploadName } from '../lib/uploadStore';
import { BackupError, type BackupManifest } from './archive';
import { appliedMigrations, tablesOf, withPostgres, type Log } from './databases';
import { copyUploadFiles } from './uploadsToDatabase';

/**
 * Heap pages per chunk of a table: 8 MB of PGlite's pages, read with a TID range scan and written
 * as COPY text, so that memory holds one chunk whatever the table's size.
 */
const CHUNK_PAGES = 1024;

export interface MoveReport {
  tables: number;
  rows: number;
  uploads: number;
}

/**
 * The checks made before the archive is unpacked: DATABASE_URL's database must be empty (no
 * table at all: --force does not change it, since the rows are copied into a schema made by this
 * app's migrations), and its user must be allowed to turn triggers off for the copy.
 */
export async function checkPostgresTarget(databaseUrl: string): Promise<void> {
  await withPostgres(databaseUrl, async (query) => {
    const tables = await tablesOf(query);
    if (tables.length > 0) {
      throw new BackupError(
        `Nothing restored: the database of DATABASE_URL has ${tables.length} tables. A backup ` +
          'of the embedded database is restored into an empty PostgreSQL database only ' +
          '(--force does not change that): create one (`createdb home_services`) and name it ' +
          'in DATABASE_URL.',
      );
    }
    await query('SET session_replication_role = replica').catch((err: Error) => {
      throw new BackupError(
        `Nothing restored: the user of DATABASE_URL may not set session_replication_role ` +
          `(${err.message}). The rows are copied with the tables' triggers off, so that the ` +
          'counters are copied as they are rather than counted again: restore as a superuser, ' +
          'or one granted `GRANT SET ON PARAMETER session_replication_role TO <user>` ' +
          '(PostgreSQL 15 and later).',
      );
    });
  });
}

/**
 * Every uploaded image of the archive must be named by the SHA-256 of its bytes, as the
 * `uploads` table keys it: checked from the manifest, before anything is written.
 */
export function checkUploadNames(manifest: BackupManifest) {
  for (const file of manifest.files) {
    if (!file.path.startsWith('uploads/')) continue;
    const name = parseUploadName(file.path.slice('uploads/'.length));
    if (name && name.key !== file.sha256) {
      throw new BackupError(
        `Nothing restored: ${file.path} in the backup does not hold the image its name says ` +
          '(its SHA-256 differs). Delete or replace that file in the old DATA_DIR/uploads and ' +
          'make the backup again.',
      );
    }
  }
}

/**
 * Loads the PGlite dump into `pgdata` (a new folder), migrates it and DATABASE_URL's empty
 * database to this app's newest migration, so that both have the same schema, then copies
 * every table's rows and the uploaded images of `uploads` into PostgreSQL in one transaction.
 * A failure leaves DATABASE_URL's database as it was: the copy is rolled back and what the
 * migrations made is dropped.
 */
export async function restorePgliteIntoPostgres(opts: {
  databaseUrl: string;
  dump: string;
  pgdata: string;
  uploads: string;
  manifest: BackupManifest;
  log: Log;
}): Promise<MoveReport> {
  const { databaseUrl, pgdata, log } = opts;
  log('Loading the embedded database...');
  // PGlite reads its whole dump at once: about the database's size in memory.
  const loaded = await openPglite(pgdata, await openAsBlob(opts.dump));
  try {
    const migrations = await appliedMigrations((text) => loaded.query(text));
    if (migrations !== opts.manifest.database.migrations) {
      throw new BackupError(
        `The backup's database has ${migrations} migrations where its manifest says ` +
          `${opts.manifest.database.migrations}. Use another copy of the backup.`,
      );
    }
  } finally {
    await loaded.close();
  }
  // The migrations a server would apply at its next start, so that both schemas are this app's.
  await (await openDatabase({ dataDir: pgdata })).close();

  const before = await withPostgres(databaseUrl, objectsOf);
  const source = await openPglite(pgdata);
  try {
    log('Creating the schema in PostgreSQL (the migrations)...');
    await (await openDatabase({ databaseUrl, poolSize: 1 })).close();
    return await copyInto(databaseUrl, source, opts.uploads, log);
  } catch (err) {
    const after = await withPostgres(databaseUrl, (query) => dropMadeSince(query, before)).then(
      () => 'The database of DATABASE_URL was left as it was.',
      (cleanup: Error) =>
        `Dropping what the migrations had made failed too (${cleanup.message}): drop the ` +
        'database of DATABASE_URL and create it again before another try.',
    );
    if (err instanceof Error) err.message = `Nothing restored: ${err.message}\n${after}`;
    throw err;
  } finally {
    await source.close();
  }
}

/** A table of the app's schema, the columns copied (stored ones, in its order) and its size. */
interface Table {
  name: string;
  columns: string;
  pages: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public schema's tables holding rows (partitions, not their parents), with their columns. */
async function tablesToCopy(query: (text: string) => Promise<{ rows: unknown[] }>) {
  const { rows } = await query(
    `SELECT c.relname AS name,
            string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) AS columns,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind = 'r'
      GROUP BY c.oid, c.relname
      ORDER BY c.relname`,
  );
  return rows as Table[];
}

async function copyInto(databaseUrl: string, source: PGlite, uploads: string, log: Log) {
  const pgQuery = (text: string) => source.query(text);
  // Text that PostgreSQL reads back the same whatever its own settings.
  await source.exec(`SET datestyle = 'ISO, YMD'; SET intervalstyle = 'postgres';
    SET extra_float_digits = 3; SET timezone = 'UTC'`);
  const tables = await tablesToCopy(pgQuery);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const targetTables = await tablesToCopy((text) => client.query(text));
    const differs = schemaDifference(tables, targetTables);
    if (differs) {
      throw new BackupError(
        `The backup's tables and those this app's migrations made in PostgreSQL differ (${differs}).`,
      );
    }
    await client.query('BEGIN');
    // The counters, rollups and ledgers' balances are copied as they are: no trigger may count
    // a row again, and no foreign key is checked row by row (the source held them).
    await client.query(`SET LOCAL session_replication_role = replica`);
    await client.query(`SET LOCAL statement_timeout = 0`);
    await client.query(`SET LOCAL datestyle = 'ISO, YMD'`);
    await client.query(`SET LOCAL intervalstyle = 'postgres'`);
    // Rows some migrations write (settings, counters' first rows) are replaced by the backup's.
    await client.query(`TRUNCATE ${tables.map((t) => quote(t.name)).join(', ')}`);
    let rows = 0;
    for (const table of tables) rows += await copyTable(source, client, table, log);
    await copySequences(source, client);
    const moved = await copyUploadFiles(drizzle({ client, schema }), uploads, { log });
    if (moved.damaged.length > 0) {
      throw new BackupError(`uploaded images are damaged: ${moved.damaged.join('; ')}.`);
    }
    if (moved.skipped.length > 0) {
      log(
        `Left out ${moved.skipped.length} files that are not uploads: ${moved.skipped.join(', ')}`,
      );
    }
    log('Committing...');
    await client.query('COMMIT');
    log('Updating the planner statistics (ANALYZE)...');
    await client.query('ANALYZE');
    return { tables: tables.length, rows, uploads: moved.files };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/** What differs between the two sides' tables and columns, in words; '' when nothing. */
function schemaDifference(source: Table[], target: Table[]): string {
  const targetColumns = new Map(target.map((t) => [t.name, t.columns]));
  for (const table of source) {
    const columns = targetColumns.get(table.name);
    if (columns === undefined) return `${table.name} is missing in PostgreSQL`;
    if (columns !== table.columns) return `${table.name}: ${table.columns} / ${columns}`;
    targetColumns.delete(table.name);
  }
  const [extra] = targetColumns.keys();
  return extra === undefined ? '' : `${extra} is missing in the backup`;
}

/**
 * One table, chunk by chunk of its heap pages (a TID range scan), each chunk COPY text from
 * PGlite written into one `COPY ... FROM STDIN` on PostgreSQL. Checks the count it copied.
 */
async function copyTable(
  source: PGlite,
  client: pg.Client,
  table: Table,
  log: Log,
): Promise<number> {
  const started = Date.now();
  const name = quote(table.name);
  const [counted] = (await source.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`))
    .rows;
  const expected = counted!.n;
  if (expected === 0) return 0;
  log(`Copying ${table.name} (${expected.toLocaleString('en-US')} rows)...`);
  const into = client.query(copyFrom(`COPY ${name} (${table.columns}) FROM STDIN`));
  await pipeline(async function* () {
    for (let first = 0; first <= table.pages; first += CHUNK_PAGES) {
      const { blob } = await source.query(
        `COPY (SELECT ${table.columns} FROM ${name}
                WHERE ctid >= '(${first},0)'::tid AND ctid < '(${first + CHUNK_PAGES},0)'::tid)
           TO '/dev/blob'`,
      );
      if (blob && blob.size > 0) yield new Uint8Array(await blob.arrayBuffer());
    }
  }, into);
  if (into.rowCount !== expected) {
    throw new BackupError(`${table.name}: copied ${into.rowCount} rows of ${expected}.`);
  }
  if (Date.now() - started > 2000) {
    log(`  ${table.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return expected;
}

/** Every sequence (serial and identity columns' too) set to where the backup's had come. */
async function copySequences(source: PGlite, client: pg.Client) {
  const { rows } = await source.query<{ name: string; start: string; last: string | null }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name,
            start_value::text AS start, last_value::text AS last
       FROM pg_sequences WHERE schemaname = 'public'`,
  );
  for (const seq of rows) {
    // A sequence never used starts where it was created to (a migration may have used the
    // target's): setval(start, false) hands out `start` next.
    await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
      seq.name,
      seq.last ?? seq.start,
      seq.last !== null,
    ]);
  }
}

/** The schemas, extensions and objects of `public` a database has: what a failure keeps. */
interface Objects {
  schemas: string[];
  extensions: string[];
  relations: string[];
  routines: string[];
  types: string[];
}

async function objectsOf(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<Objects> {
  const list = async (text: string) =>
    ((await query(text)).rows as { id: string }[]).map((r) => r.id);
  // Objects that belong to an extension go with it.
  const own = (catalog: string) =>
    `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass
       AND d.objid = o.oid AND d.deptype = 'e')`;
  return {
    // pg_temp_N and pg_toast_temp_N come with a migration's temporary table; never dropped.
    schemas: await list(
      `SELECT quote_ident(nspname) AS id FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%'`,
    ),
    extensions: await list(`SELECT quote_ident(extname) AS id FROM pg_extension`),
    relations: await list(
      `SELECT CASE o.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END || ' ' || o.oid::regclass::text AS id
         FROM pg_class o WHERE o.relnamespace = 'public'::regnamespace
          AND o.relkind IN ('r', 'p', 'v', 'm', 'S') AND ${own('pg_class')}`,
    ),
    routines: await list(
      `SELECT CASE o.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE'
                ELSE 'FUNCTION' END || ' ' || o.oid::regprocedure::text AS id
         FROM pg_proc o WHERE o.pronamespace = 'public'::regnamespace AND ${own('pg_proc')}`,
    ),
    types: await list(
      `SELECT CASE o.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END || ' ' ||
              o.oid::regtype::text AS id
         FROM pg_type o WHERE o.typnamespace = 'public'::regnamespace
          AND o.typtype IN ('e', 'd', 'r', 'm')
          AND ${own('pg_type')}`,
    ),
  };
}

/**
 * Drops what was made since `before` (the migrations of a restore that failed): the database
 * required empty of tables, so this is the app's schema and nothing of the operator's.
 */
async function dropMadeSince(
  query: (text: string) => Promise<{ rows: unknown[] }>,
  before: Objects,
) {
  const now = await objectsOf(query);
  const made = (key: keyof Objects) => now[key].filter((id) => !before[key].includes(id));
  await query('BEGIN');
  try {
    // Tables first (their triggers, indexes and sequences go with them), then what is left.
    const relations = made('relations').sort((a, b) => rank(a) - rank(b));
    for (const id of [...relations, ...made('routines'), ...made('types')]) {
      await query(`DROP ${ifExists(id)} CASCADE`);
    }
    for (const ext of made('extensions')) await query(`DROP EXTENSION IF EXISTS ${ext} CASCADE`);
    for (const ns of made('schemas')) await query(`DROP SCHEMA IF EXISTS ${ns} CASCADE`);
    await query('COMMIT');
  } catch (err) {
    await query('ROLLBACK').catch(() => {});
    throw err;
  }
}

const rank = (id: string) => (id.startsWith('TABLE ') ? 0 : id.startsWith('VIEW ') ? 1 : 2);

/** `TABLE public.orders` → `TABLE IF EXISTS public.orders`. */
const ifExists = (id: string) => id.replace(/^(MATERIALIZED VIEW|[A-Z]+) /, '$1 IF EXISTS ');
