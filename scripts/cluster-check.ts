/**
 * `npm run cluster:check`: two server instances (the built bundle, build/server/main.mjs) on one
 * fresh PostgreSQL database behind HAProxy, and what running them so must hold (docs/operations.md,
 * "Several instances behind a load balancer"):
 *
 *   (a) both started at the same moment migrate once and both become ready;
 *   (b) a token issued by one works on the other (and signing out on one ends it on both);
 *   (c) an image uploaded through one is served by the other, with no shared disk;
 *   (d) the sign-in limit is shared: failed sign-ins spread over both are refused at the same
 *       count as on one instance;
 *   (e) killing one (SIGKILL) during a burst of writes through HAProxy loses no write the client
 *       saw acknowledged, and HAProxy keeps answering through the other.
 *
 * Then B is stopped with SIGTERM (it must exit 0). Reads on a replica (DATABASE_READ_URL): a
 * primary PostgreSQL cluster and its streaming replica (`pg_basebackup -R`) on ports of their
 * own in a temporary folder (Debian's binaries, run as the postgres user when root), two more
 * instances on them behind HAProxy:
 *
 *   (f) lists are read from the replica (X-Read-From);
 *   (g) a write is seen by the very next read, through the X-Read-After its answer carries;
 *   (h) the replica stopped mid-run (pg_ctl stop -m immediate): every read answered, from the
 *       primary;
 *   (i) the replica started again is read from again.
 *
 * Everything is removed, also on failure: the database (`cluster_check_<random>` on
 * DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432), the clusters, the data
 * directories and HAProxy's configs. Installs Debian's `haproxy` when it is missing. Prints each
 * result; exits 1 when any fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLE = path.join(ROOT, 'build', 'server', 'main.mjs');
const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const START_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** The burst of (e): pin codes added through HAProxy, so many at once, A killed after so many. */
const BURST = { writes: 400, concurrency: 16, killAfter: 100 };

const started = performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const failures: string[] = [];

function report(ok: boolean, name: string, detail: string) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
  if (!ok) failures.push(name);
}

