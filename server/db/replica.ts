import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { parseLsn } from '@shared/lsn';
import { RANDOM_PAGE_COST, type Database } from './client';
import * as schema from './schema';

/**
 * Reads on a streaming replica (DATABASE_READ_URL; docs/operations.md, "Reads on a replica"):
 * a second pool with the primary's options, a monitor that asks the replica every POLL_MS how
 * far it has replayed, and the choice, per read call, of the replica or the primary.
 *
 * A read goes to the replica only when the last look at it (at most a second or so old) found it
 * replaying the primary's WAL no more than `maxLagMs` behind, and, when the caller sent the
 * position of its last write (`X-Read-After`), already past that position: so a short lag never
 * shows a person a record they have just saved as missing. Anything else reads from the primary.
 */

/** How often the monitor asks the replica. */
export const POLL_MS = 500;

/** What the monitor asks the replica each time. */
export interface ReplicaProbe {
  /** A replica is in recovery; a primary (or a promoted replica) is not. */
  inRecovery: boolean;
  /** How far it has replayed the primary's WAL (`pg_last_wal_replay_lsn()`), as text. */
  replayLsn: string | null;
  /**
   * Its WAL receiver streams from the primary and everything received is replayed: nothing is
   * known to be missing, however long ago the primary's last commit was (an idle primary).
   */
  caughtUp: boolean;
  /** Since the commit time of the last transaction it replayed, in ms (null: none yet). */
  replayAgeMs: number | null;
}

/** The monitor's judgement of the replica at a moment. */
export type ReplicaState =
  | { usable: true; at: number; replayLsn: bigint; lagMs: number }
  | { usable: false; at: number; reason: string };

/** Where one read call reads from. */
export type ReadFrom = 'replica' | 'primary';

/**
 * Whether a replica that answered `probe` at `at` may be read from. How far behind it is: nothing
 * when it has replayed all it received; else no more than since the last transaction it replayed
 * was committed, nor than since the last look that found it caught up (`caughtUpAt`): the first
 * write after a quiet hour, received and not yet replayed, is not an hour's lag.
 */
export function judgeProbe(
  probe: ReplicaProbe,
  maxLagMs: number,
  at: number,
  caughtUpAt?: number,
): ReplicaState {
  if (!probe.inRecovery) {
    return { usable: false, at, reason: 'it is not in recovery (a primary, not a replica)' };
  }
  const replayLsn = parseLsn(probe.replayLsn);
  if (replayLsn === undefined) {
    return { usable: false, at, reason: 'it has replayed nothing yet' };
  }
  const lagMs = probe.caughtUp
    ? 0
    : Math.min(
        probe.replayAgeMs ?? Number.POSITIVE_INFINITY,
        caughtUpAt === undefined ? Number.POSITIVE_INFINITY : at - caughtUpAt,
      );
  if (lagMs > maxLagMs) {
    const behind = Number.isFinite(lagMs)
      ? `${(lagMs / 1000).toFixed(1)} s behind the primary`
      : 'not streaming from the primary';
    return {
      usable: false,
      at,
      reason: `it is ${behind} (more than DATABASE_READ_MAX_LAG_MS, ${maxLagMs} ms)`,
    };
  }
  return { usable: true, at, replayLsn, lagMs: Math.max(0, lagMs) };
}

/**
 * The replica when its last state, no older than `staleAfterMs`, is usable and (with the
 * caller's `readAfter`) has replayed that position; else the primary.
 */
export function chooseRead(
  state: ReplicaState | undefined,
  now: number,
  staleAfterMs: number,
  readAfter?: bigint,
): ReadFrom {
  if (!state?.usable || now - state.at > staleAfterMs) return 'primary';
  if (readAfter !== undefined && state.replayLsn < readAfter) return 'primary';
  return 'replica';
}

/**
 * An error of a query on the replica that the primary may not have: the replica is gone
 * (refused, cut, shutting down, starting) or cancelled the query to replay the primary's WAL
 * (a recovery conflict, SQLSTATE 40001 on a standby). `down`: the replica itself is unusable.
 */
export function replicaFault(err: unknown): { down: boolean } | undefined {
  if (!(err instanceof pg.DatabaseError)) return { down: true }; // no answer from the server
  const code = err.code ?? '';
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', '3D000'].includes(code)) {
    return { down: true };
  }
  if (code === '40001' || code === '53300') return { down: false };
  return undefined;
}

export interface Replica {
  /** The replica's drizzle handle; a query that fails as `replicaFault` says runs on the primary. */
  db: Database;
  /** Where a read goes now, given the caller's last write position. */
  choose(readAfter?: bigint): ReadFrom;
  /** The last state (tests, logs). */
  state(): ReplicaState | undefined;
  /** Stops the monitor and closes the pool. */
  close(): Promise<void>;
}

