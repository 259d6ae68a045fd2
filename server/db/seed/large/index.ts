import path from 'node:path';
import { databaseUploadStore, diskUploadStore } from '../../../lib/uploadStore';
import type { DatabaseHandle } from '../../client';
import { checkCounters, COUNTER_TABLES, counterGroups, rebuildCounters } from '../../counters';
import { seedCategories } from '../index';
import { seedDemoAdmins } from '../admins';
import { seedCatalogue } from '../catalogue';
import { checkLedger, markCatalogue } from '../returnables';
import { seedServiceAreas } from '../service-areas';
import { loadAccounts } from './accounts';
import { loadAudit } from './audit';
import {
  dropSecondaryIndexes,
  dropWorkTables,
  emptyGeneratedTables,
  GENERATED_TABLES,
  quoteIdent,
  recreateIndexes,
  refuseUnlessEmpty,
  restoreIndexes,
  settleForBulk,
  undo,
} from './bulk';
import { CustomerKeys, loadCustomers } from './customers';
import { Timeline } from './expressions';
import type { LargeSeedCounts } from './options';
import { type Lanes, singleLane, superuserPool, twoLanes } from './lanes';
import {
  continueHistoryIds,
  findFirstOrders,
  loadOrderAccessories,
  loadOrders,
  loadStatusHistory,
  OrderKeys,
  rangeOf,
} from './orders';
import { loadPlaces } from './places';
import { loadReference } from './reference';
import { loadLedgerAndInvoices } from './ledger';
import { loadReturns } from './returns';
import { loadRiders } from './riders';
import { loadSubscriptions } from './subscriptions';
import { runnerOf } from './run';
import { loadTickets } from './support';

export { SeedLargeRefused } from './bulk';
export { DEFAULT_COUNTS, parseSeedLargeArgs, SeedLargeUsageError, USAGE } from './options';

export interface LargeSeedOptions extends Omit<LargeSeedCounts, 'subscriptions' | 'accounts'> {
  /** Subscriptions to make (none when left out; the command's default is 100 000). */
  subscriptions?: number;
  /**
   * Account entries to make, about (only the wallets as opening entries when left out; the
   * command's default is 5 000 000).
   */
  accounts?: number;
  /**
   * DATA_DIR: the catalogue's images are stored under its uploads/ when it is seeded on the
   * embedded database (on PostgreSQL they go into the `uploads` table, as the server keeps them).
   */
  dataDir: string;
  /** Empty the generated tables first instead of refusing a database that holds orders. */
  reset?: boolean;
  /** The moment the data ends at (default: now). */
  now?: Date;
  /** Told as each phase ends, so that a long run shows progress. */
  onPhase?: (phase: PhaseTiming) => void;
}

export interface PhaseTiming {
  name: string;
  ms: number;
}

export interface LargeSeedReport {
  phases: PhaseTiming[];
  /** Rows in each generated table afterwards. */
  rows: Record<string, number>;
}

/** Its row in `seed_progress`, written when a load is whole and checked. */
export const SEEDED_MARK = 'seed:large';

/** Two years of business, growing month by month. */
const DAYS = 730;

/**
 * Fills the database with realistic bulk data for benchmarks and plan tests: pin codes,
 * customers and addresses, orders with their history and accessories, subscriptions with their
 * pauses, skips and history, a few holidays, support tickets with
 * replies, return requests, audit rows, the jars-and-cylinders ledger and the invoices, the
 * households' accounts (entries, balances, dues and months: see accounts.ts), all
 * generated set-based in the database. Per-row triggers are off during the load (the ledger's
 * entries are written from the orders and returns, its balances rebuilt from them) and the
 * secondary indexes are built afterwards; then the counters are rebuilt, everything is checked
 * and the planner statistics gathered. Refuses a database that holds orders or customers unless
 * `reset`.
 *
 * On PostgreSQL as a superuser the load runs on two connections at once (`twoLanes`), each step
 * committing on its own; a failure empties the generated tables again and puts the indexes back.
 * Otherwise (PGlite, another role) it is one transaction: all or nothing.
 */