class CheckFailed extends Error {}
function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** Runs one check, reporting its result; false when it failed. */
async function check(name: string, run: () => Promise<string>): Promise<boolean> {
  try {
    report(true, name, await run());
    return true;
  } catch (err) {
    report(false, name, err instanceof CheckFailed ? err.message : String((err as Error).stack));
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Processes

/** A child process whose output goes to a log file, and whose lines can be waited for. */
class Proc {
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private lines: string[] = [];
  private waiters: { pattern: RegExp; resolve(m: RegExpMatchArray): void }[] = [];
  private done = false;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly logFile: string,
  ) {
    const log = createWriteStream(logFile);
    let partial = '';
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      const parts = (partial + chunk.toString('utf8')).split('\n');
      partial = parts.pop()!;
      for (const line of parts) this.onLine(line);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.exited = new Promise((resolve) => {
      child.once('close', (code, signal) => {
        this.done = true;
        log.end();
        this.onLine(`[${name} exited: ${code ?? signal}]`);
        resolve({ code, signal });
      });
    });
  }

  get running() {
    return !this.done;
  }

  private onLine(line: string) {
    this.lines.push(line);
    if (this.lines.length > 400) this.lines.shift();
    this.waiters = this.waiters.filter((w) => {
      const match = w.pattern.exec(line);
      if (match) w.resolve(match);
      return !match;
    });
  }

  /** The first line matching `pattern`; fails on timeout or when the process ends first. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    for (const line of this.lines) {
      const match = pattern.exec(line);
      if (match) return Promise.resolve(match);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new CheckFailed(`${this.name}: no ${pattern} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      void this.exited.then(() => {
        clearTimeout(timer);
        reject(new CheckFailed(`${this.name} exited before ${pattern}`));
      });
      this.waiters.push({
        pattern,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  tail(n = 25): string {
    return this.lines.slice(-n).join('\n');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }
}

const procs: Proc[] = [];

// ---------------------------------------------------------------------------------------------
// Prerequisites: the built server, HAProxy, a database

/** The newest modification time of any file under `dir`. */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) newest = Math.max(newest, statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

/** build/server/main.mjs, built first (`npm run build`) when missing or older than its sources. */
function ensureBuilt() {
  const sources = Math.max(
    newestUnder(path.join(ROOT, 'server')),
    newestUnder(path.join(ROOT, 'shared')),
  );
  const built = existsSync(BUNDLE) ? statSync(BUNDLE).mtimeMs : 0;
  if (built >= sources) return;
  console.log(
    built
      ? 'build/server/main.mjs is older than server/: running `npm run build`...'
      : 'build/server/main.mjs is missing: running `npm run build`...',
  );
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new CheckFailed('`npm run build` failed');
}

function commandPath(name: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  // Not on a non-root PATH, but installed.
  for (const dir of ['/usr/sbin', '/sbin', '/usr/local/sbin']) {
    if (existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

/** Debian's haproxy, installed with apt-get (through sudo unless root) when missing. */
function ensureHaproxy(): string {
  const found = commandPath('haproxy');
  if (found) return found;
  console.log('haproxy is not installed: installing it (apt-get install -y haproxy)...');
  const root = process.getuid?.() === 0;
  const apt = (...args: string[]) => {
    const command = [
      ...(root ? [] : ['sudo']),
      'env',
      'DEBIAN_FRONTEND=noninteractive',
      'apt-get',
      ...args,
    ];
    return spawnSync(command[0]!, command.slice(1), { stdio: 'inherit' }).status === 0;
  };
  // A machine whose package lists were never fetched knows no haproxy yet.
  if (!apt('install', '-y', 'haproxy') && !(apt('update') && apt('install', '-y', 'haproxy'))) {
    throw new CheckFailed('could not install haproxy with apt-get; install it and run again');
  }
  const installed = commandPath('haproxy');
  if (!installed) throw new CheckFailed('haproxy is still not on PATH after installing it');
  return installed;
}

/** A port nobody listens on right now (HAProxy's: it cannot take port 0 and report it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cluster_check_${randomBytes(6).toString('hex')}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(),
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  /** HAProxy's X-Served-By: which instance answered. */
  servedBy: string | null;
  json<T = Record<string, unknown>>(): T;
}

async function call(
  base: string,
  urlPath: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | FormData;
    json?: unknown;
  } = {},
): Promise<Answer> {
  const headers = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const res = await fetch(base + urlPath, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    body: bytes,
    servedBy: res.headers.get('x-served-by'),
    json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function waitReady(base: string, proc: Proc, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (!proc.running) throw new CheckFailed(`${proc.name} exited:\n${proc.tail()}`);
    const res = await call(base, '/api/ready').catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() > until) throw new CheckFailed(`${proc.name} not ready in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---------------------------------------------------------------------------------------------
// (f)-(i): reads on a streaming replica (DATABASE_READ_URL)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many lines of a log file match `pattern` (the file holds every line, Proc the last 400). */
function linesIn(file: string, pattern: RegExp): number {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => pattern.test(line)).length;
}

/** Debian's PostgreSQL server binaries, the newest version installed. */
function postgresBin(): { bin: string; version: string } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((x, y) => Number(y) - Number(x))
    : [];
  if (!versions[0]) {
    throw new CheckFailed(`no PostgreSQL server under ${root} (Debian's postgresql package)`);
  }
  return { bin: path.join(root, versions[0], 'bin'), version: versions[0] };
}

/**
 * A primary cluster and a streaming replica made from it with `pg_basebackup -R`, each on a port
 * of its own, in a temporary folder; run as the postgres user when this runs as root (PostgreSQL
 * refuses to run as root).
 */
class Clusters {
  private readonly up = new Set<'primary' | 'replica'>();

  private constructor(
    readonly dir: string,
    readonly bin: string,
    readonly version: string,
    readonly ports: { primary: number; replica: number },
    private readonly asPostgres: boolean,
  ) {}

  static async make(): Promise<Clusters> {
    const { bin, version } = postgresBin();
    const dir = await mkdtemp(path.join(tmpdir(), 'cluster-check-pg-'));
    const asPostgres = process.getuid?.() === 0;
    if (asPostgres) {
      const id = (flag: string) =>
        Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
      await chown(dir, id('-u'), id('-g'));
    }
    const primary = await freePort();
    let replica = await freePort();
    while (replica === primary) replica = await freePort();
    return new Clusters(dir, bin, version, { primary, replica }, asPostgres);
  }

  url(which: 'primary' | 'replica', database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.ports[which]}/${database}`;
  }

  /** A PostgreSQL tool, as the postgres user when root; fails with its output. */
  private tool(name: string, args: string[]): Promise<void> {
    const program = path.join(this.bin, name);
    const [command, ...rest] = this.asPostgres
      ? ['runuser', '-u', 'postgres', '--', program, ...args]
      : [program, ...args];
    return new Promise((resolve, reject) => {
      const child = spawn(command!, rest, { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      child.once('error', reject);
      child.once('close', (code) =>
        code === 0
          ? resolve()
          : reject(new CheckFailed(`${name} ${args.join(' ')} exited ${code}:\n${output}`)),
      );
    });
  }

  async start(which: 'primary' | 'replica') {
    const options = [
      `-p ${this.ports[which]}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${this.dir}`,
      // A throwaway cluster: no need to survive a power cut, and little memory.
      '-c fsync=off',
      '-c shared_buffers=32MB',
      '-c max_connections=60',
    ].join(' ');
    const data = path.join(this.dir, which);
    await this.tool('pg_ctl', [
      '-D',
      data,
      '-l',
      `${data}.log`,
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
    this.up.add(which);
  }

  /** `pg_ctl stop -m immediate`: the server is gone at once, as in a crash. */
  async stop(which: 'primary' | 'replica') {
    await this.tool('pg_ctl', ['-D', path.join(this.dir, which), '-m', 'immediate', 'stop']);
    this.up.delete(which);
  }

  /** initdb, the primary started, `database` made, the replica copied with -R and started. */
  async create(database: string) {
    const primary = path.join(this.dir, 'primary');
    await this.tool('initdb', [
      '-D',
      primary,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    await this.start('primary');
    const client = new pg.Client({ connectionString: this.url('primary') });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${database}"`);
    } finally {
      await client.end();
    }
    // -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
    await this.tool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.ports.primary),
      '-U',
      'postgres',
      '-D',
      path.join(this.dir, 'replica'),
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    await this.start('replica');
  }

  /** Both servers stopped and the folder removed, whatever state they are in. */
  async remove() {
    for (const which of [...this.up].reverse()) await this.stop(which).catch(() => {});
    await rm(this.dir, { recursive: true, force: true });
  }
}

/**
 * Two instances with DATABASE_URL on a primary and DATABASE_READ_URL on its streaming replica,
 * behind HAProxy: (f) lists are read from the replica, (g) a write is seen by the very next read
 * (its X-Read-After sends that read to a database that holds it), (h) the replica stopped mid-run
 * (pg_ctl stop -m immediate) and every read answered from the primary, (i) the replica started
 * again and read from again.
 */
async function replicaChecks(ctx: {
  startInstance(name: string, env: Record<string, string>): Promise<Proc>;
  haproxyBin: string;
  adminEmail: string;
  adminPassword: string;
}) {
  const t0 = performance.now();
  clusters = await Clusters.make();
  const database = 'cluster_check';
  await clusters.create(database);
  const primaryUrl = clusters.url('primary', database);
  const replicaUrl = clusters.url('replica', database);
  console.log(
    `\nreads on a replica: PostgreSQL ${clusters.version} primary on port ${clusters.ports.primary}, ` +
      `its streaming replica (pg_basebackup -R) on ${clusters.ports.replica}, made in ` +
      seconds(performance.now() - t0),
  );
  const env = { DATABASE_URL: primaryUrl, DATABASE_READ_URL: replicaUrl };
  const procA = await ctx.startInstance('replica-a', env);
  const procB = await ctx.startInstance('replica-b', env);
  const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;
  const [a, b] = (
    await Promise.all([
      procA.waitFor(listening, START_TIMEOUT_MS),
      procB.waitFor(listening, START_TIMEOUT_MS),
    ])
  ).map((m) => m[1]!);
  await Promise.all([waitReady(a!, procA, 10_000), waitReady(b!, procB, 10_000)]);
  const toReplica = /replica: reads go to the replica/;
  const toPrimary = /replica: reads go to the primary/;
  await Promise.all([procA.waitFor(toReplica, 15_000), procB.waitFor(toReplica, 15_000)]);

  const haproxyPort = await freePort();
  const front = `http://127.0.0.1:${haproxyPort}`;
  const config = path.join(work, 'haproxy-replica.cfg');
  await writeFile(config, haproxyConfig(haproxyPort, new URL(a!).port, new URL(b!).port));
  const haproxy = new Proc(
    'haproxy (replica)',
    spawn(ctx.haproxyBin, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] }),
    path.join(work, 'haproxy-replica.log'),
  );
  procs.push(haproxy);
  await waitForBoth(front, haproxy);
  const login = await call(front, '/api/admin/login', {
    json: { email: ctx.adminEmail, password: ctx.adminPassword },
  });
  expect(login.status === 200, `sign-in answered ${login.status}: ${login.body}`);
  const auth = bearer(login.json<{ result: { token: string } }>().result.token);

  const list = (query = '', readAfter?: string | null) =>
    call(front, `/api/pincode/get-paginated-pincodes?limit=10${query}`, {
      headers: { ...auth, ...(readAfter && { 'x-read-after': readAfter }) },
    });
  const holds = (res: Answer, number: string) =>
    res
      .json<{ result: { pincodes: { number: string }[] } }>()
      .result.pincodes.some((p) => p.number === number);
  const replicaQuery = async <T>(text: string) => {
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };

  await check('(f) reads through HAProxy are served by the replica', async () => {
    const servedBy = { a: 0, b: 0 };
    for (let i = 0; i < 20; i += 1) {
      const res = await list();
      expect(res.status === 200, `a list answered ${res.status}: ${res.body}`);
      const from = res.headers.get('x-read-from');
      expect(from === 'replica', `a list on ${res.servedBy} was read from the ${from}`);
      servedBy[res.servedBy as 'a' | 'b'] += 1;
    }
    expect(
      servedBy.a > 0 && servedBy.b > 0,
      `only one instance answered: ${JSON.stringify(servedBy)}`,
    );
    const [pools] = await replicaQuery<{ n: number; recovery: boolean }>(
      `SELECT count(*)::int AS n, pg_is_in_recovery() AS recovery FROM pg_stat_activity
        WHERE application_name = 'home-services read'`,
    );
    expect(pools!.recovery, 'the replica is not in recovery');
    expect(pools!.n >= 2, `the replica holds ${pools!.n} connections of the read pools`);
    return (
      `20 list calls (A ${servedBy.a}, B ${servedBy.b}), every one X-Read-From: replica; ` +
      `the replica (in recovery) holds ${pools!.n} connections of the instances' read pools`
    );
  });

  const WRITES = 30;
  await check('(g) a write is seen by the very next read, through its X-Read-After', async () => {
    const from = { primary: 0, replica: 0 };
    let blindMisses = 0;
    let last = '';
    let lastNumber = '';
    for (let i = 0; i < WRITES; i += 1) {
      const number = String(810_000 + i);
      const saved = await call(front, '/api/pincode/add', {
        headers: auth,
        json: { pinCode: number, pinType: 'Home' },
      });
      expect(saved.status === 200, `add ${number} answered ${saved.status}: ${saved.body}`);
      const position = saved.headers.get('x-read-after');
      expect(position && /^[0-9A-F]+\/[0-9A-F]+$/.test(position), `X-Read-After: ${position}`);
      // The next read (HAProxy takes turns: the other instance), with the write's position.
      const next = await list(`&search=${number}`, position);
      expect(next.status === 200 && holds(next, number), `the read after ${number} missed it`);
      from[next.headers.get('x-read-from') as 'primary' | 'replica'] += 1;
      // A client that drops the header may read from a replica that has not replayed it yet.
      if (!holds(await list(`&search=${number}`), number)) blindMisses += 1;
      [last, lastNumber] = [position, number];
    }
    // Once the replica has replayed it, the same position reads from the replica.
    let later: Answer | undefined;
    for (let i = 0; i < 50 && later?.headers.get('x-read-from') !== 'replica'; i += 1) {
      await sleep(100);
      later = await list(`&search=${lastNumber}`, last);
    }
    expect(later?.headers.get('x-read-from') === 'replica', 'the replica never caught up');
    expect(holds(later!, lastNumber), `the replica, past ${last}, misses ${lastNumber}`);
    return (
      `${WRITES} pin codes added through HAProxy, each found by the next read carrying its ` +
      `X-Read-After (${from.primary} read from the primary, ${from.replica} from the replica ` +
      `already past it); the same reads without the header missed ${blindMisses} of ${WRITES}; ` +
      `then the last position read from the replica, which holds it`
    );
  });

  await check('(h) the replica stopped mid-run: reads fall back to the primary', async () => {
    interface Read {
      at: number;
      status?: number;
      from?: string | null;
      servedBy?: string | null;
      error?: string;
    }
    const reads: Read[] = [];
    let done = false;
    const reader = async () => {
      while (!done) {
        const read: Read = { at: performance.now() };
        try {
          const res = await list();
          Object.assign(read, {
            status: res.status,
            from: res.headers.get('x-read-from'),
            servedBy: res.servedBy,
          });
        } catch (err) {
          read.error = (err as Error).message;
        }
        reads.push(read);
      }
    };
    const readers = Array.from({ length: 4 }, reader);
    await sleep(1000);
    // Waited for from before the stop: the reads' own lines (hundreds a second) push the
    // fallback's line out of the last 400 a Proc keeps before the reads end.
    const fellBack = Promise.all([
      procA.waitFor(toPrimary, 15_000),
      procB.waitFor(toPrimary, 15_000),
    ]);
    fellBack.catch(() => {}); // awaited below; not an unhandled rejection if a check fails first
    const stoppedAt = performance.now();
    await clusters!.stop('replica');
    await sleep(3000);
    done = true;
    await Promise.all(readers);
    const failed = reads.filter((r) => r.status !== 200);
    expect(
      failed.length === 0,
      `${failed.length} reads failed: ${failed
        .slice(0, 5)
        .map((r) => r.status ?? r.error)
        .join('; ')}`,
    );
    const before = reads.filter((r) => r.at < stoppedAt);
    expect(
      before.length > 0 && before.every((r) => r.from === 'replica'),
      'reads before the stop were not all from the replica',
    );
    const lastOnReplica = Math.max(...reads.filter((r) => r.from === 'replica').map((r) => r.at));
    const after = reads.filter((r) => r.at > lastOnReplica);
    expect(after.length >= 20, `only ${after.length} reads after the fallback`);
    expect(
      new Set(after.map((r) => r.servedBy)).size === 2,
      'after the stop only one instance answered',
    );
    await fellBack;
    const [line] = readFileSync(procA.logFile, 'utf8')
      .split('\n')
      .filter((l) => toPrimary.test(l))
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
    return (
      `${reads.length} list calls, 4 at a time; the replica stopped (pg_ctl stop -m immediate) ` +
      `after ${before.length}: every call answered 200, X-Read-From: primary on both instances ` +
      `from ${Math.max(0, Math.round(lastOnReplica - stoppedAt))} ms after the stop ` +
      `(${after.length} calls); each instance logged "${line}"`
    );
  });

  await check('(i) the replica started again is read from again', async () => {
    const t1 = performance.now();
    await clusters!.start('replica');
    const startedIn = seconds(performance.now() - t1);
    const back = new Map<string, number>();
    const until = Date.now() + 30_000;
    while (back.size < 2) {
      expect(Date.now() < until, `not read from again within 30 s (${[...back.keys()]})`);
      const res = await list();
      expect(res.status === 200, `a list answered ${res.status}`);
      if (res.headers.get('x-read-from') === 'replica' && !back.has(res.servedBy!)) {
        back.set(res.servedBy!, performance.now() - t1);
      } else await sleep(50);
    }
    // Written while it was down: the replica has caught up with it.
    const saved = await call(front, '/api/pincode/add', {
      headers: auth,
      json: { pinCode: '819999', pinType: 'Home' },
    });
    expect(saved.status === 200, `add answered ${saved.status}`);
    const next = await list('&search=819999', saved.headers.get('x-read-after'));
    expect(holds(next, '819999'), 'the read after the write missed it');
    await sleep(200); // the log lines reach their files
    const logged = [procA, procB].map((p) => linesIn(p.logFile, toReplica));
    expect(
      // Once at the start, once now (more only if a look in between found it behind).
      logged.every((n) => n >= 2),
      `"reads go to the replica" logged ${logged} times`,
    );
    const [onReplica] = await replicaQuery<{ n: number }>(
      `SELECT count(*)::int AS n FROM pincodes WHERE number BETWEEN '810000' AND '819999'`,
    );
    expect(
      onReplica!.n === WRITES + 1,
      `the replica holds ${onReplica!.n} of ${WRITES + 1} writes`,
    );
    return (
      `started in ${startedIn}; read from again by A after ${seconds(back.get('a')!)} and by B ` +
      `after ${seconds(back.get('b')!)} ("reads go to the replica" logged ${logged.join(' and ')} ` +
      `times in all); it holds ` +
      `all ${WRITES + 1} pin codes written`
    );
  });

  await check('stop: both exit 0 on SIGTERM', async () => {
    const exits = await Promise.all([procA.stop('SIGTERM'), procB.stop('SIGTERM')]);
    expect(
      exits.every((e) => e.code === 0),
      `exits: ${JSON.stringify(exits)}`,
    );
    return `the read pools and their monitors closed with the rest; (f)-(i) took ${seconds(performance.now() - t0)} with the clusters made`;
  });
  await haproxy.stop('SIGTERM');
  await clusters.remove();
  clusters = undefined;
}

