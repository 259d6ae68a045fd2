import path from 'node:path';
import { sql } from 'drizzle-orm';
import { databaseUploadStore, diskUploadStore } from '../../../lib/uploadStore';
import type { DatabaseHandle } from '../../client';
import { checkCounters, rebuildCounters } from '../../counters';
import { seedCategories } from '../index';
import { seedDemoAdmins } from '../admins';
import { seedCatalogue } from '../catalogue';
import { checkLedger, markCatalogue } from '../returnables';
import { seedServiceAreas } from '../service-areas';
import { loadAudit } from './audit';
import {
  dropSecondaryIndexes,
  emptyGeneratedTables,
  GENERATED_TABLES,
  recreateIndexes,
  refuseUnlessEmpty,
  suspendTriggers,
} from './bulk';
import { CustomerKeys, loadCustomers } from './customers';
import { Timeline } from './expressions';
import type { LargeSeedCounts } from './options';
import { loadOrderAccessories, loadOrders, loadStatusHistory, OrderKeys } from './orders';
import { loadPlaces } from './places';
import { loadReference } from './reference';
import { loadLedgerAndInvoices } from './ledger';
import { loadReturns } from './returns';
import { loadRiders } from './riders';
import { runnerOf } from './run';
import { loadTickets } from './support';

export { SeedLargeRefused } from './bulk';
export { DEFAULT_COUNTS, parseSeedLargeArgs, SeedLargeUsageError, USAGE } from './options';

export interface LargeSeedOptions extends LargeSeedCounts {
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

/** Two years of business, growing month by month. */
const DAYS = 730;

/**
 * Fills the database with realistic bulk data for benchmarks and plan tests: pin codes,
 * customers and addresses, orders with their history and accessories, support tickets with
 * replies, return requests, audit rows, the jars-and-cylinders ledger and the invoices, all
 * generated set-based in the database in one transaction (all or nothing). Per-row triggers
 * are off during the load (the ledger's entries are written from the orders and returns, its
 * balances rebuilt from them) and the secondary indexes are built afterwards; then the counters
 * are rebuilt, everything is checked and the planner statistics gathered. Refuses a database
 * that holds orders or customers unless `reset`.
 */
export async function seedLarge(
  handle: DatabaseHandle,
  opts: LargeSeedOptions,
): Promise<LargeSeedReport> {
  const { db } = handle;
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

  if (!opts.reset) await refuseUnlessEmpty(runnerOf(db));
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

  await db.transaction(async (tx) => {
    const run = runnerOf(tx);
    const { resume, indexes, ref } = await phase('prepare', async () => {
      if (opts.reset) await emptyGeneratedTables(run);
      else await refuseUnlessEmpty(run);
      // Room for the sorts and hashes of a million rows, and for building each index in one
      // pass (a trigram index built in the default 64 MB takes twice as long). No time limit
      // (the server's pool may set one). No JIT: compiling these long expressions takes
      // seconds per statement, more than it saves.
      await run(`SET LOCAL work_mem = '256MB'`);
      await run(`SET LOCAL maintenance_work_mem = '1GB'`);
      await run(`SET LOCAL statement_timeout = 0`);
      await run(`SET LOCAL jit = off`);
      const resume = await suspendTriggers(run);
      const indexes = await dropSecondaryIndexes(run);
      return { resume, indexes, ref: await loadReference(run) };
    });
    await phase('pin codes', () => loadPlaces(run, timeline));
    await phase('customers', () => loadCustomers(run, customers));
    await phase('orders', () => loadOrders(run, orders, customers, ref, timeline));
    await phase('order history', () => loadStatusHistory(run, ref));
    await phase('order accessories', () => loadOrderAccessories(run, ref));
    await phase('riders', () => loadRiders(run, tx, timeline));
    await phase('support tickets', () => loadTickets(run, opts.tickets, customers, ref, timeline));
    await phase('return requests', () => loadReturns(run, opts.returns, ref, timeline));
    await phase('audit log', () => loadAudit(run, opts.audit, orders, customers, ref, timeline));
    await phase('ledger and invoices', () => loadLedgerAndInvoices(tx));
    await phase('indexes', () => recreateIndexes(run, indexes));
    await phase('counters', async () => {
      await rebuildCounters(tx);
      await resume();
    });
  });

  // PGlite has no autovacuum: without VACUUM an index-only scan still reads the heap, and
  // without ANALYZE the planner does not know the tables grew and picks scans.
  await phase('vacuum analyze', () => db.execute(sql`VACUUM ANALYZE`));
  // Checked once vacuumed: on pages marked all-visible its scans run two to three times faster
  // than inside the load's transaction. The counters were rebuilt in that transaction, so a
  // mismatch here is a fault of the counter definitions, reported in full.
  await phase('check counters', async () => {
    const mismatches = await checkCounters(db);
    if (mismatches.length) {
      const lines = mismatches.map(
        (m) => `  ${m.table} ${m.key}: kept ${m.kept}, counted ${m.counted}`,
      );
      throw new Error(`Counters disagree with the rows they count:\n${lines.join('\n')}`);
    }
  });
  await phase('check ledger', async () => {
    const mismatches = await checkLedger(db);
    if (mismatches.length) {
      const lines = mismatches
        .slice(0, 20)
        .map((m) => `  ${m.what} ${m.key}: kept ${m.kept}, counted ${m.counted}`);
      throw new Error(
        `The ledger or the invoices disagree with the rows they come from ` +
          `(${mismatches.length}):\n${lines.join('\n')}`,
      );
    }
  });

  const rows = await phase('count rows', async () => {
    const counted = ['pincodes', ...GENERATED_TABLES]
      .map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`)
      .join(', ');
    const [row] = await runnerOf(db)<Record<string, number>>(`SELECT ${counted}`);
    return row ?? {};
  });
  return { phases, rows };
}
