/**
 * `npm run seed:large -- --orders 1000000 --customers 100000 [--tickets N] [--returns N]
 * [--audit N] [--subscriptions N] [--accounts N] [--reset]`: fills the configured database with bulk data for benchmarks
 * (server/db/seed/large). Prints the time of each phase.
 */
import path from 'node:path';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { ensureSuperAdmin } from '@server/db/seed';
import {
  parseSeedLargeArgs,
  seedLarge,
  SeedLargeRefused,
  SeedLargeUsageError,
  USAGE,
  type PhaseTiming,
} from '@server/db/seed/large';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
const line = (p: PhaseTiming) => console.log(`  ${p.name.padEnd(46)}${seconds(p.ms)}`);

let args;
try {
  args = parseSeedLargeArgs(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof SeedLargeUsageError)) throw err;
  console.error(`${err.message}\n\n${USAGE}`);
  process.exit(1);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const config = loadConfig();
const started = performance.now();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pgdata'),
});
const where =
  database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pgdata`;
const c = args.counts;
console.log(
  `seed:large into ${where}: ${c.orders} orders, ${c.customers} customers, ${c.tickets} tickets, ` +
    `${c.returns} returns, ${c.audit} audit rows, ${c.subscriptions} subscriptions, ` +
    `${c.accounts} account entries${args.reset ? ' (after emptying them)' : ''}`,
);
line({ name: 'open and migrate', ms: performance.now() - started });

try {
  await ensureSuperAdmin(database.db, config);
  const report = await seedLarge(database, {
    ...args.counts,
    reset: args.reset,
    dataDir: config.dataDir,
    onPhase: line,
  });
  line({ name: 'total', ms: performance.now() - started });
  console.log('\nRows:');
  for (const [table, n] of Object.entries(report.rows)) {
    console.log(`  ${table.padEnd(22)}${n.toLocaleString('en-US').padStart(11)}`);
  }
} catch (err) {
  process.exitCode = 1;
  console.error(err instanceof SeedLargeRefused ? err.message : err);
} finally {
  await database.close();
}
