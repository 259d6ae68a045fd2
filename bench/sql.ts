/**
 * Phase (a) of the bench, in this process: opens the database as the server does, builds the app
 * with a drizzle logger that records the SQL each call runs, calls each endpoint through `inject`
 * (twice: the second call's statements are kept, as a server runs them once warm), then times
 * that same SQL through the raw driver (PGlite `query`, or the pg pool of the server's size)
 * for one client and at N concurrent clients.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { keepPlannerStatistics, openDatabase } from '@server/db/client';
import { adminsTable } from '@server/db/schema';
import { createSessionTokens } from '@server/lib/tokens';
import { discoverCalls, type BenchCall, type DataSize } from './calls';
import { timeLoop, type LoopFigures } from './stats';
import type { BenchTarget } from './target';

interface CapturedQuery {
  text: string;
  params: unknown[];
}

/** What the raw driver did with one call's SQL. */
export interface SqlFigures {
  /** Statements the call runs warm (the session is held in memory, server/lib/sessionCache.ts). */
  queries: number;
  one: LoopFigures;
  many: LoopFigures;
  /** This process's CPU (user + system, µs) per run of the statements at N clients. */
  cpuUs: number;
}

export interface SqlPhaseResult {
  calls: BenchCall[];
  size: DataSize;
  notes: string[];
  /** Signs a session of the super-admin with the secret given (for the spawned server). */
  sign(secret: string): Promise<string>;
  /** Per call label: the figures, or why there are none. */
  sql: Map<string, SqlFigures | { skipped: string }>;
}

/** The raw driver under drizzle: a pg Pool or a PGlite instance, both with `query(text, params)`. */
interface RawClient {
  query(text: string, params?: unknown[]): Promise<unknown>;
  /** pg only: a query config, named to prepare it once per connection. */
  query(config: { name: string; text: string; values: unknown[] }): Promise<unknown>;
}

/**
 * The names the server's statements run under (drizzle's `.prepare(name)`, on pg: the session
 * check, the orders' rows), by their text, so that the raw driver prepares the same ones: run
 * unnamed, PostgreSQL would parse and plan them on every run, which the server does not.
 */
function recordStatementNames(raw: RawClient): Map<string, string> {
  const names = new Map<string, string>();
  const query = raw.query.bind(raw) as (...args: unknown[]) => Promise<unknown>;
  (raw as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args) => {
    const config = args[0] as { name?: unknown; text?: unknown };
    if (typeof config === 'object' && typeof config.name === 'string' && config.name) {
      names.set(String(config.text), config.name);
    }
    return query(...args);
  };
  return names;
}

export async function sqlPhase(
  target: BenchTarget,
  opts: {
    common: string;
    seconds: number;
    connections: number;
    /** Calls decided elsewhere (e.g. discovered over HTTP); else discovered here. */
    calls?: BenchCall[];
    only?: RegExp;
    /** false: only discover the calls (and sign), no SQL timing. */
    timeSql: boolean;
    /** Print each call's statements and parameters. */
    showSql?: boolean;
    log(line: string): void;
  },
): Promise<SqlPhaseResult> {
  let sink: CapturedQuery[] | null = null;
  const logger = {
    logQuery(text: string, params: unknown[]) {
      sink?.push({ text, params });
    },
  };
  // PostgreSQL needs no DATA_DIR of ours; the app still wants one (uploads, outbox): a temporary one.
  const scratch = await mkdtemp(path.join(tmpdir(), 'hs-bench-'));
  const dataDir = target.kind === 'pglite' ? target.dataDir : scratch;
  const secret = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}-in-process-secret`;
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: target.kind === 'postgres' ? target.databaseUrl : '',
    JWT_SECRET: secret,
    SEED_DEMO: 'false',
    DIST_DIR: path.join(scratch, 'no-dist'),
  });
  opts.log(`opening ${target.label} in process`);
  // As server/main.ts opens it: same pool size and statement timeout.
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pgdata'),
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.statementTimeoutMs,
    logger,
  });
  // As the server does at start (ANALYZE on PGlite), so the planner sees the same statistics.
  const stopStatistics = await keepPlannerStatistics(handle);
  const app = await buildApp({ config, db: handle.db });
  try {
    await app.ready();
    const admins = await handle.db
      .select({
        id: adminsTable.id,
        email: adminsTable.email,
        sessionVersion: adminsTable.sessionVersion,
      })
      .from(adminsTable)
      .where(eq(adminsTable.role, 'super-admin'));
    const admin = admins.find((a) => a.email === config.adminEmail) ?? admins[0];
    if (!admin) {
      throw new Error(`${target.label} has no super-admin: start the server on it once first.`);
    }
    const claims = { adminId: admin.id, sessionVersion: admin.sessionVersion };
    const headers = { authorization: `Bearer ${await app.sessions.sign(claims)}` };
    const inject = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      let json: unknown;
      if (String(res.headers['content-type'] ?? '').startsWith('application/json')) {
        json = res.json();
      }
      return { status: res.statusCode, json };
    };

    const discovered = opts.calls
      ? { calls: opts.calls, size: {}, notes: [] }
      : await discoverCalls(inject, opts.common);
    const calls = discovered.calls.filter((c) => !opts.only || opts.only.test(c.label));
    const sql = new Map<string, SqlFigures | { skipped: string }>();

    if (opts.timeSql) {
      const raw = (handle.db as unknown as { $client: RawClient }).$client;
      const names = recordStatementNames(raw);
      for (const call of calls) {
        // Once before, so that what the server holds in memory after a first call (the session,
        // server/lib/sessionCache.ts) is not counted: the statements of a call as it runs again.
        await inject(call.path);
        sink = [];
        const res = await inject(call.path);
        const queries: CapturedQuery[] = sink;
        sink = null;
        if (opts.showSql) {
          opts.log(`  ${call.label} (${res.status}):`);
          for (const q of queries) opts.log(`    ${q.text}  -- ${JSON.stringify(q.params)}`);
        }
        if (res.status !== 200) {
          sql.set(call.label, { skipped: `answered ${res.status}` });
          continue;
        }
        const run = async () => {
          for (const q of queries) {
            const name = names.get(q.text);
            await (name
              ? raw.query({ name, text: q.text, values: q.params })
              : raw.query(q.text, q.params));
          }
        };
        await run(); // warm the plan cache and the buffers, as the server's first call would
        const one = await timeLoop(run, { seconds: opts.seconds, workers: 1, minRuns: 3 });
        const cpu = process.cpuUsage();
        const many = await timeLoop(run, {
          seconds: opts.seconds,
          workers: opts.connections,
          minRuns: opts.connections,
        });
        const used = process.cpuUsage(cpu);
        const cpuUs = (used.user + used.system) / many.runs;
        sql.set(call.label, { queries: queries.length, one, many, cpuUs });
        opts.log(
          `  sql ${call.label}: ${queries.length} statements, ${one.p50.toFixed(2)} ms, ${Math.round(many.perSecond)}/s at ${opts.connections}`,
        );
      }
    }

    return {
      calls,
      size: discovered.size,
      notes: discovered.notes,
      sign: (serverSecret) => createSessionTokens(serverSecret).sign(claims),
      sql,
    };
  } finally {
    await app.close();
    stopStatistics();
    await handle.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
