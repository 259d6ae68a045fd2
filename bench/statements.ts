/**
 * The month's statements on the large data (issue 36): how long GET /api/account/statements for
 * last month takes for every postpaid customer (about 30 000 after `npm run seed:large`),
 * streamed over a real port to /dev/null, how many bytes it sends, how many statements the month
 * has afterwards, and the server's peak RSS while it ran (the server runs in this process;
 * sampled every 5 ms), with its RSS and heap every 5 s: flat memory is a flat series. Prints figures; asserts nothing. Statements made are kept (making them
 * again answers the same ones).
 *
 *   npx tsx bench/statements.ts [--pg URL | --pglite DATA_DIR] [--month YYYY-MM] [--runs 1] [--force]
 *
 * Default database: DATABASE_URL, else DATA_DIR/pgdata (as the server). Default month: last
 * month (India time).
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { adminsTable } from '@server/db/schema';
import { openDatabase } from '@server/db/client';
import { ensureSuperAdmin } from '@server/db/seed';
import { addDays, indiaDay } from '@shared/time';
import { downloadToNull } from './http';
import { refuseUnlessSeeded, safeUrl } from './target';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    pglite: { type: 'string' },
    force: { type: 'boolean', default: false },
    month: { type: 'string' },
    runs: { type: 'string', default: '1' },
  },
});

const config = loadConfig({
  ...process.env,
  ...(args.pg ? { DATABASE_URL: args.pg } : {}),
  ...(args.pglite ? { DATA_DIR: args.pglite, DATABASE_URL: '' } : {}),
  SEED_DEMO: 'false',
});
// Last month: the month of the day before this month's first.
const month = args.month ?? addDays(`${indiaDay().slice(0, 7)}-01`, -1).slice(0, 7);
if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
  console.error(`--month must be YYYY-MM; got "${month}".`);
  process.exit(1);
}
const MB = 1024 * 1024;

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
try {
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
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });

  const counts = async () => {
    const { rows } = await db.execute<{ postpaid: number; entries: number; statements: number }>(
      sql`SELECT (SELECT count(*) FROM customers WHERE billing_mode = 'postpaid')::int AS postpaid,
        (SELECT count(*) FROM account_entries)::int AS entries,
        (SELECT count(*) FROM account_statements
          WHERE month = ${`${month}-01`}::date)::int AS statements`,
    );
    return rows[0]!;
  };
  const before = await counts();
  console.log(
    `${handle.kind}: ${before.postpaid} postpaid customers, ${before.entries} account entries; ` +
      `${month} has ${before.statements} statements already`,
  );

  const download = (path: string) => downloadToNull(origin, token, path);

  const path = `/api/account/statements?month=${month}`;
  for (let run = 1; run <= Number(args.runs); run++) {
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const series: string[] = [];
    const started = Date.now();
    let lastSample = started;
    const sampler = setInterval(() => {
      const { rss, heapUsed } = process.memoryUsage();
      peak = Math.max(peak, rss);
      if (Date.now() - lastSample >= 5000) {
        lastSample = Date.now();
        const at = Math.round((lastSample - started) / 1000);
        series.push(`${at}s ${(rss / MB).toFixed(0)}/${(heapUsed / MB).toFixed(0)}`);
      }
    }, 5);
    try {
      const answer = await download(path);
      const after = await counts();
      console.log(
        `GET ${path} (run ${run}): ${(answer.ms / 1000).toFixed(1)} s to the last byte ` +
          `(first after ${Math.round(answer.firstByteMs)} ms), ` +
          `${(answer.bytes / MB).toFixed(1)} MB ${answer.type}, ` +
          `${after.statements} statements for ${month}, ` +
          `peak RSS ${(peak / MB).toFixed(0)} MB (${(rssBefore / MB).toFixed(0)} MB before)`,
      );
      console.log(`  RSS / heap MB over the run: ${series.join(', ')}`);
    } finally {
      clearInterval(sampler);
    }
  }
} catch (err) {
  // Until the statements call is in this build it answers 404: said in one line.
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await app.close();
  await handle.close();
}
