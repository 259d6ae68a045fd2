/**
 * The migration runner (server/db/migrate.ts) on PGlite, or on PostgreSQL with
 * TEST_DATABASE_URL: drizzle's bookkeeping kept, each migration in its own transaction, online
 * migrations statement by statement and resumable. What needs a second session (locks held by
 * another one, a killed index build) is in tests/postgres/migration-locks.test.ts.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrationsFolder as appMigrations } from '@server/db/client';
import { readMigrations, runMigrations } from '@server/db/migrate';
import { emptyDatabase, migrationsFolder, type EmptyDatabase } from './migrationFixtures';

let db: EmptyDatabase | undefined;
beforeAll(async () => {
  db = await emptyDatabase();
});
beforeEach(() => db!.reset());
afterAll(() => db?.close());

const customers = {
  tag: '0000_customers',
  sql: `CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL);
--> statement-breakpoint
INSERT INTO customers VALUES (1, 'Asha'), (2, 'Ravi');`,
};
const phones = {
  tag: '0001_phones',
  sql: `ALTER TABLE customers ADD COLUMN phone text;
--> statement-breakpoint
UPDATE customers SET phone = '98' || id;`,
};
const byName = {
  tag: '0002_customers_by_name',
  sql: `-- Built while customers keep being written.
CREATE INDEX CONCURRENTLY IF NOT EXISTS customers_name_idx ON customers (name);
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS customers_phone_idx ON customers (phone);`,
};

const count = async (sql: string) =>
  Number((await db!.sql.query<{ n: string }>(`SELECT (${sql})::int AS n`))[0]?.n);

const indexValid = async (name: string) =>
  (
    await db!.sql.query<{ valid: boolean }>(
      `SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass($1)`,
      [name],
    )
  )[0]?.valid;

describe('migration runner', () => {
  it("migrates a fresh database with the app's migrations, bookkept as drizzle does", async () => {
    const applied = await runMigrations(db!.sql, { migrationsFolder: appMigrations });
    const drizzles = readMigrationFiles({ migrationsFolder: appMigrations });
    expect(applied).toEqual(readMigrations(appMigrations).map((m) => m.tag));
    expect(await db!.bookkeeping()).toEqual(
      drizzles.map((m) => ({ hash: m.hash, created_at: m.folderMillis })),
    );
    expect(await count(`SELECT count(*) FROM orders`)).toBe(0);
    // A second start applies nothing.
    expect(await runMigrations(db!.sql, { migrationsFolder: appMigrations })).toEqual([]);
    // As long as the other files' migrating beforeAll may take (vitest.config.ts hookTimeout).
  }, 60_000);

  it("continues a database migrated by drizzle's migrator without running anything again", async () => {
    const { folder, write } = await migrationsFolder([customers, phones]);
    await db!.drizzleMigrate(folder);
    await write([customers, phones, byName]);

    expect(await runMigrations(db!.sql, { migrationsFolder: folder })).toEqual([byName.tag]);
    expect(await count(`SELECT count(*) FROM customers`)).toBe(2);
    expect(await indexValid('customers_phone_idx')).toBe(true);
    expect((await db!.bookkeeping()).map((r) => r.hash)).toEqual(
      readMigrations(folder).map((m) => m.hash),
    );
  });

  it('applies each migration in its own transaction: a failing one leaves the ones before it', async () => {
    const broken = {
      tag: '0001_phones',
      sql: `ALTER TABLE customers ADD COLUMN phone text;
--> statement-breakpoint
UPDATE customers SET phone = no_such_column;`,
    };
    const { folder, write } = await migrationsFolder([customers, broken]);
    await expect(runMigrations(db!.sql, { migrationsFolder: folder })).rejects.toThrow(
      /no_such_column/,
    );
    expect(await count(`SELECT count(*) FROM customers`)).toBe(2);
    expect(
      await count(`SELECT count(*) FROM information_schema.columns WHERE column_name = 'phone'`),
    ).toBe(0);
    expect(await db!.bookkeeping()).toHaveLength(1);

    // The release that fixes it goes on from there.
    await write([customers, phones]);
    expect(await runMigrations(db!.sql, { migrationsFolder: folder })).toEqual([phones.tag]);
    expect(await count(`SELECT count(*) FROM customers WHERE phone = '981'`)).toBe(1);
  });

  it('builds indexes CONCURRENTLY outside a transaction and resumes a build left invalid', async () => {
    const duplicates = {
      tag: '0001_phones',
      sql: `ALTER TABLE customers ADD COLUMN phone text;
--> statement-breakpoint
UPDATE customers SET phone = '9800000000';`,
    };
    const { folder, write } = await migrationsFolder([customers, duplicates, byName]);
    // The unique build fails half-way, as a killed one does: the index is there but invalid,
    // and the migration is not recorded.
    await expect(runMigrations(db!.sql, { migrationsFolder: folder })).rejects.toThrow(
      /duplicate|unique/i,
    );
    expect(await indexValid('customers_name_idx')).toBe(true);
    expect(await indexValid('customers_phone_idx')).toBe(false);
    expect(await db!.bookkeeping()).toHaveLength(2);

    // Someone mends the data; the next start drops the invalid index and builds it again
    // (IF NOT EXISTS alone would keep it invalid), and keeps the valid one.
    await db!.sql.exec(`UPDATE customers SET phone = '98' || id`);
    await write([customers, duplicates, byName]);
    expect(await runMigrations(db!.sql, { migrationsFolder: folder })).toEqual([byName.tag]);
    expect(await indexValid('customers_phone_idx')).toBe(true);
    expect(await db!.bookkeeping()).toHaveLength(3);
    await expect(db!.sql.exec(`INSERT INTO customers VALUES (3, 'Meera', '981')`)).rejects.toThrow(
      /duplicate|unique/i,
    );
  });

  it('runs a batched backfill whose procedure commits each batch (no-transaction migration)', async () => {
    const many = {
      tag: '0000_customers',
      sql: `CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL);
--> statement-breakpoint
INSERT INTO customers SELECT g, 'Customer ' || g FROM generate_series(1, 2500) g;`,
    };
    const backfill = {
      tag: '0001_phones',
      sql: `-- migrate: no-transaction
ALTER TABLE customers ADD COLUMN IF NOT EXISTS phone text;
--> statement-breakpoint
CREATE OR REPLACE PROCEDURE customers_phone_backfill() LANGUAGE plpgsql AS $$
DECLARE done int;
BEGIN
  LOOP
    UPDATE customers SET phone = '98' || id
     WHERE id IN (SELECT id FROM customers WHERE phone IS NULL ORDER BY id LIMIT 1000);
    GET DIAGNOSTICS done = ROW_COUNT;
    COMMIT;
    EXIT WHEN done = 0;
  END LOOP;
END $$;
--> statement-breakpoint
CALL customers_phone_backfill();
--> statement-breakpoint
DROP PROCEDURE customers_phone_backfill();`,
    };
    const { folder } = await migrationsFolder([many, backfill]);
    expect(readMigrations(folder).map((m) => m.online)).toEqual([false, true]);
    expect(await runMigrations(db!.sql, { migrationsFolder: folder })).toEqual([
      many.tag,
      backfill.tag,
    ]);
    expect(await count(`SELECT count(*) FROM customers WHERE phone IS NULL`)).toBe(0);
    expect(await db!.bookkeeping()).toHaveLength(2);
  });
});
