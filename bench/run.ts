/**
 * `npm run bench`: measures every list call (page 1, a deep page, each filter, a common and a
 * rare search), the dashboard, the chart, by-type and the job sheet on the large data, on each
 * database given, and prints a table per database (docs/performance.md says how to read it).
 * Benchmarks print; they assert nothing. GET calls only: the data is not changed.
 *
 *   npm run bench -- [--pg URL] [--pglite DATA_DIR] [--url URL] [--duration 3] [--soak 600] ...
 *
 * Per database: (a) in this process, the SQL each call runs is captured and timed through the
 * raw driver; (b) the server is started as a child process and measured over HTTP.
 */
import { randomBytes } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { discoverCalls, type BenchCall } from './calls';
import {
  httpGet,
  measureCall,
  memoryOf,
  signIn,
  soak,
  startServer,
  type HttpFigures,
  type RunningServer,
} from './http';
import { formatMarkdown, formatText, type TargetReport } from './report';
import { sqlPhase, type SqlPhaseResult } from './sql';
import { bytes, ms, perSecond } from './stats';
import { refuseUnlessSeeded, safeUrl, type BenchTarget } from './target';

const USAGE = `npm run bench -- [options]

Databases (default: as the server picks it, DATABASE_URL, else DATA_DIR/pgdata):
  --pg URL              a PostgreSQL database (e.g. postgres://postgres@127.0.0.1:5432/large)
  --pglite DIR          a DATA_DIR holding a PGlite database in DIR/pgdata (e.g. /work/data-large)
                        (both may be given: PostgreSQL is measured first, then PGlite)
  --url URL             measure a server already running there instead of starting one; the raw
                        SQL phase runs only with --pg / DATABASE_URL (PGlite allows one process)
  --pid N               with --url: the server's process id, for its RSS
  --token T             with --url: a session token (else BENCH_TOKEN, else sign-in with
                        ADMIN_EMAIL / ADMIN_PASSWORD)
Measurement:
  --duration S          seconds per measurement (default 3)
  --connections N       concurrent connections / raw SQL clients (default 20)
  --soak S              then S seconds of mixed load over every call, RSS printed every minute
  --soak-connections N  connections of the soak (default: --connections)
  --gzip                send Accept-Encoding: gzip, as browsers do (default: uncompressed)
  --only REGEX          only the calls whose label matches (e.g. --only 'orders|dashboard')
  --no-sql              skip the raw SQL phase
  --show-sql            print the statements each call runs, with their parameters
  --common NAME         the common surname searched (default Sharma)
  --port N              port of the server started (default 3400)
  --markdown FILE       also append the tables as markdown to FILE
  --force               bench a database that npm run seed:large did not fill (refused otherwise)
`;

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    pglite: { type: 'string' },
    url: { type: 'string' },
    pid: { type: 'string' },
    token: { type: 'string' },
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    soak: { type: 'string' },
    'soak-connections': { type: 'string' },
    gzip: { type: 'boolean', default: false },
    only: { type: 'string' },
    'no-sql': { type: 'boolean', default: false },
    'show-sql': { type: 'boolean', default: false },
    common: { type: 'string', default: 'Sharma' },
    port: { type: 'string', default: '3400' },
    markdown: { type: 'string' },
    force: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const seconds = Number(args.duration);
const connections = Number(args.connections);
const soakSeconds = args.soak ? Number(args.soak) : 0;
const soakConnections = Number(args['soak-connections'] ?? connections);
const port = Number(args.port);
const only = args.only ? new RegExp(args.only, 'i') : undefined;
const date = new Date().toISOString().slice(0, 10);
const log = (line: string) =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