export interface ReplicaOptions {
  url: string;
  /** The primary: its pool runs a read the replica fails. */
  primary: Database;
  poolSize: number;
  statementTimeoutMs: number;
  maxLagMs: number;
  log: { info(msg: string): void; warn(msg: string): void };
  pollMs?: number;
  /** Tests: answers in place of the replica's own (see tests/postgres/read-replica.test.ts). */
  probe?: () => Promise<ReplicaProbe>;
}

const PROBE_SQL = `SELECT pg_is_in_recovery() AS "inRecovery",
  pg_last_wal_replay_lsn()::text AS "replayLsn",
  coalesce(pg_last_wal_replay_lsn() >= pg_last_wal_receive_lsn(), false)
    AND coalesce((SELECT pid IS NOT NULL AND coalesce(status, 'streaming') = 'streaming'
                  FROM pg_stat_wal_receiver), false) AS "caughtUp",
  (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS "replayAgeMs"`;

/**
 * The replica of DATABASE_READ_URL: its pool (opened lazily: a replica that is down does not stop
 * the start) and its monitor, whose first look is awaited so that the first calls know.
 */
export async function openReplica(opts: ReplicaOptions): Promise<Replica> {
  const pollMs = opts.pollMs ?? POLL_MS;
  // A look older than this (the monitor stuck on a hung connection) is no judgement at all.
  const staleAfterMs = 2 * pollMs + 1000;
  const primaryPool = (opts.primary as unknown as { $client: pg.Pool }).$client;

  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize,
    statement_timeout: opts.statementTimeoutMs || undefined,
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    // A replica that does not answer must not hold a read for long: it goes to the primary.
    connectionTimeoutMillis: 2000,
    application_name: 'home-services read',
  });
  // Its connections die with the replica; the monitor says so, the pool makes new ones.
  pool.on('error', () => {});

  let current: ReplicaState | undefined;
  /** One line when reads stop going to the replica, one when they go there again. */
  function judge(next: ReplicaState) {
    const was = current;
    current = next;
    if (next.usable && !was?.usable) {
      opts.log.info(
        `replica: reads go to the replica (DATABASE_READ_URL), ${Math.round(next.lagMs)} ms behind the primary`,
      );
    } else if (!next.usable && (was === undefined || was.usable)) {
      opts.log.warn(`replica: reads go to the primary: ${next.reason}`);
    }
  }

  // A read the replica fails runs on the primary; a replica that is gone is not used again
  // until the monitor finds it back.
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  pool.query = ((config: unknown, values?: unknown) =>
    query(config, values).catch((err: unknown) => {
      const fault = replicaFault(err);
      if (!fault) throw err;
      if (fault.down && current?.usable) {
        judge({ usable: false, at: Date.now(), reason: `a read failed (${describe(err)})` });
      }
      return primaryPool.query(config as pg.QueryConfig, values as unknown[]);
    })) as typeof pool.query;

  let client: pg.Client | undefined;
  async function askReplica(): Promise<ReplicaProbe> {
    if (!client) {
      const fresh = new pg.Client({
        connectionString: opts.url,
        connectionTimeoutMillis: 1000,
        query_timeout: 1000,
        application_name: 'home-services replica monitor',
      });
      fresh.on('error', () => {});
      await fresh.connect().catch(async (err: unknown) => {
        await fresh.end().catch(() => {});
        throw err;
      });
      client = fresh;
    }
    try {
      return (await client.query<ReplicaProbe>(PROBE_SQL)).rows[0]!;
    } catch (err) {
      const broken = client;
      client = undefined;
      await broken.end().catch(() => {});
      throw err;
    }
  }
  const probe = opts.probe ?? askReplica;

  /** When a look last found it streaming with everything received replayed. */
  let caughtUpAt: number | undefined;
  async function look() {
    const at = Date.now();
    try {
      const answer = await probe();
      judge(judgeProbe(answer, opts.maxLagMs, at, caughtUpAt));
      caughtUpAt = answer.caughtUp && answer.inRecovery ? at : caughtUpAt;
    } catch (err) {
      judge({ usable: false, at, reason: `it does not answer (${describe(err)})` });
    }
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = look();
  await running;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = look().finally(schedule);
    }, pollMs);
    timer.unref();
  };
  schedule();

  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    choose: (readAfter) => chooseRead(current, Date.now(), staleAfterMs, readAfter),
    state: () => current,
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => {});
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}

function describe(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(': ') || String(err);
}
