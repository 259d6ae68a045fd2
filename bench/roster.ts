/**
 * Making a day's deliveries on the large data (issue 35's targets): how long makeDeliveryDay
 * takes for a day of the subscriptions `npm run seed:large` writes, the p50/p99 of list calls
 * made at the same time to the same in-process server (the panel must keep answering while a
 * day is made), and how long the day's counts (roster/get-roster) take, projected before and
 * made after. Prints figures; asserts nothing. The orders and the run it made are deleted again
 * unless --keep.
 *
 *   npx tsx bench/roster.ts [--pg URL | --pglite DATA_DIR] [--date YYYY-MM-DD] [--batch 500] [--force]
 *     [--connections 4] [--keep]
 *
 * Default database: DATABASE_URL, else DATA_DIR/pgdata (as the server). The data must have
 * subscriptions (seed:large once issue 35's subscriptions are in it); default day: tomorrow.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { adminsTable } from '@server/db/schema';
import { openDatabase } from '@server/db/client';
import { ensureSuperAdmin } from '@server/db/seed';
import { makeDeliveryDay } from '@server/modules/roster/makeDay';
import { addDays, indiaDay } from '@shared/time';
import { ms, percentile } from './stats';
import { refuseUnlessSeeded, safeUrl } from './target';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    pglite: { type: 'string' },
    force: { type: 'boolean', default: false },
    date: { type: 'string' },
    batch: { type: 'string', default: '500' },
    connections: { type: 'string', default: '4' },
    keep: { type: 'boolean', default: false },
  },
});

const config = loadConfig({
  ...process.env,
  ...(args.pg ? { DATABASE_URL: args.pg } : {}),
  ...(args.pglite ? { DATA_DIR: args.pglite, DATABASE_URL: '' } : {}),
  SEED_DEMO: 'false',
});
const day = args.date ?? addDays(indiaDay(), 1);
await refuseUnlessSeeded(
  config.databaseUrl
    ? { kind: 'postgres', databaseUrl: config.databaseUrl, label: safeUrl(config.databaseUrl) }
    : { kind: 'pglite', dataDir: config.dataDir, label: `PGlite ${config.dataDir}/pgdata` },
  args.force,
);
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: `${config.dataDir}/pgdata`,
  poolSize: config.databasePoolSize,
});
const { db } = handle;
const app = await buildApp({ config, db });
await app.ready();

// As the server does at start: the super-admin exists (made from ADMIN_EMAIL if not).
await ensureSuperAdmin(db, config);
const [admin] = await db
  .select()
  .from(adminsTable)
  .where(eq(adminsTable.role, 'super-admin'))
  .limit(1);
const token = await app.sessions.sign({
  adminId: admin!.id,
  sessionVersion: admin!.sessionVersion,
});
const headers = { authorization: `Bearer ${token}` };
const get = async (url: string) => {
  const t0 = performance.now();
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200)
    throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return performance.now() - t0;
};

const { rows: counted } = await db.execute<{ subscriptions: number; made: number }>(sql`
  SELECT (SELECT count(*) FROM subscriptions)::int AS subscriptions,
    (SELECT count(*) FROM orders WHERE delivery_day = ${day}::date)::int AS made`);
console.log(
  `${handle.kind}: ${counted[0]!.subscriptions} subscriptions; ${day} has ${counted[0]!.made} orders already`,
);

const LIST_CALLS = [
  '/api/order/view-all-orders',
  '/api/order/view-all-orders?status=Pending',
  '/api/user/all-users',
  '/api/roster/runs',
];

/**
 * The list calls, round after round on `connections` lanes, until `done`. Each lane gives the
 * event loop back between its calls, as requests arriving on sockets do: on PGlite (whose
 * queries answer within the same turn) back-to-back injects starved timers, the run's batches
 * and the collector, and the bench ran out of heap after ten minutes with the day unmade.
 */
async function listLoad(done: () => boolean, connections: number): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async (_, lane) => {
      for (let i = lane; !done(); i++) {
        samples.push(await get(LIST_CALLS[i % LIST_CALLS.length]!));
        await new Promise((resolve) => setImmediate(resolve));
      }
    }),
  );
  return samples;
}

const idle = await (async () => {
  const until = performance.now() + 3000;
  return listLoad(() => performance.now() > until, Number(args.connections));
})();
console.log(
  `list calls, idle:         p50 ${ms(percentile(idle, 50))}  p99 ${ms(percentile(idle, 99))} ms  (${idle.length} calls)`,
);

const projected = [];
for (let i = 0; i < 5; i++) projected.push(await get(`/api/roster/get-roster?date=${day}`));
console.log(`get-roster, projected:    median ${ms(percentile(projected, 50))} ms`);

let finished = false;
const t0 = performance.now();
const making = makeDeliveryDay(
  db,
  day,
  { trigger: 'clock' },
  { batchSize: Number(args.batch) },
).finally(() => (finished = true));
const during = await listLoad(() => finished, Number(args.connections));
const run = await making;
const seconds = (performance.now() - t0) / 1000;
console.log(
  `makeDeliveryDay ${day}:   ${seconds.toFixed(1)} s, ${run.status}, ${run.generated} made ` +
    `(${Math.round(run.generated / seconds)}/s), already ${run.alreadyMade}, skipped ${JSON.stringify(run.skipped)}` +
    (run.error ? `, error: ${run.error}` : ''),
);
console.log(
  `list calls, while making: p50 ${ms(percentile(during, 50))}  p99 ${ms(percentile(during, 99))}  max ${ms(Math.max(0, ...during))} ms  (${during.length} calls)`,
);

const made = [];
for (let i = 0; i < 5; i++) made.push(await get(`/api/roster/get-roster?date=${day}`));
console.log(`get-roster, made:         median ${ms(percentile(made, 50))} ms`);

if (!args.keep) {
  // The orders' triggers keep the counters right on delete as on insert.
  await db.execute(sql`DELETE FROM orders WHERE delivery_day = ${day}::date AND subscription_id IS NOT NULL
    AND created_at >= ${new Date(Date.now() - seconds * 1000 - 60_000)}`);
  await db.execute(sql`DELETE FROM roster_runs WHERE id = ${run.id}`);
  console.log('removed the orders and the run it made (--keep to keep them)');
}
await app.close();
await handle.close();
