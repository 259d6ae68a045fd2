import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Our migration runner, in place of drizzle's migrators, which run every pending migration in
 * one transaction: `CREATE INDEX CONCURRENTLY` cannot run there, and a long migration holds its
 * locks, and the orders' writes queued behind them, until the end (docs/operations.md,
 * "Migrations").
 *
 * It keeps drizzle's bookkeeping, so databases migrated by drizzle continue where they were:
 * `drizzle.__drizzle_migrations` (id, hash = sha256 of the SQL file, created_at = the journal's
 * `when`), a migration being pending when its `when` is later than the newest `created_at`.
 *
 * - A migration runs in a transaction of its own, its bookkeeping row inside it, under
 *   `lock_timeout`: when a lock is not granted in time, it rolls back and tries again after a
 *   pause, so writes never queue behind it for longer than the timeout; after the last try it
 *   fails with a message saying so, nothing of that migration applied.
 * - A migration whose statements say `CONCURRENTLY`, or whose first line is
 *   `-- migrate: no-transaction`, runs statement by statement outside a transaction and writes
 *   its row after the last one. Its statements must be idempotent, so that a run killed half-way
 *   is resumed by the next one: an index left invalid by a killed `CREATE INDEX CONCURRENTLY` is
 *   dropped and built again, a valid one is kept.
 */

/** Where migrations run: a PostgreSQL connection or PGlite. */
export interface MigrationSql {
  /** SQL text of one or more statements without parameters (the simple protocol). */
  exec(text: string): Promise<void>;
  /** One statement with parameters; its rows. */
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
}

export function pgMigrationSql(client: pg.ClientBase): MigrationSql {
  return {
    exec: async (text) => {
      await client.query(text);
    },
    query: async <R>(text: string, params?: unknown[]) =>
      (await client.query(text, params)).rows as R[],
  };
}

export function pgliteMigrationSql(client: PGlite): MigrationSql {
  return {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <R>(text: string, params?: unknown[]) =>
      (await client.query<R>(text, params)).rows,
  };
}

export interface Migration {
  /** The journal's tag: the file's name without `.sql`. */
  tag: string;
  /** The journal's `when`, kept as `created_at`. */
  when: number;
  hash: string;
  statements: string[];
  /** Runs statement by statement outside a transaction. */
  online: boolean;
}

const BREAKPOINT = '--> statement-breakpoint';
const NO_TRANSACTION = /^\s*--\s*migrate:\s*no-transaction\b/i;

/** Comments and quoted text taken out, so that a word in them is not taken for SQL. */
export function sqlWords(statement: string): string {
  return statement
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ');
}

const CONCURRENTLY = /\bconcurrently\b/i;

/** The migrations of drizzle-kit's journal in `folder`, as drizzle's readMigrationFiles reads them. */
export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    const statements = text.split(BREAKPOINT);
    return {
      tag,
      when,
      hash: createHash('sha256').update(text).digest('hex'),
      statements,
      online: NO_TRANSACTION.test(text) || statements.some((s) => CONCURRENTLY.test(sqlWords(s))),
    };
  });
}

export interface MigrateOptions {
  migrationsFolder: string;
  /** The longest a migration waits for a lock before it steps back (ms; 1000 by default). */
  lockTimeoutMs?: number;
  /** Tries of a migration (or of an online statement) that keeps timing out (6 by default). */
  attempts?: number;
  /** The pause after the first timed-out try, doubled after each (ms; 1000 by default). */
  backoffMs?: number;
  /** Told of each step back before the pause (by default a warning on the console). */
  onRetry?: (info: {
    tag: string;
    attempt: number;
    attempts: number;
    waitMs: number;
  }) => void | Promise<void>;
  /** Told of each migration applied. */
  onApplied?: (info: { tag: string; ms: number; online: boolean }) => void;
}

/** A migration that could not take its locks in every try; nothing of it stays applied. */
export class MigrationLockTimeout extends Error {
  constructor(
    readonly tag: string,
    attempts: number,
    lockTimeoutMs: number,
  ) {
    super(
      `Migration ${tag} could not take its locks: another session held them longer than ` +
        `${lockTimeoutMs} ms in each of ${attempts} tries. Nothing of ${tag} was applied; ` +
        `find the long transaction (pg_stat_activity) and start again.`,
    );
    this.name = 'MigrationLockTimeout';
  }
}

export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/** PostgreSQL's lock_not_available: lock_timeout expired. */
const LOCK_NOT_AVAILABLE = '55P03';

const isLockTimeout = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: unknown }).code === LOCK_NOT_AVAILABLE;