// ---------------------------------------------------------------------------------------------
// The run

const work = await mkdtemp(path.join(tmpdir(), 'cluster-check-'));
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
/** The primary and replica clusters of (f)-(i), in a folder of their own. */
let clusters: Clusters | undefined;
let cleanedUp = false;

async function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const p of procs) if (p.running) await p.stop('SIGKILL');
  await database?.drop().catch((err: Error) => console.error(`could not drop: ${err.message}`));
  await clusters?.remove();
  await rm(work, { recursive: true, force: true });
}
process.once('SIGINT', () => {
  console.error('interrupted: cleaning up');
  void cleanUp().finally(() => process.exit(130));
});

try {
  await run();
} catch (err) {
  report(false, 'cluster check', err instanceof CheckFailed ? err.message : String(err));
} finally {
  if (failures.length > 0) {
    for (const p of procs)
      console.log(`\n--- last lines of ${p.name} (${p.logFile}) ---\n${p.tail()}`);
  }
  await cleanUp();
}
console.log(
  `\n${failures.length === 0 ? 'cluster check passed' : `cluster check FAILED: ${failures.join(', ')}`}` +
    ` in ${seconds(performance.now() - started)}`,
);
process.exitCode = failures.length === 0 ? 0 : 1;

async function run() {
  ensureBuilt();
  const haproxyBin = ensureHaproxy();
  const serverUrl = process.env.DATABASE_URL || DEFAULT_SERVER_URL;
  database = await createDatabase(serverUrl);
  const databaseUrl = database.url;
  const query = async <T>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  console.log(
    `cluster check: two instances of build/server/main.mjs on ${new URL(databaseUrl).pathname.slice(1)} ` +
      `behind ${spawnSync(haproxyBin, ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0]}`,
  );

  const secret = randomBytes(48).toString('base64url');
  const adminEmail = 'cluster-check@example.com';
  const adminPassword = `Cluster-${randomBytes(9).toString('base64url')}`;

  /** An instance of the built server on port 0 (it logs the port it took). */
  async function startInstance(name: string, env: Record<string, string> = {}): Promise<Proc> {
    const dataDir = path.join(work, `data-${name}`);
    await mkdir(dataDir);
    const child = spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        JWT_SECRET: secret,
        SEED_DEMO: 'false',
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        // HAProxy runs here: read the client's address from its X-Forwarded-For.
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '10000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc = new Proc(`instance ${name}`, child, path.join(work, `${name}.log`));
    procs.push(proc);
    return proc;
  }

  // (a) Both at the same moment, on a database no server has migrated yet.
  const [procA, procB] = [await startInstance('a'), await startInstance('b')];
  const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;
  let a = '';
  let b = '';
  const startedBoth = await check('(a) two instances started at once migrate once', async () => {
    const t0 = performance.now();
    [a, b] = (
      await Promise.all([
        procA.waitFor(listening, START_TIMEOUT_MS),
        procB.waitFor(listening, START_TIMEOUT_MS),
      ])
    ).map((m) => m[1]!);
    await Promise.all([waitReady(a, procA, 10_000), waitReady(b, procB, 10_000)]);
    const ready = seconds(performance.now() - t0);
    const journal = JSON.parse(
      readFileSync(path.join(ROOT, 'build/server/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    const [rows] = await query<{ n: number; hashes: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS hashes FROM drizzle.__drizzle_migrations',
    );
    expect(
      rows!.n === journal.entries.length && rows!.hashes === journal.entries.length,
      `drizzle.__drizzle_migrations has ${rows!.n} rows (${rows!.hashes} distinct) for ` +
        `${journal.entries.length} migrations`,
    );
    const [seeded] = await query<{ admins: number; categories: number }>(
      `SELECT (SELECT count(*)::int FROM admins WHERE email = $1) AS admins,
              (SELECT count(*)::int FROM categories) AS categories`,
      [adminEmail],
    );
    expect(
      seeded!.admins === 1 && seeded!.categories === 5,
      `the start seeded ${seeded!.admins} super-admins and ${seeded!.categories} categories (1 and 5 expected)`,
    );
    return (
      `${journal.entries.length} migrations, one row each; one super-admin, five categories; ` +
      `A (${a}) and B (${b}) ready in ${ready}`
    );
  });
  if (!startedBoth) return;

  // HAProxy in front of both, as docs/operations.md shows it.
  const haproxyPort = await freePort();
  const front = `http://127.0.0.1:${haproxyPort}`;
  const config = path.join(work, 'haproxy.cfg');
  await writeFile(config, haproxyConfig(haproxyPort, new URL(a).port, new URL(b).port));
  const valid = spawnSync(haproxyBin, ['-c', '-q', '-f', config], { encoding: 'utf8' });
  expect(valid.status === 0, `haproxy refuses its config: ${valid.stderr}${valid.stdout}`);
  const haproxy = new Proc(
    'haproxy',
    spawn(haproxyBin, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] }),
    path.join(work, 'haproxy.log'),
  );
  procs.push(haproxy);
  await waitForBoth(front, haproxy);

  let token = '';
  await check('(b) a token issued by A works on B', async () => {
    const login = await call(a, '/api/admin/login', {
      json: { email: adminEmail, password: adminPassword },
    });
    expect(login.status === 200, `sign-in on A answered ${login.status}: ${login.body}`);
    token = login.json<{ result: { token: string } }>().result.token;
    const onB = await call(b, '/api/admin/get-user-data', { headers: bearer(token) });
    expect(onB.status === 200, `B answered ${onB.status} to A's token: ${onB.body}`);
    // Ended on B: refused by A too (revoked_sessions is shared).
    const other = (
      await call(b, '/api/admin/login', { json: { email: adminEmail, password: adminPassword } })
    ).json<{ result: { token: string } }>().result.token;
    // A holds the session first (in memory), so that the sign-out must reach it.
    const held = await call(a, '/api/admin/get-user-data', { headers: bearer(other) });
    expect(held.status === 200, `A answered ${held.status} to B's token`);
    const logout = await call(b, '/api/admin/logout', { method: 'POST', headers: bearer(other) });
    expect(logout.status === 200, `sign-out on B answered ${logout.status}`);
    // A holds sessions in memory and hears of the sign-out from PostgreSQL (NOTIFY): within a second.
    const signedOut = Date.now();
    let ended = await call(a, '/api/admin/get-user-data', { headers: bearer(other) });
    while (ended.status === 200 && Date.now() - signedOut < 1000) {
      await new Promise((r) => setTimeout(r, 20));
      ended = await call(a, '/api/admin/get-user-data', { headers: bearer(other) });
    }
    expect(ended.status === 401, `A answered ${ended.status} to a session ended on B`);
    const ms = Date.now() - signedOut;
    return `B accepts A's token; a session ended on B is refused by A (401) after ${ms} ms`;
  });

  await check('(c) an image uploaded through A is served by B', async () => {
    const image = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('name', 'Cluster Gas');
    form.set('title', 'Cooking gas cylinders');
    form.set('description', 'Delivered to your door.');
    form.set('image', new Blob([image], { type: 'image/png' }), 'gas.png');
    const created = await call(a, '/api/category/create-category', {
      method: 'POST',
      headers: bearer(token),
      body: form,
    });
    expect(created.status === 200, `upload on A answered ${created.status}: ${created.body}`);
    const url = created.json<{ result: { category: { image: string } } }>().result.category.image;
    const hash = createHash('sha256').update(image).digest('hex');
    const got = await call(b, url);
    expect(got.status === 200, `B answered ${got.status} for ${url}`);
    expect(got.body.equals(image), `B sent other bytes for ${url}`);
    expect(got.headers.get('content-type') === 'image/png', 'not sent as image/png');
    expect(
      got.headers.get('cache-control') === 'public, max-age=31536000, immutable',
      `Cache-Control: ${got.headers.get('cache-control')}`,
    );
    expect(got.headers.get('etag') === `"${hash}"`, `ETag: ${got.headers.get('etag')}`);
    const again = await call(b, url, { headers: { 'if-none-match': `"${hash}"` } });
    expect(again.status === 304, `B answered ${again.status} to If-None-Match`);
    const disk = [path.join(work, 'data-a', 'uploads'), path.join(work, 'data-b', 'uploads')];
    for (const dir of disk) {
      const files = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
      expect(files.length === 0, `${dir} holds files: ${files.join(', ')}`);
    }
    return `${url} (${image.length} bytes): 200 with the same bytes, ETag and immutable caching, then 304; nothing on either disk`;
  });

  await check('(d) the sign-in limit is shared', async () => {
    /** Failed sign-ins for one e-mail from one client address until refused; who answered. */
    const untilRefused = async (base: string, client: string) => {
      const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
      const servedBy: string[] = [];
      for (let n = 0; n < 100; n += 1) {
        const res = await call(base, '/api/admin/login', {
          headers: { 'x-forwarded-for': client },
          json: { email, password: 'wrong-password' },
        });
        if (res.status === 429) return { failures: n, servedBy, email };
        expect(res.status === 401, `sign-in ${n + 1} answered ${res.status}: ${res.body}`);
        servedBy.push(res.servedBy ?? base);
      }
      throw new CheckFailed('no limit after 100 failed sign-ins');
    };
    const alone = await untilRefused(a, '203.0.113.10');
    // Through HAProxy, which takes turns: the client's address arrives in X-Forwarded-For.
    const spread = await untilRefused(front, '203.0.113.20');
    const onA = spread.servedBy.filter((s) => s === 'a').length;
    const onB = spread.servedBy.filter((s) => s === 'b').length;
    expect(onA > 0 && onB > 0, `the failures were not spread (${onA} on A, ${onB} on B)`);
    expect(
      spread.failures === alone.failures,
      `one instance refused after ${alone.failures} failures, two after ${spread.failures}`,
    );
    // Once refused, refused by both.
    for (const [name, base] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const res = await call(base, '/api/admin/login', {
        headers: { 'x-forwarded-for': '203.0.113.20' },
        json: { email: spread.email, password: 'wrong-password' },
      });
      expect(res.status === 429, `${name} answered ${res.status} after the limit`);
    }
    const [rows] = await query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth_throttle WHERE key = $1',
      [`login:ip-email:203.0.113.20:${spread.email}`],
    );
    expect(rows!.n === spread.failures, `auth_throttle holds ${rows!.n} tries for that pair`);
    return (
      `refused (429) after ${alone.failures} failures on A alone and after ${spread.failures} ` +
      `spread through HAProxy (${onA} on A, ${onB} on B); then refused by both; ` +
      `${rows!.n} rows in auth_throttle`
    );
  });

  await check('(e) SIGKILL of A during a burst of writes through HAProxy', async () => {
    interface Write {
      number: string;
      startedAt: number;
      status?: number;
      servedBy?: string | null;
      error?: string;
    }
    const writes: Write[] = [];
    let acknowledged = 0;
    let killedAt = Number.POSITIVE_INFINITY;
    let killing: Promise<void> | undefined;
    let next = 0;
    const killA = async () => {
      procA.child.kill('SIGKILL');
      await procA.exited;
      killedAt = performance.now();
    };
    const worker = async () => {
      while (next < BURST.writes) {
        const write: Write = { number: String(700_000 + next++), startedAt: performance.now() };
        writes.push(write);
        try {
          const res = await call(front, '/api/pincode/add', {
            headers: bearer(token),
            json: { pinCode: write.number, pinType: 'Home' },
          });
          write.status = res.status;
          write.servedBy = res.servedBy;
          if (res.status >= 200 && res.status < 300) acknowledged += 1;
        } catch (err) {
          write.error = (err as Error).message;
        }
        if (acknowledged >= BURST.killAfter && !killing) killing = killA();
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: BURST.concurrency }, worker));
    await killing;
    const burstTime = seconds(performance.now() - t0);
    expect(Number.isFinite(killedAt), 'A was never killed');

    const ok = (w: Write) => w.status !== undefined && w.status >= 200 && w.status < 300;
    const before = writes.filter((w) => ok(w) && w.startedAt < killedAt);
    const after = writes.filter((w) => w.startedAt > killedAt);
    const servedBefore = new Set(before.map((w) => w.servedBy));
    expect(
      servedBefore.has('a') && servedBefore.has('b'),
      `before the kill the writes were answered by ${[...servedBefore].join(', ')} only`,
    );
    expect(after.length >= 100, `only ${after.length} writes started after the kill`);
    const failedAfter = after.filter((w) => !ok(w));
    expect(
      failedAfter.length === 0,
      `${failedAfter.length} writes started after the kill failed: ` +
        failedAfter
          .slice(0, 5)
          .map((w) => `${w.number} ${w.status ?? w.error}`)
          .join('; '),
    );
    expect(
      after.every((w) => w.servedBy === 'b'),
      'a write after the kill was answered by A',
    );
    const acked = writes.filter(ok).map((w) => w.number);
    const stored = new Set(
      (
        await query<{ number: string }>('SELECT number FROM pincodes WHERE number = ANY($1)', [
          writes.map((w) => w.number),
        ])
      ).map((r) => r.number),
    );
    const lost = acked.filter((n) => !stored.has(n));
    expect(
      lost.length === 0,
      `${lost.length} acknowledged writes are missing: ${lost.slice(0, 10)}`,
    );
    const unanswered = writes.filter((w) => !ok(w));
    const keptAnyway = unanswered.filter((w) => stored.has(w.number)).length;

    // The balancer keeps answering, through B alone.
    for (let i = 0; i < 10; i += 1) {
      const res = await call(front, '/api/ready');
      expect(res.status === 200 && res.servedBy === 'b', `/api/ready answered ${res.status}`);
    }
    return (
      `${writes.length} writes, ${BURST.concurrency} at a time, in ${burstTime}: ${acked.length} ` +
      `acknowledged, every one stored; A killed after ${before.length}; ${after.length} started ` +
      `after the kill all answered by B; ${unanswered.length} in flight at the kill failed ` +
      `(${keptAnyway} of them were stored all the same: the kill came after the commit)`
    );
  });

  await check('stop: B exits 0 on SIGTERM', async () => {
    const t0 = performance.now();
    const { code, signal } = await procB.stop('SIGTERM');
    expect(code === 0, `B exited with ${code ?? signal}`);
    return `in ${seconds(performance.now() - t0)}`;
  });
  await haproxy.stop('SIGTERM');

  await replicaChecks({ startInstance, haproxyBin, adminEmail, adminPassword });
}

/** The HAProxy config of docs/operations.md, with both instances and quick health checks. */
function haproxyConfig(port: number, portA: string, portB: string): string {
  return `global
  maxconn 2000

defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # A write whose connection cannot be made is retried, on the other instance.
  retries 3
  option redispatch 1

frontend admin
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 1s fall 2 rise 1
  # Which instance answered (the check reads it).
  http-response set-header X-Served-By %s
  server a 127.0.0.1:${portA} check
  server b 127.0.0.1:${portB} check
`;
}

/** Until HAProxy answers and has both instances in rotation. */
async function waitForBoth(front: string, haproxy: Proc) {
  const seen = new Set<string>();
  const until = Date.now() + 15_000;
  while (!(seen.has('a') && seen.has('b'))) {
    if (!haproxy.running) throw new CheckFailed(`haproxy exited:\n${haproxy.tail()}`);
    if (Date.now() > until) throw new CheckFailed(`haproxy did not reach both instances`);
    const res = await call(front, '/api/ready').catch(() => undefined);
    if (res?.status === 200 && res.servedBy) seen.add(res.servedBy);
    else await new Promise((r) => setTimeout(r, 100));
  }
}
