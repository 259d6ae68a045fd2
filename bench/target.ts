import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '@server/db/client';
import { lockDataDir } from '@server/db/dataDirLock';
import { SEEDED_MARK } from '@server/db/seed/large';

/** A database the bench runs on: as the server picks it (DATABASE_URL, else DATA_DIR/pgdata). */
export type BenchTarget =
  | { kind: 'postgres'; databaseUrl: string; label: string }
  | { kind: 'pglite'; dataDir: string; label: string };

/** The URL without its password, for printing. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

/**
 * Benches load a database for minutes with many connections, and open it through the server's
 * code, which migrates it: only a database seed:large made is theirs. Any other (a shop's own)
 * is refused before it is touched, unless the caller says `--force`.
 */
export async function refuseUnlessSeeded(target: BenchTarget, force = false): Promise<void> {
  if (force) return;
  const seeded = await hasSeedMark(target);
  if (seeded) return;
  console.error(
    `${target.label} was not filled by npm run seed:large (no '${SEEDED_MARK}' row in ` +
      `seed_progress). The bench loads a database hard and migrates it first; run ` +
      `seed:large into it, or pass --force to bench it anyway.`,
  );
  process.exit(1);
}

async function hasSeedMark(target: BenchTarget): Promise<boolean> {
  const query = `SELECT 1 FROM seed_progress WHERE part = '${SEEDED_MARK}'`;
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return (await client.query(query)).rowCount === 1;
    } catch {
      return false; // no seed_progress table: a database this app never made
    } finally {
      await client.end();
    }
  }
  const pgdata = path.join(target.dataDir, 'pgdata');
  if (!existsSync(pgdata)) return false;
  // Held as the server holds it: a server running on that data directory refuses us here.
  const unlock = await lockDataDir(path.resolve(pgdata));
  try {
    const db = await openPglite(path.resolve(pgdata));
    try {
      return (await db.query(query)).rows.length === 1;
    } catch {
      return false;
    } finally {
      await db.close();
    }
  } finally {
    await unlock();
  }
}
