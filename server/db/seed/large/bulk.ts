import { COUNTER_TABLES } from '../../counters';
import { lit } from './expressions';
import type { Lanes } from './lanes';
import type { Sql } from './run';

/** The tables this load fills (pin codes aside, which it only adds to). */
export const GENERATED_TABLES = [
  'customers',
  'customer_addresses',
  'orders',
  'order_accessories',
  'order_status_history',
  'support_tickets',
  'support_replies',
  'return_requests',
  'audit_log',
  'riders',
  'rider_cash_settlements',
  'returnable_entries',
  'returnable_balances',
  'returnable_stock',
  'invoice_series',
  'credit_note_series',
  'invoices',
  'subscriptions',
  'subscription_changes',
  'subscription_pauses',
  'subscription_skips',
  'holidays',
  'account_entries',
  'account_dues',
  'account_due_days',
  'account_months',
];

/** Why the load did not start; the command prints it and exits with 1. */
export class SeedLargeRefused extends Error {}

/** Refuses a database that already holds customers' data, so nothing is mixed or doubled. */
export async function refuseUnlessEmpty(run: Sql): Promise<void> {
  const [held] = await run<Record<string, number>>(`SELECT
      (SELECT count(*) FROM orders)::int AS orders,
      (SELECT count(*) FROM customers)::int AS customers,
      (SELECT count(*) FROM support_tickets)::int AS tickets,
      (SELECT count(*) FROM return_requests)::int AS returns`);
  if (!held || Object.values(held).every((n) => Number(n) === 0)) return;
  const what = Object.entries(held)
    .filter(([, n]) => Number(n) > 0)
    .map(([name, n]) => `${Number(n).toLocaleString('en-US')} ${name}`)
    .join(', ');
  throw new SeedLargeRefused(
    `The database already holds ${what}. seed:large fills a database without orders; run it ` +
      `with --reset to empty customers, orders, tickets, returns and the audit log first ` +
      `(admins, categories and the catalogue are kept).`,
  );
}

