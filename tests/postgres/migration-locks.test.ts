/**
 * The migration runner (server/db/migrate.ts) against other sessions of a PostgreSQL server: a
 * lock held elsewhere makes a migration step back and try again, then fail with a message, never
 * leaving writes queued behind it; an index build killed half-way is finished by the next run.
 * Runs with TEST_DATABASE_URL only (vitest.config.ts).
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MigrationLockTimeout, pgMigrationSql, runMigrations } from '@server/db/migrate';
import { emptyDatabase, migrationsFolder, type EmptyDatabase } from '../api/migrationFixtures';

let db: EmptyDatabase;
const sessions: pg.Client[] = [];
beforeAll(async () => {
  db = await emptyDatabase();
});
beforeEach(() => db.reset());
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.end().catch(() => {});
});
afterAll(() => db?.close());

/** Another connection to the test's database. */
async function session(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // A session terminated by the test must not crash the run.
  client.on('error', () => {});
  sessions.push(client);
  return client;
}

const orders = {
  tag: '0000_orders',
  sql: `CREATE TABLE orders (id int PRIMARY KEY, status text NOT NULL);
--> statement-breakpoint
INSERT INTO orders SELECT g, 'Delivered' FROM generate_series(1, 1000) g;`,
};
const rider = {
  tag: '0001_orders_rider',
  sql: `ALTER TABLE orders ADD COLUMN rider text;`,
};
const byStatus = {
  tag: '0002_orders_by_status',
  sql: `CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_status_idx ON orders (status);`,
};

const columns = async () =>
  (
    await db.sql.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_name = 'orders' ORDER BY ordinal_position`,
    )
  ).map((r) => r.name);

/** A long report or a forgotten transaction: holds a lock on orders that ALTER TABLE needs. */
async function readingOrders(): Promise<pg.Client> {
  const reader = await session();
  await reader.query('BEGIN');
  await reader.query('SELECT count(*) FROM orders');
  return reader;
}

describe('migration runner and other sessions (PostgreSQL)', () => {
  it('steps back from a lock held elsewhere and applies the migration once it is free', async () => {
    const { folder, write } = await migrationsFolder([orders]);
    await runMigrations(db.sql, { migrationsFolder: folder });
    await write([orders, rider]);
    const reader = await readingOrders();
    const writer = await session();

    const tries: number[] = [];
    const applied = await runMigrations(db.sql, {
      migrationsFolder: folder,
      lockTimeoutMs: 200,
      backoffMs: 50,
      onRetry: async ({ attempt }) => {
        tries.push(attempt);
        // Between tries nothing of the migration holds or waits for a lock: writes go on.
        await writer.query(`UPDATE orders SET status = 'Cancelled' WHERE id = 1`);
        if (attempt === 2) await reader.query('COMMIT');
      },
    });
    expect(applied).toEqual([rider.tag]);
    expect(tries).toEqual([1, 2]);
    expect(await columns()).toEqual(['id', 'status', 'rider']);
    expect(await db.bookkeeping()).toHaveLength(2);
  });

  it('fails with a clear message after its last try, leaving the migration unapplied', async () => {
    const { folder, write } = await migrationsFolder([orders]);
    await runMigrations(db.sql, { migrationsFolder: folder });
    await write([orders, rider, byStatus]);
    const reader = await readingOrders();

    const failed = runMigrations(db.sql, {
      migrationsFolder: folder,
      lockTimeoutMs: 100,
      attempts: 3,
      backoffMs: 10,
      onRetry: () => {},
    });
    await expect(failed).rejects.toThrow(MigrationLockTimeout);
    await expect(failed).rejects.toThrow(
      'Migration 0001_orders_rider could not take its locks: another session held them longer ' +
        'than 100 ms in each of 3 tries. Nothing of 0001_orders_rider was applied',
    );
    expect(await columns()).toEqual(['id', 'status']);
    expect(await db.bookkeeping()).toHaveLength(1);

    // Once the reader is done, the next start applies both, in order.
    await reader.query('COMMIT');
    expect(await runMigrations(db.sql, { migrationsFolder: folder })).toEqual([
      rider.tag,
      byStatus.tag,
    ]);
    expect(await db.bookkeeping()).toHaveLength(3);
  });

  it('finishes an index build that was killed half-way on the next run', async () => {
    const { folder, write } = await migrationsFolder([orders]);
    await runMigrations(db.sql, { migrationsFolder: folder });
    await write([orders, byStatus]);

    // An order being written in a transaction still open: the concurrent build waits for it.
    const writer = await session();
    await writer.query('BEGIN');
    await writer.query(`INSERT INTO orders VALUES (1001, 'Pending')`);
    const migrator = await session();
    const [{ pid }] = (await migrator.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
      .rows as [{ pid: number }];
    const killed = runMigrations(pgMigrationSql(migrator), { migrationsFolder: folder });
    killed.catch(() => {});
    const watcher = await session();
    for (;;) {
      const { rows } = await watcher.query(
        `SELECT 1 FROM pg_stat_progress_create_index WHERE pid = $1 AND phase LIKE 'waiting%'`,
        [pid],
      );
      if (rows.length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The server process is killed (a deploy, an out-of-memory kill) mid-build.
    await watcher.query('SELECT pg_terminate_backend($1)', [pid]);
    await expect(killed).rejects.toThrow();
    await writer.query('COMMIT');
    const invalid = await db.sql.query<{ valid: boolean }>(
      `SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = 'orders_status_idx'::regclass`,
    );
    expect(invalid).toEqual([{ valid: false }]);
    expect(await db.bookkeeping()).toHaveLength(1);

    expect(await runMigrations(db.sql, { migrationsFolder: folder })).toEqual([byStatus.tag]);
    const rebuilt = await db.sql.query<{ valid: boolean }>(
      `SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = 'orders_status_idx'::regclass`,
    );
    expect(rebuilt).toEqual([{ valid: true }]);
    expect(await db.bookkeeping()).toHaveLength(2);
  });
});
