/**
 * GSTR-1 on the large data (issue 38's target: a month of 100 k invoices in at most 10 s,
 * streamed, flat memory): how long GET /api/gst/gstr1 takes for the month with the most
 * invoices (from the sales_daily rollup), as JSON and as the zip of CSVs, and the screen's
 * summary, each streamed over a real port to /dev/null, with bytes sent and the server's peak
 * RSS while it ran (the server runs in this process; sampled every 5 ms). The first run of a
 * month builds and stores the invoices' documents not built yet (seed:large leaves them all
 * unbuilt), later runs read them: run it twice to see both. Prints figures; asserts nothing.
 *
 *   npx tsx bench/gstr1.ts [--pg URL | --pglite DATA_DIR] [--month YYYY-MM] [--runs 2] [--force]
 *                          [--formats json,zip,summary]
 *
 * Default database: DATABASE_URL, else DATA_DIR/pgdata (as the server).
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { adminsTable } from '@server/db/schema';
import { openDatabase } from '@server/db/client';
import { ensureSuperAdmin } from '@server/db/seed';
import { downloadToNull } from './http';
import { refuseUnlessSeeded, safeUrl } from './target';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    pglite: { type: 'string' },
    force: { type: 'boolean', default: false },
    month: { type: 'string' },
    runs: { type: 'string', default: '2' },
    formats: { type: 'string', default: 'json,zip,summary' },
  },
});

const config = loadConfig({
  ...process.env,
  ...(args.pg ? { DATABASE_URL: args.pg } : {}),
  ...(args.pglite ? { DATA_DIR: args.pglite, DATABASE_URL: '' } : {}),
  SEED_DEMO: 'false',
});
if (args.month && !/^\d{4}-(0[1-9]|1[0-2])$/.test(args.month)) {
  console.error(`--month must be YYYY-MM; got "${args.month}".`);
  process.exit(1);
}
const PATHS: Record<string, (month: string) => string> = {
  json: (month) => `/api/gst/gstr1?month=${month}`,
  zip: (month) => `/api/gst/gstr1?month=${month}&format=csv`,
  summary: (month) => `/api/gst/gstr1-summary?month=${month}`,
};
const formats = args.formats.split(',').filter((f) => f in PATHS);
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

  // The month with the most invoices, from the rollup (each invoice counted once per
  // dimension: the service's rows count each once).
  const { rows: busiest } = await db.execute<{ month: string; invoices: number }>(
    sql`SELECT to_char(day, 'YYYY-MM') AS month, sum(invoices)::int AS invoices
          FROM sales_daily WHERE dim = 'service'
         GROUP BY 1 ORDER BY 2 DESC, 1 DESC LIMIT 1`,
  );
  const month = args.month ?? busiest[0]?.month;
  if (!month) throw new Error('No invoices in sales_daily: seed the large data first.');
  const { rows: sizes } = await db.execute<{
    invoices: number;
    b2b: number;
    unbuilt: number;
    notes: number;
  }>(
    sql`WITH m AS (SELECT (${`${month}-01`}::date)::timestamp AT TIME ZONE 'Asia/Kolkata' AS start)
        SELECT count(*)::int AS invoices,
               count(*) FILTER (WHERE buyer_gstin IS NOT NULL)::int AS b2b,
               count(*) FILTER (WHERE document IS NULL)::int AS unbuilt,
               (SELECT count(*)::int FROM credit_notes, m
                 WHERE issued_at >= m.start AND issued_at < m.start + interval '1 month') AS notes
          FROM invoices, m
         WHERE issued_at >= m.start AND issued_at < m.start + interval '1 month'`,
  );
  const size = sizes[0]!;
  console.log(
    `${handle.kind}: ${month} has ${size.invoices} invoices (${size.b2b} B2B, ` +
      `${size.unbuilt} without a document yet) and ${size.notes} credit/debit notes`,
  );

  const download = (path: string) => downloadToNull(origin, token, path);

  for (let run = 1; run <= Number(args.runs); run++) {
    for (const format of formats) {
      const path = PATHS[format]!(month);
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      try {
        const answer = await download(path);
        console.log(
          `GET ${path} (run ${run}): ${(answer.ms / 1000).toFixed(1)} s to the last byte ` +
            `(first after ${Math.round(answer.firstByteMs)} ms), ` +
            `${(answer.bytes / MB).toFixed(1)} MB ${answer.type}, ` +
            `peak RSS ${(peak / MB).toFixed(0)} MB (${(rssBefore / MB).toFixed(0)} MB before)`,
        );
      } finally {
        clearInterval(sampler);
      }
    }
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await app.close();
  await handle.close();
}
