import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '../../client';
import * as schema from '../../schema';
import { isSuperuser } from './bulk';
import { runnerOf, type Sql, type Transaction } from './run';

/** One connection the load runs statements on. */
export interface Lane {
  run: Sql;
  db: Database | Transaction;
}

/** A piece of the load's work on one lane. */
type Step = (lane: Lane) => Promise<unknown>;

/**
 * Where the load runs: one transaction on one connection (PGlite, or a PostgreSQL role that is
 * not a superuser), or two connections side by side (a PostgreSQL superuser), so that the second
 * core builds half the orders, the invoices beside the ledger, and half the indexes. A load
 * across two connections cannot be one transaction: each step commits on its own, and a failure
 * is undone by emptying what was loaded (see `seedLarge`).
 */
export interface Lanes {
  readonly parallel: boolean;
  /** The first connection; the only one when not parallel. */
  readonly main: Lane;
  /**
   * Each piece of work on a lane of its own, at once, each in a transaction of its own; one after
   * the other in the load's transaction when not parallel.
   */
  both(first: Step, second: Step): Promise<void>;
  /** The same work on every lane, told which part it is (0-based) of how many; as `both`. */
  split(work: (lane: Lane, part: number, parts: number) => Promise<unknown>): Promise<void>;
  /**
   * Every item, each taken by whichever lane is free next, in the order given; outside a
   * transaction (an index is built, a table vacuumed, on its own).
   */
  each<T>(items: T[], work: (lane: Lane, item: T) => Promise<unknown>): Promise<void>;
  /** Gives the connections back. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL connection pool the load may run on two connections of: only a superuser may turn
 * per-row triggers off for its own session (`session_replication_role`); another role disables
 * them table by table, which holds for every session, so its load stays one transaction.
 */
export async function superuserPool(handle: DatabaseHandle): Promise<pg.Pool | undefined> {
  if (handle.kind !== 'postgres' || !(await isSuperuser(runnerOf(handle.db)))) return undefined;
  return (handle.db as unknown as { $client: pg.Pool }).$client;
}

/** The load's single transaction (or, after it, the database) as the one lane. */
export function singleLane(db: Database | Transaction): Lanes {
  const main = { run: runnerOf(db), db };
  return {
    parallel: false,
    main,
    async both(first, second) {
      await first(main);
      await second(main);
    },
    async split(work) {
      await work(main, 0, 1);
    },
    async each(items, work) {
      for (const item of items) await work(main, item);
    },
    close: async () => {},
  };
}

/**
 * Two connections of the pool, each set up for bulk work for its whole session: memory for the
 * sorts and hashes of a million rows and for building each index in one pass, no time limit, no
 * JIT (compiling these long expressions takes seconds per statement, more than it saves), and
 * per-row triggers off (the counters and ledger are rebuilt set-based afterwards; the foreign
 * keys hold by construction). Parallel index builds are off: the two lanes already fill two cores.
 */
export async function twoLanes(pool: pg.Pool): Promise<Lanes> {
  const clients: pg.PoolClient[] = [];
  try {
    for (let i = 0; i < 2; i++) clients.push(await pool.connect());
  } catch (err) {
    for (const client of clients) client.release();
    throw err;
  }
  const lanes = clients.map((client) => {
    const db = drizzle({ client, schema }) as unknown as Database;
    return { run: runnerOf(db), db };
  }) as [Lane, Lane];
  for (const lane of lanes) {
    await lane.run(`SET work_mem = '256MB'`);
    await lane.run(`SET maintenance_work_mem = '1GB'`);
    await lane.run(`SET statement_timeout = 0`);
    await lane.run(`SET jit = off`);
    await lane.run(`SET session_replication_role = replica`);
    await lane.run(`SET max_parallel_maintenance_workers = 0`);
  }
  return {
    parallel: true,
    main: lanes[0],
    async both(first, second) {
      await settled([inStep(lanes[0], first), inStep(lanes[1], second)]);
    },
    async split(work) {
      await settled(lanes.map((lane, part) => inStep(lane, (l) => work(l, part, lanes.length))));
    },
    async each(items, work) {
      let next = 0;
      let failed = false;
      const take = async (lane: Lane) => {
        try {
          while (next < items.length && !failed) await work(lane, items[next++]!);
        } catch (err) {
          failed = true;
          throw err;
        }
      };
      await settled(lanes.map(take));
    },
    async close() {
      // Not back into the pool: their settings are the load's, not the app's.
      for (const client of clients) client.release(true);
    },
  };
}

/** A step on a parallel lane: in a transaction of its own, committed when it ends. */
function inStep(lane: Lane, work: Step): Promise<unknown> {
  return (lane.db as Database).transaction((tx) => work({ run: runnerOf(tx), db: tx }));
}

/**
 * Every lane's work once all of it has ended, or the first failure: a failure is answered only
 * when the other lane has stopped too, so that undoing the load does not race its statements.
 */
async function settled<T>(work: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(work);
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
