import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database } from '../../db/client';

/**
 * The journal times of the migrations this server ships (drizzle-kit's `meta/_journal.json`
 * beside the SQL files, copied beside the bundle by the build). drizzle's migrator records each
 * migration it applies with that time as `created_at`, and applies those newer than the newest
 * recorded: the same rule tells whether any is missing.
 */
export function shippedMigrations(folder = migrationsFolder): number[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((entry) => entry.when);
}

export function createHealthRepository(db: Database) {
  return {
    /**
     * The journal time of the newest migration applied (null: none), from the table drizzle
     * keeps (server/db/client.ts migrates with drizzle's default schema and table). One row.
     */
    async newestAppliedMigration(): Promise<number | null> {
      const result = await db.execute<{ latest: string | null }>(
        sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
      );
      const latest = result.rows[0]?.latest;
      return latest == null ? null : Number(latest);
    },
  };
}
