import { COUNTER_TABLES } from '../../counters';
import { lit } from './expressions';
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
  'invoices',
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

/**
 * Stops per-row triggers for the rest of the transaction: the counter triggers (the counters
 * are rebuilt set-based afterwards) and, for a superuser, the foreign-key checks too, which
 * would otherwise look up the customer, category, product and address of every order one by
 * one (the generated keys are consistent by construction). Others disable the user triggers
 * of each table; the answer re-enables them before commit.
 */
export async function suspendTriggers(run: Sql): Promise<() => Promise<void>> {
  const [role] = await run<{ superuser: string }>(
    `SELECT current_setting('is_superuser') AS superuser`,
  );
  if (role?.superuser === 'on') {
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

export interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * Drops the secondary indexes of the generated tables (all but those behind primary-key and
 * unique constraints, which foreign keys need) and answers their definitions as the catalogue
 * holds them: building an index once over a million rows is much faster than updating it a
 * million times. Whatever indexes the migrations define, then or later, come back as they were.
 */
export async function dropSecondaryIndexes(run: Sql): Promise<IndexDefinition[]> {
  const indexes = await run<IndexDefinition>(`SELECT i.indexname AS name, i.indexdef AS definition
    FROM pg_indexes i
    WHERE i.schemaname = current_schema()
      AND i.tablename IN (${GENERATED_TABLES.map(lit).join(', ')})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c
        WHERE c.conname = i.indexname AND c.connamespace = current_schema()::regnamespace)
    ORDER BY i.tablename, i.indexname`);
  for (const index of indexes) await run(`DROP INDEX ${quoteIdent(index.name)}`);
  return indexes;
}

/** Builds the dropped indexes again, then checks that every one is back exactly as it was. */
export async function recreateIndexes(run: Sql, indexes: IndexDefinition[]): Promise<void> {
  for (const index of indexes) {
    const t = performance.now();
    await run(index.definition);
    if (process.env.SEED_DEBUG) console.log('   ', index.name, Math.round(performance.now() - t));
  }
  const now = await run<IndexDefinition>(`SELECT indexname AS name, indexdef AS definition
    FROM pg_indexes WHERE schemaname = current_schema()
      AND indexname IN (${indexes.map((i) => lit(i.name)).join(', ') || 'NULL'})`);
  const rebuilt = new Map(now.map((i) => [i.name, i.definition]));
  const wrong = indexes.filter((i) => rebuilt.get(i.name) !== i.definition);
  if (wrong.length) {
    throw new Error(`Indexes not rebuilt as defined: ${wrong.map((i) => i.name).join(', ')}`);
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
