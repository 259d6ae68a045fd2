/**
 * Phase (b) of the bench: the real server as a child process (or one given by `--url`), measured
 * over HTTP: one client back to back (p50/p99 to the last byte), N connections with autocannon
 * (req/s, p99), the answer's size plain and gzip, the server's RSS; and the optional soak.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { pagingOf, type BenchCall } from './calls';
import { megabytes, timeLoop, type LoopFigures } from './stats';
import type { BenchTarget } from './target';

export interface RunningServer {
  base: string;
  /** The server's process id when known (RSS is read from /proc). */
  pid?: number;
  /** What the server has printed so far (warnings and errors; its last 20 000 characters). */
  output?(): string;
  stop(): Promise<void>;
}

/** VmRSS and VmHWM (peak) of a process in kB, from /proc; undefined when unreadable. */
export function memoryOf(pid: number | undefined): { rss?: number; peak?: number } {
  if (!pid) return {};
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => {
      const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
      return m ? Number(m[1]) : undefined;
    };
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return {};
  }
}

/**
 * Starts the server as `npm start` runs it, the bundle build/server/main.mjs (built first, from
 * the sources as they are), on the target (no demo seeding, warnings only), and waits until it
 * answers. It runs in a node process of its own, so its pid is the server's.
 */
export async function startServer(
  target: BenchTarget,
  opts: {
    port: number;
    jwtSecret: string;
    log(line: string): void;
    /** More node flags, e.g. `--cpu-prof` (bench/cpu.ts --profile). */
    nodeFlags?: string[];
  },
): Promise<RunningServer> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'hs-bench-server-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET: opts.jwtSecret,
    DIST_DIR: path.join(scratch, 'no-dist'),
  };
  if (target.kind === 'postgres') {
    env.DATABASE_URL = target.databaseUrl;
    env.DATA_DIR = scratch;
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = target.dataDir;
  }
  opts.log('building the server (scripts/build-server.ts)');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    stdio: 'ignore',
  });
  // As package.json's `start` runs it (docs/operations.md, "Sizing", memory flags): a 4 MB
  // young-generation semi-space and two malloc arenas.
  const main = [
    '--max-semi-space-size=4',
    '--enable-source-maps',
    ...(opts.nodeFlags ?? []),
    'build/server/main.mjs',
  ];
  const child: ChildProcess = spawn(process.execPath, main, {
    env: { ...env, MALLOC_ARENA_MAX: '2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  // A bench stopped by a signal or an error must not leave its server running.
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      process.off('exit', killChild);
      resolve();
    }),
  );

  const base = `http://127.0.0.1:${opts.port}`;
  const started = performance.now();
  opts.log(`starting the server on ${target.label} (port ${opts.port})`);
  for (;;) {
    if (exited) throw new Error(`the server stopped while starting:\n${output}`);
    const status = await request(`${base}/api/contact-us/get-contact-us`, {})
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) break;
    if (performance.now() - started > 15 * 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 15 minutes:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  opts.log(`server up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  return {
    base,
    pid: child.pid,
    output: () => output,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exit;
        clearTimeout(timer);
      }
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

/** One keep-alive socket, so the one-client loop measures requests, not connection set-up. */
const oneSocket = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** A GET read to its last byte: status, body bytes as sent, and the body. */
function request(
  url: string,
  headers: Record<string, string>,
  agent: http.Agent = oneSocket,
): Promise<{ status: number; body: Buffer; type: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          type: String(res.headers['content-type'] ?? ''),
          headers: res.headers,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(120_000, () => req.destroy(new Error(`timeout: ${url}`)));
  });
}

/** Signs in over HTTP (for `--url`): ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const body = JSON.stringify({ email, password });
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      `${base}/api/admin/login`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`);
  return (JSON.parse(answer.text) as { result: { token: string } }).result.token;
}

/** A GET of the API over HTTP, for discovering the calls when the bench targets `--url`. */
export function httpGet(base: string, token: string) {
  return async (p: string) => {
    const res = await request(base + p, { authorization: `Bearer ${token}` });
    const json = res.type.startsWith('application/json')
      ? (JSON.parse(res.body.toString()) as unknown)
      : undefined;
    return { status: res.status, json };
  };
}

export interface HttpFigures {
  status: number;
  /** Why the call was not measured, e.g. "404 There is no GET /api call at this path." */
  skipped?: string;
  one?: LoopFigures;
  many?: { perSecond: number; p99: number; errors: number; non2xx: number; requests: number };
  bytes?: number;
  gzipBytes?: number;
  /** totalRecords of a list, or the rows behind a file. */
  total?: number;
  /** Server RSS after this call's load, and the peak so far (kB). */
  rss?: number;
  peak?: number;
}

