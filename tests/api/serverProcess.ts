import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { sql } from 'drizzle-orm';
import { afterEach, expect } from 'vitest';
import { openDatabase } from '@server/db/client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestDatabase, JWT_SECRET } from './helpers';

/**
 * The real server as a process (`node --import tsx server/main.ts`, so that the pid is the
 * server itself and not a tsx wrapper, and a signal reaches it), on data of its own: PGlite in
 * a temporary DATA_DIR, or a database of its own on TEST_DATABASE_URL's PostgreSQL server.
 * Used by the crash-safety and shutdown tests; a file that imports it gets its cleanup.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Generous: two cores shared with other test runs, and tsx compiling the server at each start. */
const START_TIMEOUT = 90_000;

/** Where a server keeps its data; the same one is given to every start of a test. */
export interface Store {
  dataDir: string;
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

const stores: Store[] = [];

/** A new store, removed after the test. */
export async function newStore(): Promise<Store> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hs-process-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  let store: Store = { dataDir, cleanup: removeDir };
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    store = {
      dataDir,
      databaseUrl: database.url,
      cleanup: async () => {
        await database.drop();
        await removeDir();
      },
    };
  }
  stores.push(store);
  return store;
}

/** The server process, its output line by line, and a way to wait for a line. */
export class ServerProcess {
  readonly lines: string[] = [];
  readonly exited: Promise<void>;
  /** The exit code once it has exited (null: ended by a signal, see `exitSignal`). */
  exitCode: number | null = null;
  exitSignal: NodeJS.Signals | null = null;
  private waiters: { pattern: RegExp; resolve(match: RegExpMatchArray): void }[] = [];
  private readonly child: ChildProcess;
  private done = false;

  /** The server's own pid when it runs under a shell (`zombieWhenKilled`). */
  private readonly serverPid?: Promise<number>;

  /**
   * `zombieWhenKilled`: the server runs under a shell that never waits for it (`exec sleep`), so
   * that once killed it stays a zombie (its pid still exists) for as long as the shell runs, as
   * under a supervisor that has not yet reaped it. `crash()` kills the server alone.
   */
  constructor(store: Store, env: Record<string, string>, { zombieWhenKilled = false } = {}) {
    const [command, args] = zombieWhenKilled
      ? [
          '/bin/sh',
          [
            '-c',
            '"$0" --import tsx server/main.ts & echo "server pid $!"; exec sleep 600',
            process.execPath,
          ],
        ]
      : [process.execPath, ['--import', 'tsx', 'server/main.ts']];
    this.child = spawn(command, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: store.dataDir,
        // Empty: PGlite in DATA_DIR.
        DATABASE_URL: store.databaseUrl ?? '',
        // Fastify logs the port it took: no race for a free one.
        PORT: '0',
        HOST: '127.0.0.1',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        JWT_SECRET,
        DIST_DIR: path.join(store.dataDir, 'no-dist'),
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    live.add(this);
    let partial = '';
    const onData = (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop()!;
      for (const line of parts) this.onLine(line);
    };
    this.child.stdout!.on('data', onData);
    this.child.stderr!.on('data', onData);
    this.exited = new Promise((resolve) => {
      // 'close' rather than 'exit': after the last of its output has been read.
      this.child.once('close', (code, signal) => {
        this.done = true;
        this.exitCode = code;
        this.exitSignal = signal;
        live.delete(this);
        this.onLine(`[exit ${code ?? signal}]`);
        resolve();
      });
    });
    if (zombieWhenKilled) {
      this.serverPid = this.waitFor(/^server pid (\d+)$/).then((match) => Number(match[1]));
      this.serverPid.catch(() => undefined); // failing the test is crash()'s business
    }
  }

  private onLine(line: string) {
    this.lines.push(line);
    this.waiters = this.waiters.filter((w) => {
      const match = w.pattern.exec(line);
      if (match) w.resolve(match);
      return !match;
    });
  }

  /** The first line (already seen or to come) matching `pattern`; fails on timeout or exit. */
  waitFor(pattern: RegExp, timeoutMs = START_TIMEOUT): Promise<RegExpMatchArray> {
    for (const line of this.lines) {
      const match = pattern.exec(line);
      if (match) return Promise.resolve(match);
    }
    return new Promise((resolve, reject) => {
      const fail = (why: string) => {
        clearTimeout(timer);
        reject(new Error(`${why} waiting for ${pattern}; output:\n${this.lines.join('\n')}`));
      };
      const timer = setTimeout(() => fail('timed out'), timeoutMs);
      void this.exited.then(() => fail('the server exited'));
      this.waiters.push({
        pattern,
        resolve: (match) => {
          clearTimeout(timer);
          resolve(match);
        },
      });
    });
  }

  /** The messages of its JSON log lines (the banner and other plain lines left out). */
  messages(): string[] {
    return this.lines.flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        const { msg } = JSON.parse(line) as { msg?: unknown };
        return typeof msg === 'string' ? [msg] : [];
      } catch {
        return [];
      }
    });
  }

  /** The base URL once the server listens. */
  async ready(): Promise<string> {
    return (await this.waitFor(/Server listening at (http:\/\/[^"\s]+)/))[1]!;
  }

  kill(signal: NodeJS.Signals = 'SIGKILL') {
    if (this.done) return;
    // Under a shell: the server, then the shell (whose end lets the zombie be reaped).
    if (this.serverPid) {
      this.serverPid.then((pid) => signalIfThere(pid, signal)).catch(() => undefined);
    }
    this.child.kill(signal);
  }

  /** kill -9 of the server alone; its pid (under a shell, `zombieWhenKilled`, left a zombie). */
  async crash(): Promise<number> {
    const pid = this.serverPid ? await this.serverPid : this.child.pid!;
    process.kill(pid, 'SIGKILL');
    return pid;
  }

  /** A graceful stop (SIGTERM), as an operator would; SIGKILL if it hangs. */
  async stop() {
    this.kill('SIGTERM');
    const timer = setTimeout(() => this.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(timer);
  }
}

const live = new Set<ServerProcess>();

function signalIfThere(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

afterEach(async () => {
  // Even when a test failed part way: no server left running, no data left behind.
  for (const server of [...live]) {
    server.kill('SIGKILL');
    await server.exited;
  }
  for (const store of stores.splice(0)) await store.cleanup();
});

/** Signs the super-admin in over HTTP; its token. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { token: string } }).result.token;
}

/** Rows of one query on the database of a stopped server (PGlite allows one process). */
export async function rows<T>(store: Store, query: ReturnType<typeof sql>): Promise<T[]> {
  const handle = await openDatabase(
    store.databaseUrl
      ? { databaseUrl: store.databaseUrl }
      : { dataDir: path.join(store.dataDir, 'pgdata') },
  );
  try {
    return (await handle.db.execute(query)).rows as T[];
  } finally {
    await handle.close();
  }
}