const warnRetry: NonNullable<MigrateOptions['onRetry']> = (r) =>
  console.warn(
    `migration ${r.tag}: a lock it needs is held by another session; trying again in ` +
      `${r.waitMs / 1000} s (try ${r.attempt + 1} of ${r.attempts})`,
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Applies the pending migrations of `migrationsFolder`; returns the tags applied. */
export async function runMigrations(db: MigrationSql, opts: MigrateOptions): Promise<string[]> {
  const migrations = readMigrations(opts.migrationsFolder);
  await db.exec(`CREATE SCHEMA IF NOT EXISTS drizzle;
    CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
      id SERIAL PRIMARY KEY,
      hash text NOT NULL,
      created_at bigint
    )`);
  const [last] = await db.query<{ created_at: string | number | null }>(
    `SELECT created_at FROM ${MIGRATIONS_TABLE} ORDER BY created_at DESC LIMIT 1`,
  );
  const newest = last ? Number(last.created_at) : undefined;
  const pending = migrations.filter((m) => newest === undefined || newest < m.when);
  const applied: string[] = [];
  for (const m of pending) {
    const started = performance.now();
    await applyMigration(db, m, opts);
    applied.push(m.tag);
    opts.onApplied?.({ tag: m.tag, ms: Math.round(performance.now() - started), online: m.online });
  }
  return applied;
}

/**
 * Applies one migration as runMigrations does, with its bookkeeping row unless `record` is false
 * (scripts/migrations-check.ts runs a demonstration that must leave no row).
 */
export async function applyMigration(
  db: MigrationSql,
  m: Migration,
  opts: Omit<MigrateOptions, 'migrationsFolder' | 'onApplied'> & { record?: boolean } = {},
): Promise<void> {
  const lockTimeoutMs = opts.lockTimeoutMs ?? 1000;
  const attempts = opts.attempts ?? 6;
  const backoffMs = opts.backoffMs ?? 1000;
  /** `work` again after each lock timeout, with a growing pause, up to `attempts` tries. */
  const retrying = async (work: () => Promise<void>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (err) {
        if (!isLockTimeout(err)) throw err;
        if (attempt >= attempts) throw new MigrationLockTimeout(m.tag, attempts, lockTimeoutMs);
        const waitMs = backoffMs * 2 ** (attempt - 1);
        await (opts.onRetry ?? warnRetry)({ tag: m.tag, attempt, attempts, waitMs });
        await sleep(waitMs);
      }
    }
  };
  const record = async () => {
    if (opts.record === false) return;
    await db.query(`INSERT INTO ${MIGRATIONS_TABLE} (hash, created_at) VALUES ($1, $2)`, [
      m.hash,
      m.when,
    ]);
  };

  if (m.online) {
    for (const statement of m.statements) {
      await retrying(() => runOnline(db, statement, lockTimeoutMs));
    }
    await db.exec('RESET lock_timeout');
    await record();
    return;
  }
  await retrying(async () => {
    await db.exec(`BEGIN; SET LOCAL lock_timeout = ${lockTimeoutMs}`);
    try {
      for (const statement of m.statements) await db.exec(statement);
      await record();
      await db.exec('COMMIT');
    } catch (err) {
      await db.exec('ROLLBACK').catch(() => {});
      throw err;
    }
  });
}

const IDENTIFIER = '(?:"(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)';
const CREATE_INDEX_CONCURRENTLY = new RegExp(
  `^\\s*create\\s+(?:unique\\s+)?index\\s+concurrently\\s+(?:if\\s+not\\s+exists\\s+)?` +
    `(${IDENTIFIER}(?:\\.${IDENTIFIER})?)`,
  'i',
);

/** The name of the index a `CREATE INDEX CONCURRENTLY` statement builds, as written. */
export function concurrentIndexName(statement: string): string | undefined {
  return CREATE_INDEX_CONCURRENTLY.exec(sqlWords(statement))?.[1];
}

/**
 * One statement of an online migration, in autocommit. A `CONCURRENTLY` statement takes no lock
 * that blocks writes, so it waits as long as it must (an index build waits for the transactions
 * already running); any other waits at most `lockTimeoutMs`.
 */
async function runOnline(db: MigrationSql, statement: string, lockTimeoutMs: number) {
  if (!sqlWords(statement).trim()) return;
  const concurrent = CONCURRENTLY.test(sqlWords(statement));
  await db.exec(`SET lock_timeout = ${concurrent ? 0 : lockTimeoutMs}`);
  const index = concurrentIndexName(statement);
  if (index) {
    const [found] = await db.query<{ valid: boolean }>(
      `SELECT i.indisvalid AS valid FROM pg_index i WHERE i.indexrelid = to_regclass($1)`,
      [index],
    );
    // Valid: built by the run that was killed before its bookkeeping row. Invalid: a build
    // killed half-way, which `IF NOT EXISTS` would keep as it is.
    if (found?.valid) return;
    if (found) await db.exec(`DROP INDEX CONCURRENTLY IF EXISTS ${index}`);
  }
  await db.exec(statement);
}