/** Measures one call: sizes, one client back to back, then N connections with autocannon. */
export async function measureCall(
  server: RunningServer,
  call: BenchCall,
  opts: { token: string; seconds: number; connections: number; gzip: boolean },
): Promise<HttpFigures> {
  const url = server.base + call.path;
  const auth = { authorization: `Bearer ${opts.token}` };
  const headers = opts.gzip ? { ...auth, 'accept-encoding': 'gzip' } : auth;

  const plain = await request(url, auth);
  if (plain.status !== 200) {
    let message = plain.body.toString().slice(0, 160);
    try {
      message = (JSON.parse(message) as { message?: string }).message ?? message;
    } catch {
      // not JSON: keep the text
    }
    return { status: plain.status, skipped: `${plain.status} ${message}` };
  }
  const zipped = await request(url, { ...auth, 'accept-encoding': 'gzip' });
  // A list's totalRecords; the job sheet says its number of jobs in a header.
  const jobCount = Number(plain.headers['x-job-count'] ?? NaN);
  const total = plain.type.startsWith('application/json')
    ? pagingOf(JSON.parse(plain.body.toString())).totalRecords
    : Number.isNaN(jobCount)
      ? call.rows
      : jobCount;

  const one = await timeLoop(
    async () => {
      const res = await request(url, headers);
      if (res.status !== 200) throw new Error(`${call.label}: ${res.status} under load`);
    },
    { seconds: opts.seconds, workers: 1, minRuns: 3 },
  );
  // Long enough for each connection to finish a request or two, however slow the call (the job
  // sheet takes seconds; 20 of them at once take 20 times that on a busy server).
  const duration = Math.min(
    120,
    Math.max(opts.seconds, Math.ceil((2 * opts.connections * one.p50) / 1000)),
  );
  const result = await autocannon({
    url,
    headers,
    connections: opts.connections,
    duration,
    timeout: 120,
  });
  const many = {
    perSecond: result.requests.total / Math.max(result.duration, 0.001),
    // No request finished within the time (a slow file): no latency to show.
    p99: result.requests.total ? result.latency.p99 : NaN,
    errors: result.errors, // timeouts included
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
  const memory = memoryOf(server.pid);
  return {
    status: 200,
    one,
    many,
    bytes: plain.body.length,
    gzipBytes: zipped.body.length,
    total,
    rss: memory.rss,
    peak: memory.peak,
  };
}

export interface SoakFigures {
  seconds: number;
  connections: number;
  requests: number;
  perSecond: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The answers other than 2xx by status, e.g. "12 × 503". */
  statuses: string;
  /** RSS (kB) at the start (`0 min`), at the end of every minute, and at the end. */
  rss: { at: string; rss?: number; peak?: number }[];
}

/** Mixed load over every call (each connection cycles through them) for `seconds`. */
export async function soak(
  server: RunningServer,
  calls: BenchCall[],
  opts: {
    token: string;
    seconds: number;
    connections: number;
    gzip: boolean;
    log(line: string): void;
  },
): Promise<SoakFigures> {
  const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
  if (opts.gzip) headers['accept-encoding'] = 'gzip';
  const rss: SoakFigures['rss'] = [{ at: '0 min', ...memoryOf(server.pid) }];
  opts.log(
    `soak: ${calls.length} calls, ${opts.connections} connections, ${opts.seconds} s; RSS at start ${megabytes(rss[0]!.rss)}`,
  );
  let minute = 0;
  const timer = setInterval(() => {
    minute += 1;
    const m = memoryOf(server.pid);
    rss.push({ at: `${minute} min`, ...m });
    opts.log(`  soak minute ${minute}: RSS ${megabytes(m.rss)} (peak ${megabytes(m.peak)})`);
  }, 60_000);
  try {
    const result = await autocannon({
      url: server.base,
      headers,
      connections: opts.connections,
      duration: opts.seconds,
      timeout: 120,
      requests: calls.map((c) => ({ method: 'GET' as const, path: c.path })),
    });
    const end = memoryOf(server.pid);
    if (opts.seconds % 60 !== 0) rss.push({ at: 'end', ...end });
    return {
      seconds: opts.seconds,
      connections: opts.connections,
      requests: result.requests.total,
      perSecond: result.requests.total / Math.max(result.duration, 0.001),
      p99: result.latency.p99,
      errors: result.errors, // timeouts included
      non2xx: result.non2xx,
      statuses: Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, { count }]) => `${count ?? 0} × ${code}`)
        .join(', '),
      rss,
    };
  } finally {
    clearInterval(timer);
  }
}

/** One download over HTTP to /dev/null (a long PDF, CSV or zip): time to first and last byte, bytes. */
export function downloadToNull(
  origin: string,
  token: string,
  callPath: string,
): Promise<{ ms: number; firstByteMs: number; bytes: number; type: string }> {
  return new Promise<{ ms: number; firstByteMs: number; bytes: number; type: string }>(
    (resolve, reject) => {
      const t0 = performance.now();
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
      http
        .get(`${origin}${callPath}`, { headers }, (res) => {
          if (res.statusCode !== 200) {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () =>
              reject(new Error(`${callPath}: ${res.statusCode} ${body.slice(0, 300)}`)),
            );
            return;
          }
          let bytes = 0;
          let firstByteMs: number | undefined;
          res.on('data', (chunk: Buffer) => {
            firstByteMs ??= performance.now() - t0;
            bytes += chunk.length;
          });
          const sink = createWriteStream('/dev/null');
          res.pipe(sink);
          sink.on('finish', () =>
            resolve({
              ms: performance.now() - t0,
              firstByteMs: firstByteMs ?? 0,
              bytes,
              type: String(res.headers['content-type'] ?? ''),
            }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
}
