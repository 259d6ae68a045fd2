import pg from 'pg';
import type { Database } from '../../db/client';
import { conflict } from '../../lib/errors';

/** Any number; every instance must agree on it (the migrations' lock is 727_001). */
export const ROSTER_LOCK_ID = 727_035;

/** The 409 a second runner gets while a day is being made. */
export const RUN_UNDER_WAY =
  'A run is under way: deliveries are being made right now. Try again once it has finished (see Runs).';

/** Runs of this process, per database: PGlite has one connection, where an advisory lock is
 * re-entrant, so two runners in one process are kept apart here. */
const running = new WeakSet<object>();

/**
 * Runs `work` as the only roster runner: one per process (above) and one across instances
 * through a PostgreSQL session advisory lock held on a connection of its own (not a pooled
 * query's, which another query would get back with the lock on it). Taken with
 * pg_try_advisory_lock: a second runner is refused with a 409 rather than queued behind an
 * hour-long day. The lock ends with the connection, so a crashed instance frees it.
 */
export async function asOnlyRunner<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const key = db as object;
  if (running.has(key)) throw conflict(RUN_UNDER_WAY);
  running.add(key);
  try {
    const client = (db as unknown as { $client: unknown }).$client;
    if (!(client instanceof pg.Pool)) return await work();
    const connection = await client.connect();
    let locked = false;
    try {
      const { rows } = await connection.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [ROSTER_LOCK_ID],
      );
      locked = rows[0]?.locked === true;
      if (!locked) throw conflict(RUN_UNDER_WAY);
      return await work();
    } finally {
      if (locked) {
        await connection.query('SELECT pg_advisory_unlock($1)', [ROSTER_LOCK_ID]).then(
          () => connection.release(),
          // A connection whose unlock failed may still hold the lock: closed, not pooled.
          () => connection.release(true),
        );
      } else {
        connection.release();
      }
    }
  } finally {
    running.delete(key);
  }
}