function targetsFromArgs(): BenchTarget[] {
  const pg = (url: string): BenchTarget => ({
    kind: 'postgres',
    databaseUrl: url,
    label: `PostgreSQL ${safeUrl(url)}`,
  });
  const pglite = (dir: string): BenchTarget => ({
    kind: 'pglite',
    dataDir: path.resolve(dir),
    label: `PGlite ${path.resolve(dir)}/pgdata`,
  });
  const targets: BenchTarget[] = [];
  if (args.pg) targets.push(pg(args.pg));
  if (args.pglite) targets.push(pglite(args.pglite));
  if (targets.length) return targets;
  if (process.env.DATABASE_URL) return [pg(process.env.DATABASE_URL)];
  return [pglite(process.env.DATA_DIR || './data')];
}

/** Nothing may answer on the port: else we would measure that server, not ours. */
async function ensurePortFree(p: number) {
  const inUse = await new Promise<boolean>((resolve) => {
    const socket = net.connect(p, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (inUse) throw new Error(`port ${p} is in use: pass --port with a free one`);
}

/** Measures every call on a running server; RSS before and after; the soak when asked. */
async function measureServer(
  server: RunningServer,
  calls: BenchCall[],
  token: string,
): Promise<Pick<TargetReport, 'http' | 'rss' | 'soak' | 'load'> & { memoryNotes: string[] }> {
  const http = new Map<string, HttpFigures>();
  const loadStart = os.loadavg()[0]!;
  const start = memoryOf(server.pid);
  // Which calls raised the server's peak RSS (the job sheet must stay flat).
  const memoryNotes: string[] = [];
  let peak = start.peak;
  log(`measuring ${calls.length} calls over HTTP`);
  for (const call of calls) {
    const printed = server.output?.() ?? '';
    try {
      const f = await measureCall(server, call, { token, seconds, connections, gzip: args.gzip });
      const said = (server.output?.() ?? '').replace(printed, '').trim();
      if (f.status >= 500 && said) log(`  the server said:\n${said.slice(-3000)}`);
      http.set(call.label, f);
      if (peak !== undefined && f.peak !== undefined && f.peak - peak >= 5 * 1024) {
        memoryNotes.push(
          `the server's peak RSS rose by ${Math.round((f.peak - peak) / 1024)} MB (to ${Math.round(f.peak / 1024)} MB) during "${call.label}"`,
        );
      }
      peak = f.peak ?? peak;
      log(
        f.skipped
          ? `  ${call.label}: not measured (${f.skipped})`
          : `  ${call.label}: p50 ${ms(f.one?.p50)} ms, p99 ${ms(f.one?.p99)} ms, ${perSecond(f.many?.perSecond)}/s at ${connections}, ${bytes(f.bytes)}`,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      http.set(call.label, { status: 0, skipped: `failed: ${message}` });
      log(`  ${call.label}: failed: ${message}`);
    }
  }
  const end = memoryOf(server.pid);
  const measured = calls.filter((c) => !http.get(c.label)?.skipped);
  const soakFigures =
    soakSeconds > 0
      ? await soak(server, measured, {
          token,
          seconds: soakSeconds,
          connections: soakConnections,
          gzip: args.gzip,
          log,
        })
      : undefined;
  return {
    http,
    rss: { start: start.rss, end: end.rss, peak: end.peak },
    soak: soakFigures,
    load: { start: loadStart, end: os.loadavg()[0]! },
    memoryNotes,
  };
}

async function benchTarget(target: BenchTarget): Promise<TargetReport> {
  await refuseUnlessSeeded(target, args.force);
  log(`== ${target.label}`);
  const a: SqlPhaseResult = await sqlPhase(target, {
    common: args.common,
    seconds,
    connections,
    only,
    timeSql: !args['no-sql'],
    showSql: args['show-sql'],
    log,
  });
  await ensurePortFree(port);
  const secret = randomBytes(32).toString('base64url');
  const server = await startServer(target, { port, jwtSecret: secret, log });
  try {
    const token = await a.sign(secret);
    await awaitRosterClock(server.base, token);
    const { memoryNotes, ...measured } = await measureServer(server, a.calls, token);
    return {
      title: target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      date,
      size: a.size,
      seconds,
      connections,
      gzip: args.gzip,
      calls: a.calls,
      sql: a.sql,
      notes: [`Database: ${target.label}.`, ...a.notes, ...memoryNotes],
      ...measured,
    };
  } finally {
    await server.stop();
  }
}

/**
 * The server's roster clock makes a due day that no run has made (today on a database a seed
 * just filled: some 50 k orders at 100 k subscriptions) as soon as it starts. Measured beside
 * it, every call is slower; so the calls wait until no run is under way.
 */
async function awaitRosterClock(base: string, token: string) {
  const get = httpGet(base, token);
  const running = async () => {
    const { json } = await get('/api/roster/runs?limit=5');
    const runs = (json as { result?: { runs?: { day: string; status: string }[] } })?.result?.runs;
    return (runs ?? []).filter((r) => r.status === 'running').map((r) => r.day);
  };
  await new Promise((resolve) => setTimeout(resolve, 2000)); // the clock's first look
  const started = Date.now();
  for (let days = await running(); days.length; days = await running()) {
    if (Date.now() - started > 15 * 60_000)
      throw new Error(`the roster clock is still making ${days.join(', ')}`);
    log(`waiting for the roster clock to make ${days.join(', ')} before measuring`);
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

/** `--url`: a server someone else runs; raw SQL only when its PostgreSQL is reachable. */
async function benchUrl(base: string): Promise<TargetReport> {
  const given = args.token ?? process.env.BENCH_TOKEN;
  const password = process.env.ADMIN_PASSWORD;
  if (!given && !password) throw new Error('--url needs --token, BENCH_TOKEN or ADMIN_PASSWORD');
  const token =
    given ?? (await signIn(base, process.env.ADMIN_EMAIL || 'admin@example.com', password!));
  log(`== server at ${base}`);
  const discovered = await discoverCalls(httpGet(base, token), args.common);
  const calls = discovered.calls.filter((c) => !only || only.test(c.label));
  const databaseUrl = args.pg ?? process.env.DATABASE_URL;
  const notes = [`Server: ${base}.`, ...discovered.notes];
  let sql: SqlPhaseResult['sql'] = new Map();
  if (databaseUrl && !args['no-sql']) {
    const target: BenchTarget = {
      kind: 'postgres',
      databaseUrl,
      label: `PostgreSQL ${safeUrl(databaseUrl)}`,
    };
    await refuseUnlessSeeded(target, args.force);
    sql = (
      await sqlPhase(target, {
        common: args.common,
        seconds,
        connections,
        calls,
        timeSql: true,
        log,
      })
    ).sql;
  } else {
    notes.push('raw SQL not timed (give --pg or DATABASE_URL for a PostgreSQL server).');
  }
  const pid = args.pid ? Number(args.pid) : undefined;
  const { memoryNotes, ...measured } = await measureServer(
    { base, pid, stop: async () => {} },
    calls,
    token,
  );
  return {
    title: databaseUrl ? 'PostgreSQL' : `Server ${base}`,
    date,
    size: discovered.size,
    seconds,
    connections,
    gzip: args.gzip,
    calls,
    sql,
    notes: [...notes, ...memoryNotes],
    ...measured,
  };
}

// Exit through process.exit, so that the 'exit' hook stops a server the bench started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** Prints a database's table as soon as it is done, so a later failure keeps it. */
async function publish(report: TargetReport) {
  console.log(formatText(report));
  if (!args.markdown) return;
  await appendFile(args.markdown, formatMarkdown(report) + '\n');
  log(`markdown appended to ${args.markdown}`);
}

/** An error in a line or two (drizzle's carry the whole statement; the cause says why). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `\n  because: ${err.cause.message}` : '';
  return (err.message.length > 600 ? err.message.slice(0, 600) + ' …' : err.message) + cause;
}

try {
  if (args.url) await publish(await benchUrl(args.url.replace(/\/$/, '')));
  else for (const target of targetsFromArgs()) await publish(await benchTarget(target));
} catch (err) {
  console.error(`\nbench stopped: ${describe(err)}`);
  process.exitCode = 1;
}
