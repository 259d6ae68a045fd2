/**
 * `npm run bench:cpu`: the server's own CPU per request (issue 39.4), beside the health check's
 * in the same run and beside the raw driver's for the same SQL. Prints; asserts nothing.
 *
 *   npm run bench:cpu -- --pg URL [--duration 5] [--rounds 3] [--connections 20] [--port 3401]
 *     [--profile DIR] [--only REGEX]
 *   npm run bench:cpu -- --pglite DATA_DIR ...
 *
 * (a) In this process (bench/sql.ts): each call's SQL, captured from the app as it runs it, is
 * run through the raw driver at N clients; this process's CPU over that loop ÷ runs.
 * (b) The built server (build/server/main.mjs, as `npm start` runs it) in a child process: each
 * call under autocannon at N connections for the duration, after a warm-up (3 s), in rounds
 * (3); the child's CPU time over a run (utime + stime from /proc/<pid>/stat) ÷ requests
 * answered, each call's median round.
 * `--profile DIR` runs the server with `node --cpu-prof` and leaves its profile in DIR.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { BenchCall } from './calls';
import { startServer } from './http';
import { sqlPhase, type SqlFigures } from './sql';
import { perSecond } from './stats';
import { safeUrl, type BenchTarget } from './target';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string' },
    pglite: { type: 'string' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    port: { type: 'string', default: '3401' },
    profile: { type: 'string' },
    only: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help || (!args.pg && !args.pglite)) {
  console.log(
    'npm run bench:cpu -- (--pg URL | --pglite DATA_DIR) [--duration 5] [--warmup 3] [--rounds 3] [--connections 20] [--port 3401] [--profile DIR] [--only REGEX]',
  );
  process.exit(args.help ? 0 : 1);
}
const seconds = Number(args.duration);
const warmup = Number(args.warmup);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const log = (line: string) =>
  console.log(`[bench:cpu ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The health check, then the lists of issue 39's target, labelled as bench/calls.ts does. */
const HEALTH = 'health';
const ALL_CALLS: BenchCall[] = [
  { label: HEALTH, path: '/api/health' },
  { label: 'pin codes page 1', path: '/api/pincode/get-paginated-pincodes?page=1&limit=10' },
  { label: 'customers page 1', path: '/api/user/all-users?page=1&limit=10' },
  { label: 'orders page 1', path: '/api/order/view-all-orders?page=1&limit=10' },
];
/** `--only REGEX`: the health check and the calls whose label matches (for a profile of one). */
const only = args.only ? new RegExp(args.only, 'i') : undefined;
const CALLS = ALL_CALLS.filter((c) => c.label === HEALTH || !only || only.test(c.label));

const target: BenchTarget = args.pg
  ? { kind: 'postgres', databaseUrl: args.pg, label: `PostgreSQL ${safeUrl(args.pg)}` }
  : {
      kind: 'pglite',
      dataDir: path.resolve(args.pglite!),
      label: `PGlite ${path.resolve(args.pglite!)}/pgdata`,
    };

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU time (user + system, all threads) the process has used, in µs. */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command may hold spaces and parentheses: the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return (ticks / ticksPerSecond) * 1e6;
}

interface Row {
  label: string;
  requests: number;
  perSecond: number;
  failures: number;
  serverUs: number;
  raw?: SqlFigures;
}

async function main() {
  log(`== ${target.label}`);
  const phase = await sqlPhase(target, {
    common: 'Sharma',
    seconds,
    connections,
    // The health check runs no SQL.
    calls: CALLS.filter((call) => call.label !== HEALTH),
    timeSql: true,
    log,
  });
  const secret = randomBytes(32).toString('base64url');
  const nodeFlags = args.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`]
    : [];
  const server = await startServer(target, {
    port: Number(args.port),
    jwtSecret: secret,
    log,
    nodeFlags,
  });
  const runs = new Map<string, Row[]>(CALLS.map((c) => [c.label, []]));
  try {
    const headers = { authorization: `Bearer ${await phase.sign(secret)}` };
    for (const call of CALLS) {
      await autocannon({ url: server.base + call.path, headers, connections, duration: warmup });
    }
    // Rounds over every call, so that a burst of load from elsewhere on the machine touches
    // one round of each rather than one call; the table shows each call's median round.
    for (let round = 1; round <= rounds; round += 1) {
      for (const call of CALLS) {
        const url = server.base + call.path;
        const before = cpuOf(server.pid!);
        const result = await autocannon({ url, headers, connections, duration: seconds });
        const used = cpuOf(server.pid!) - before;
        const raw = phase.sql.get(call.label);
        const row: Row = {
          label: call.label,
          requests: result.requests.total,
          perSecond: result.requests.total / Math.max(result.duration, 0.001),
          failures: result.errors + result.non2xx,
          serverUs: used / Math.max(result.requests.total, 1),
          raw: raw && 'cpuUs' in raw ? raw : undefined,
        };
        runs.get(call.label)!.push(row);
        log(
          `  round ${round}, ${call.label}: ${Math.round(row.serverUs)} µs/request, ${perSecond(row.perSecond)}/s` +
            (row.failures ? `, ${row.failures} failed` : ''),
        );
      }
    }
  } finally {
    await server.stop();
  }
  const median = (rows: Row[]) =>
    [...rows].sort((a, b) => a.serverUs - b.serverUs)[Math.floor(rows.length / 2)]!;
  const rows = CALLS.map((call) => median(runs.get(call.label)!));
  print(rows);
  if (args.profile) log(`the server's CPU profile is in ${path.resolve(args.profile)}`);
}

function print(rows: Row[]) {
  const health = rows.find((r) => r.label === HEALTH)!.serverUs;
  const table = [
    ['call', 'req/s', 'server µs/req', '× health', 'raw driver µs/req', 'SQL', '≤ 3× health'],
    ...rows.map((r) => [
      r.label,
      perSecond(r.perSecond),
      String(Math.round(r.serverUs)),
      (r.serverUs / health).toFixed(1),
      r.raw ? String(Math.round(r.raw.cpuUs)) : '—',
      r.raw ? String(r.raw.queries) : '0',
      r.label === HEALTH ? '' : r.serverUs <= 3 * health ? 'yes' : 'no',
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  console.log(
    `\n${target.label}, ${connections} connections, ${seconds} s per call, median of ${rounds} rounds, ${new Date().toISOString().slice(0, 10)}`,
  );
  for (const [i, row] of table.entries()) {
    console.log(
      row
        .map((cell, j) => (j === 0 ? cell.padEnd(widths[j]!) : cell.padStart(widths[j]!)))
        .join('  '),
    );
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  console.log(
    "\nserver µs/req: the server process's CPU (user + system, all threads) over the run ÷ requests; " +
      "raw driver: this process's CPU running the same statements through the driver ÷ runs.",
  );
}

// Exit through process.exit, so that the 'exit' hook stops the server the bench started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

main().catch((err: unknown) => {
  console.error(`\nbench:cpu stopped: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