/** Empties the generated tables and the counters (and whatever references them). */
export async function emptyGeneratedTables(run: Sql): Promise<void> {
  const tables = [...GENERATED_TABLES, ...COUNTER_TABLES.map((c) => c.table)];
  await run(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
}

/** Whether the load's role may turn triggers off for its own session only. */
export async function isSuperuser(run: Sql): Promise<boolean> {
  const [role] = await run<{ superuser: string }>(
    `SELECT current_setting('is_superuser') AS superuser`,
  );
  return role?.superuser === 'on';
}

/**
 * Sets the load's transaction up for bulk work (as `twoLanes` sets up its connections): room for
 * the sorts and hashes of a million rows and for building each index in one pass (a trigram index
 * built in the default 64 MB takes twice as long), no time limit (the server's pool may set one),
 * no JIT (compiling these long expressions takes seconds per statement, more than it saves), and
 * per-row triggers suspended. Answers what turns the triggers back on before commit.
 */
export async function settleForBulk(run: Sql): Promise<() => Promise<void>> {
  await run(`SET LOCAL work_mem = '256MB'`);
  await run(`SET LOCAL maintenance_work_mem = '1GB'`);
  await run(`SET LOCAL statement_timeout = 0`);
  await run(`SET LOCAL jit = off`);
  return suspendTriggers(run);
}

/**
 * Undoes a load on two connections that failed: its steps had committed one by one, so the
 * generated tables are emptied again (they were empty, or emptied by --reset, before it), the
 * dropped indexes built again and the work tables dropped.
 */
export async function undo(run: Sql): Promise<void> {
  await emptyGeneratedTables(run);
  await restoreIndexes(run);
  await dropWorkTables(run);
}

/**
 * Stops per-row triggers for the rest of the transaction: the counter triggers (the counters
 * are rebuilt set-based afterwards) and, for a superuser, the foreign-key checks too, which
 * would otherwise look up the customer, category, product and address of every order one by
 * one (the generated keys are consistent by construction). Others disable the user triggers
 * of each table; the answer re-enables them before commit.
 */
async function suspendTriggers(run: Sql): Promise<() => Promise<void>> {
  if (await isSuperuser(run)) {
    await run(`SET LOCAL session_replication_role = replica`);
    return async () => {
      await run(`SET LOCAL session_replication_role = origin`);
    };
  }
  for (const table of GENERATED_TABLES) await run(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  return async () => {
    for (const table of GENERATED_TABLES) await run(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
  };
}

/** The tables the load computes once and joins many times (see each loader), dropped after. */
const WORK_TABLES = [
  'seed_place',
  'seed_customers',
  'seed_addresses',
  'seed_item',
  'seed_accessory',
  'seed_first',
  'seed_tickets',
  'seed_subscriptions',
  'seed_accounts',
  'seed_account_orders',
  'seed_account_months',
  'seed_account_totals',
];

/**
 * The secondary indexes the load dropped, as the catalogue defined them, kept in the database
 * until they are built again: a load on two connections commits step by step, and one that was
 * killed half-way would otherwise leave the tables without them (see `restoreIndexes`).
 */
const DROPPED_INDEXES = 'seed_large_dropped_indexes';

/** Drops the work tables (a load that was killed may have left them). */
export async function dropWorkTables(run: Sql): Promise<void> {
  await run(`DROP TABLE IF EXISTS ${WORK_TABLES.join(', ')}`);
}

export interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * Drops the secondary indexes of the generated tables (all but those behind primary-key and
 * unique constraints, which foreign keys need) and answers their definitions as the catalogue
 * holds them, also kept in `seed_large_dropped_indexes`: building an index once over a million
 * rows is much faster than updating it a million times. Whatever indexes the migrations define,
 * then or later, come back as they were.
 */
export async function dropSecondaryIndexes(run: Sql): Promise<IndexDefinition[]> {
  await run(`CREATE TABLE ${DROPPED_INDEXES} AS
    SELECT i.indexname AS name, i.tablename AS table_name, i.indexdef AS definition
    FROM pg_indexes i
    WHERE i.schemaname = current_schema()
      AND i.tablename IN (${GENERATED_TABLES.map(lit).join(', ')})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c
        WHERE c.conname = i.indexname AND c.connamespace = current_schema()::regnamespace)`);
  const indexes = await run<IndexDefinition>(
    `SELECT name, definition FROM ${DROPPED_INDEXES} ORDER BY name`,
  );
  for (const index of indexes) await run(`DROP INDEX ${quoteIdent(index.name)}`);
  return indexes;
}

/**
 * Builds the dropped indexes again, the largest tables' first, each on whichever lane is free,
 * then checks that every one is back exactly as it was. A trigram index costs about three times
 * a b-tree over the same rows.
 */
export async function recreateIndexes(lanes: Lanes, indexes: IndexDefinition[]): Promise<void> {
  const run = lanes.main.run;
  const sizes = await run<{ name: string; size: string }>(`SELECT name,
      pg_relation_size(format('%I', table_name)::regclass)
        * CASE WHEN definition LIKE '% USING gin %' THEN 3 ELSE 1 END AS size
    FROM ${DROPPED_INDEXES}`);
  const size = new Map(sizes.map((s) => [s.name, Number(s.size)]));
  const largestFirst = [...indexes].sort(
    (a, b) => (size.get(b.name) ?? 0) - (size.get(a.name) ?? 0),
  );
  await lanes.each(largestFirst, async (lane, index) => {
    const t = performance.now();
    await lane.run(index.definition);
    if (process.env.SEED_DEBUG) console.log('   ', index.name, Math.round(performance.now() - t));
  });
  const now = await run<IndexDefinition>(`SELECT indexname AS name, indexdef AS definition
    FROM pg_indexes WHERE schemaname = current_schema()
      AND indexname IN (${indexes.map((i) => lit(i.name)).join(', ') || 'NULL'})`);
  const rebuilt = new Map(now.map((i) => [i.name, i.definition]));
  const wrong = indexes.filter((i) => rebuilt.get(i.name) !== i.definition);
  if (wrong.length) {
    throw new Error(`Indexes not rebuilt as defined: ${wrong.map((i) => i.name).join(', ')}`);
  }
  await run(`DROP TABLE ${DROPPED_INDEXES}`);
}

/**
 * Builds again whatever indexes an earlier load dropped and did not get to build (it was killed,
 * or undone), so that the tables are as the migrations left them before anything else runs.
 */
export async function restoreIndexes(run: Sql): Promise<void> {
  const [kept] = await run<{ found: string | null }>(
    `SELECT to_regclass(${lit(DROPPED_INDEXES)})::text AS found`,
  );
  if (!kept?.found) return;
  const missing = await run<IndexDefinition>(`SELECT d.name, d.definition FROM ${DROPPED_INDEXES} d
    WHERE to_regclass(quote_ident(d.name)) IS NULL`);
  for (const index of missing) await run(index.definition);
  await run(`DROP TABLE ${DROPPED_INDEXES}`);
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