export async function seedLarge(
  handle: DatabaseHandle,
  opts: LargeSeedOptions,
): Promise<LargeSeedReport> {
  const { db } = handle;
  const direct = runnerOf(db);
  const phases: PhaseTiming[] = [];
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    const timing = { name, ms: Math.round(performance.now() - started) };
    phases.push(timing);
    opts.onPhase?.(timing);
    return result;
  };
  const timeline = new Timeline(opts.now ?? new Date(), DAYS);
  const customers = new CustomerKeys(opts.customers, timeline);
  const orders = new OrderKeys(opts.orders, timeline);

  // What a load that was killed half-way may have left: dropped indexes, work tables.
  await restoreIndexes(direct);
  await dropWorkTables(direct);
  if (!opts.reset) await refuseUnlessEmpty(direct);
  const uploads =
    handle.kind === 'postgres'
      ? databaseUploadStore(db)
      : diskUploadStore(path.join(opts.dataDir, 'uploads'));
  await phase('catalogue and admins', async () => {
    await seedCategories(db, uploads);
    await seedCatalogue(db, uploads);
    await markCatalogue(db);
    await seedServiceAreas(db);
    await seedDemoAdmins(db);
  });

  const load = async (lanes: Lanes) => {
    const { run } = lanes.main;
    const { resume, indexes, ref } = await phase('prepare', async () => {
      if (opts.reset) await emptyGeneratedTables(run);
      else await refuseUnlessEmpty(run);
      const resume = lanes.parallel ? async () => {} : await settleForBulk(run);
      const indexes = await dropSecondaryIndexes(run);
      return { resume, indexes, ref: await loadReference(run) };
    });
    await phase('pin codes', () => loadPlaces(run, timeline));
    await phase('customers', () => loadCustomers(run, customers));
    await phase('orders', async () => {
      await findFirstOrders(run, orders, customers);
      await lanes.split((lane, part, parts) =>
        loadOrders(lane.run, orders, customers, ref, timeline, rangeOf(orders, part, parts)),
      );
    });
    await phase('order history', async () => {
      await lanes.split((lane, part, parts) => loadStatusHistory(lane.run, ref, part, parts));
      await continueHistoryIds(run);
    });
    await phase('subscriptions', () =>
      loadSubscriptions(run, opts.subscriptions ?? 0, customers, ref, timeline),
    );
    await phase('accessories, riders, tickets, returns, audit', () =>
      lanes.both(
        async ({ run, db }) => {
          await loadOrderAccessories(run, ref);
          await loadRiders(run, db, timeline);
        },
        async ({ run }) => {
          await loadTickets(run, opts.tickets, customers, ref, timeline);
          await loadReturns(run, opts.returns, ref, timeline);
          await loadAudit(run, opts.audit, orders, customers, ref, timeline);
        },
      ),
    );
    await phase('ledger and invoices', () => loadLedgerAndInvoices(lanes));
    await phase('accounts', () => loadAccounts(lanes, opts.accounts ?? 0, ref, timeline));
    await phase('indexes', () => recreateIndexes(lanes, indexes));
    // What a day of each household's subscriptions paid from the account costs (the low-balance
    // list's days covered), as migration 0038's trigger keeps it; after the indexes, so that each
    // customer's subscriptions are looked up, not scanned. One lane takes it while the other
    // starts on the counters (no counter reads daily_spend).
    const dailySpend = `UPDATE customers c SET daily_spend = customer_daily_spend(c.id)
      WHERE c.id IN (SELECT s.customer_id FROM subscriptions s
                      WHERE s.status = 'Active' AND s.payment_method = 'Wallet'
                        AND NOT s.prepaid)`;
    await phase('daily spend and counters', async () => {
      await lanes.each([dailySpend, ...counterGroups()], (lane, work) =>
        typeof work === 'string' ? lane.run(work) : rebuildCounters(lane.db, work),
      );
      await resume();
    });
    await dropWorkTables(run);
  };

  const check = async (lanes: Lanes) => {
    // PGlite has no autovacuum: without VACUUM an index-only scan still reads the heap, and
    // without ANALYZE the planner does not know the tables grew and picks scans.
    await phase('vacuum analyze', async () => {
      if (!lanes.parallel) return void (await direct(`VACUUM ANALYZE`));
      const tables = await direct<{ name: string }>(`SELECT relname AS name FROM pg_class
        WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace
        ORDER BY pg_relation_size(oid) DESC`);
      await lanes.each(tables, (lane, t) => lane.run(`VACUUM ANALYZE ${quoteIdent(t.name)}`));
    });
    // Checked once vacuumed: on pages marked all-visible their scans run two to three times
    // faster. A mismatch here is a fault of the counter or ledger definitions, reported in full.
    // The ledger's check, then each counter's, each on whichever lane is free.
    await phase('check counters and ledger', () =>
      lanes.each(['ledger' as const, ...COUNTER_TABLES], async (lane, what) => {
        if (what === 'ledger') {
          const mismatches = await checkLedger(lane.db);
          if (mismatches.length) {
            const lines = mismatches
              .slice(0, 20)
              .map((m) => `  ${m.what} ${m.key}: kept ${m.kept}, counted ${m.counted}`);
            throw new Error(
              `The ledger or the invoices disagree with the rows they come from ` +
                `(${mismatches.length}):\n${lines.join('\n')}`,
            );
          }
          return;
        }
        const mismatches = await checkCounters(lane.db, [what]);
        if (mismatches.length) {
          const lines = mismatches.map(
            (m) => `  ${m.table} ${m.key}: kept ${m.kept}, counted ${m.counted}`,
          );
          throw new Error(`Counters disagree with the rows they count:\n${lines.join('\n')}`);
        }
      }),
    );
  };

  const pool = await superuserPool(handle);
  if (pool) {
    const lanes = await twoLanes(pool);
    try {
      try {
        await load(lanes);
      } catch (err) {
        await undo(direct).catch((undoErr) => {
          console.error('seed:large could not undo the load:', undoErr);
        });
        throw err;
      }
      // As after the single transaction: a failed check leaves the loaded rows to look at.
      await check(lanes);
    } finally {
      await lanes.close();
    }
  } else {
    await db.transaction((tx) => load(singleLane(tx)));
    await check(singleLane(db));
  }

  // The benches measure only a database this made (bench/target.ts `refuseUnlessSeeded`).
  await direct(`INSERT INTO seed_progress (part) VALUES ('${SEEDED_MARK}')
    ON CONFLICT (part) DO UPDATE SET done_at = now()`);
  const rows = await phase('count rows', async () => {
    const counted = ['pincodes', ...GENERATED_TABLES]
      .map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`)
      .join(', ');
    const [row] = await runnerOf(db)<Record<string, number>>(`SELECT ${counted}`);
    return row ?? {};
  });
  return { phases, rows };
}
