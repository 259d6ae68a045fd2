import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { sql, type Logger } from 'drizzle-orm';
import pg from 'pg';
import { lockDataDir } from './dataDirLock';
import { pgliteMigrationSql, pgMigrationSql, runMigrations } from './migrate';
import * as schema from './schema';

/** Both drivers expose the same query builder; we type against the node-postgres flavour. */
export type Database = NodePgDatabase<typeof schema>;

/** The transaction `db.transaction` hands its callback; a repository writes through either. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/**
 * The planner's price of reading a page out of order, relative to reading the next one: 4 by
 * default, which assumes spinning disks. Our tables live in memory (PGlite) or on SSDs, where a
 * look-up by index costs little more than a scan; at 4 the planner reads 500 000 counters in a
 * row rather than look up the 2 800 customers a common surname matches.
 */
export const RANDOM_PAGE_COST = 1.1;

/** Any number; all instances must agree on it so that only one migrates at a time. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * Opens the database and brings its schema up to date: a PostgreSQL server when `databaseUrl`
 * is given, else PGlite persisted in `dataDir` (or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /** Sees every query drizzle sends (bench/ captures each call's SQL with it). */
  logger?: Logger;
  /** PostgreSQL: connections per instance (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /**
   * PostgreSQL: the longest a statement of the app may run (0: no limit), so that one slow
   * search cannot hold a connection, and the calls queued behind it, for longer. Migrations are
   * not limited. PGlite cannot interrupt a statement; there every query is bounded by an index.
   */
  statementTimeoutMs?: number;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      statement_timeout: opts.statementTimeoutMs || undefined,
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    });
    // An idle connection closed by the server (restart, failover, a dropped database) must not
    // crash the process: the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const db = drizzlePg({ client: pool, schema, logger: opts.logger });
    // Several instances may start together: the advisory lock makes them migrate one by one.
    const lockClient = await pool.connect();
    try {
      // On this connection, without the statement timeout, before waiting for the lock: an
      // index built over a million orders takes longer than any request may, and so may the
      // wait while another instance builds it (at 5 s the waiting instance exited).
      await lockClient.query('SET statement_timeout = 0');
      await takeMigrationLock(lockClient);
      await runMigrations(pgMigrationSql(lockClient), { migrationsFolder });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      // Not back into the pool: it no longer has the app's statement timeout.
      lockClient.release(true);
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  let dataDir = opts.dataDir ?? 'memory://';
  let unlock = async () => {};
  if (!dataDir.startsWith('memory://')) {
    // PGlite does not create the parent of its data dir.
    mkdirSync(path.dirname(dataDir), { recursive: true });
    dataDir = path.resolve(dataDir);
    unlock = await lockDataDir(dataDir);
  }
  let client: PGlite | undefined;
  try {
    client = await openPglite(dataDir);
    await client.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
    const db = drizzlePglite({ client, schema, logger: opts.logger });
    await runMigrations(pgliteMigrationSql(client), { migrationsFolder });
    const opened = client;
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: () => opened.close().finally(unlock),
    };
  } catch (err) {
    await client?.close().catch(() => {});
    await unlock();
    throw err;
  }
}

/**
 * PGlite on a data dir with the extensions the schema uses (pg_trgm must be loaded every time
 * once a trigram index exists), as it is: no lock taken, no migration run.
 */
export function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

/**
 * PGlite's buffer pool lives in the server process's WebAssembly memory, which never shrinks:
 * at its default of 128 MB it was a quarter of the process (docs/performance.md "Memory"). Its
 * files are read through the operating system's page cache anyway, so a smaller pool costs a
 * read call, not a disk read.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

const SIX_HOURS = 6 * 60 * 60 * 1000;

/**
 * PGlite has no autovacuum, so its planner never learns the tables' sizes and can pick a scan
 * over an index (a search over 5000 orders took seconds). ANALYZE once the data is in, and every
 * six hours after; PostgreSQL servers do this themselves. Returns a function that stops it.
 */
export async function keepPlannerStatistics(handle: DatabaseHandle): Promise<() => void> {
  if (handle.kind !== 'pglite') return () => {};
  const analyze = () => handle.db.execute(sql`ANALYZE`);
  await analyze();
  const timer = setInterval(() => void analyze().catch(() => {}), SIX_HOURS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The migration lock, asked for again every 200 ms rather than waited for in one statement: a
 * statement waiting on a lock holds a snapshot, and a migration that builds an index
 * CONCURRENTLY waits for every older snapshot to end, so the waiting instance and the migrating
 * one would wait on each other (PostgreSQL reports the deadlock and the start fails).
 */
async function takeMigrationLock(client: pg.PoolClient): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ got: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS got',
      [MIGRATION_LOCK_ID],
    );
    if (rows[0]?.got) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
