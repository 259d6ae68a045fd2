import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestDatabase, JWT_SECRET } from './helpers';

/**
 * Crash safety of the real server: started as a process (`node --import tsx server/main.ts`, so
 * that the pid is the server itself and not a tsx wrapper), killed with SIGKILL while it works,
 * and started again on the same data: PGlite in a temporary DATA_DIR, or a database of its own
 * on TEST_DATABASE_URL's PostgreSQL server.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Generous: two cores shared with other test runs, and tsx compiling the server at each start. */
const START_TIMEOUT = 90_000;

/** Where a server keeps its data; the same one is given to every start of a test. */
interface Store {
  dataDir: string;
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

async function newStore(): Promise<Store> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hs-crash-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (!process.env.TEST_DATABASE_URL) return { dataDir, cleanup: removeDir };
  const database = await createTestDatabase();
  return {
    dataDir,
    databaseUrl: database.url,
    cleanup: async () => {
      await database.drop();
      await removeDir();
    },
  };
}

/** The server process, its output line by line, and a way to wait for a line. */
class ServerProcess {
  readonly lines: string[] = [];
  readonly exited: Promise<void>;
  private waiters: { pattern: RegExp; resolve(match: RegExpMatchArray): void }[] = [];
  private readonly child: ChildProcess;
  private done = false;

  constructor(store: Store, env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
        live.delete(this);
        this.onLine(`[exit ${code ?? signal}]`);
        resolve();
      });
    });
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

  /** The base URL once the server listens. */
  async ready(): Promise<string> {
    return (await this.waitFor(/Server listening at (http:\/\/[^"\s]+)/))[1]!;
  }

  kill(signal: NodeJS.Signals = 'SIGKILL') {
    if (!this.done) this.child.kill(signal);
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
const stores: Store[] = [];

afterEach(async () => {
  // Even when a test failed part way: no server left running, no data left behind.
  for (const server of [...live]) {
    server.kill('SIGKILL');
    await server.exited;
  }
  for (const store of stores.splice(0)) await store.cleanup();
});

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { token: string } }).result.token;
}

/** Rows of one query on the database of a stopped server (PGlite allows one process). */
async function rows<T>(store: Store, query: ReturnType<typeof sql>): Promise<T[]> {
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

/** The parts of the demo seed in the order it writes them (server/db/seed/index.ts). */
const DEMO_PARTS = [
  'catalogue',
  'ecommerce',
  'service-areas',
  'banners',
  'admins',
  'customers',
  'orders',
  'support',
  'content',
];

type Write =
  | { kind: 'pincode'; number: string; pinType: 'Home' | 'Office' | 'Other' }
  | { kind: 'plan'; name: string; duration: number; price: number };

describe('crash safety (SIGKILL)', () => {
  it('keeps every acknowledged write after a kill mid-burst', async () => {
    const store = await newStore();
    stores.push(store);
    let server = new ServerProcess(store, { SEED_DEMO: 'false' });
    let base = await server.ready();
    let token = await signIn(base);

    const writes: Write[] = Array.from({ length: 400 }, (_, i) =>
      i % 2
        ? { kind: 'plan', name: `Crash plan ${i}`, duration: 1 + (i % 90), price: 100 + i / 4 }
        : { kind: 'pincode', number: String(700_000 + i), pinType: i % 3 ? 'Home' : 'Office' },
    );
    const acknowledged: { write: Write; id: string }[] = [];
    let inFlightAtKill = -1;
    let inFlight = 0;
    let next = 0;
    let killed = false;
    const KILL_AFTER = 60;

    async function send(write: Write) {
      const [url, body] =
        write.kind === 'pincode'
          ? ['/api/pincode/add', { pinCode: write.number, pinType: write.pinType }]
          : [
              '/api/plan/create-plan',
              { name: write.name, duration: write.duration, price: write.price },
            ];
      const res = await fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      if (res.status !== 200 && res.status !== 201) {
        throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      }
      const { result } = (await res.json()) as { result: Record<string, { _id: string }> };
      return Object.values(result)[0]!._id;
    }

    // A dozen clients at once; the server dies while the others' requests are in flight.
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        while (!killed && next < writes.length) {
          const write = writes[next++]!;
          inFlight += 1;
          try {
            const id = await send(write);
            acknowledged.push({ write, id });
            if (acknowledged.length === KILL_AFTER) {
              inFlightAtKill = inFlight - 1;
              killed = true;
              server.kill('SIGKILL');
            }
          } catch (err) {
            // After the kill an answer may never come: its write may or may not be there.
            if (!killed) throw err;
          } finally {
            inFlight -= 1;
          }
        }
      }),
    );
    await server.exited;
    expect(killed).toBe(true);
    expect(inFlightAtKill).toBeGreaterThan(0);
    // Answers already on their way when the kill came count as acknowledged too.
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    server = new ServerProcess(store, { SEED_DEMO: 'false' });
    base = await server.ready();
    token = await signIn(base);
    for (const { write, id } of acknowledged) {
      const url =
        write.kind === 'pincode' ? `/api/pincode/get-pincode/${id}` : `/api/plan/get-plan/${id}`;
      const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, `${write.kind} ${id} after the restart`).toBe(200);
      const { result } = (await res.json()) as { result: Record<string, Record<string, unknown>> };
      const record = Object.values(result)[0]!;
      if (write.kind === 'pincode') {
        expect(record).toMatchObject({ number: write.number, pinType: write.pinType });
      } else {
        expect(record).toMatchObject({
          name: write.name,
          duration: write.duration,
          price: write.price,
        });
      }
    }
    await server.stop();

    // Each acknowledged write has its audit row (written before the answer), and the tables hold
    // no more than was sent.
    const ids = acknowledged.map((a) => a.id);
    const [audit] = await rows<{ audited: number; pincodes: number; plans: number }>(
      store,
      sql`select
        (select count(distinct record_id)::int from audit_log
          where record_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})) audited,
        (select count(*)::int from pincodes where number like '7%') pincodes,
        (select count(*)::int from plans where name like 'Crash plan %') plans`,
    );
    expect(audit!.audited).toBe(ids.length);
    const sent = next;
    expect(audit!.pincodes + audit!.plans).toBeGreaterThanOrEqual(ids.length);
    expect(audit!.pincodes + audit!.plans).toBeLessThanOrEqual(sent);
  }, 240_000);

  it('finishes a demo seed killed part way on the next start, each part exactly once', async () => {
    const store = await newStore();
    stores.push(store);
    let server = new ServerProcess(store, { SEED_DEMO: 'true' });
    // A quarter into the orders: an older seed had committed those 1000 in batches, so the next
    // start, finding orders, added no more.
    await server.waitFor(/^demo data: orders 1000 of 4000/);
    server.kill('SIGKILL');
    await server.exited;
    const donePartsIn = (lines: string[]) =>
      lines.flatMap((line) => /^demo data: (\S+) done/.exec(line)?.[1] ?? []);
    const seededPartsIn = (lines: string[]) =>
      lines.flatMap((line) => /^demo data: seeding (\S+)/.exec(line)?.[1] ?? []);
    const doneBefore = donePartsIn(server.lines);
    expect(server.lines.some((line) => line.includes('Server listening'))).toBe(false);
    expect(doneBefore).toContain('customers');
    expect(doneBefore).not.toContain('content');

    server = new ServerProcess(store, { SEED_DEMO: 'true' });
    await server.ready();
    await server.stop();

    const [counts] = await rows<Record<string, number>>(
      store,
      sql`select
        (select count(*)::int from seed_progress) parts,
        (select count(*)::int from categories) categories,
        (select count(*)::int from sub_categories) sub_categories,
        (select count(*)::int from products) products,
        (select count(*)::int from accessories) accessories,
        (select count(*)::int from ecommerce_products) ecommerce_products,
        (select count(*)::int from pincodes) pincodes,
        (select count(*)::int from plans) plans,
        (select count(*)::int from banners) banners,
        (select count(*)::int from admins) admins,
        (select count(*)::int from customers) customers,
        (select count(*)::int from customer_addresses where is_default) default_addresses,
        (select sum(n)::int from customer_counts) customers_counted,
        (select count(*)::int from orders) orders,
        (select sum(n)::int from order_counts) orders_counted,
        (select count(*)::int from orders o where not exists (
          select 1 from order_status_history h
          where h.order_id = o.id and h.to_status = o.status)) orders_without_history,
        (select count(distinct order_id)::int from return_requests) returned_orders,
        (select count(*)::int from return_requests) returns,
        (select count(*)::int from support_tickets) tickets,
        (select count(*)::int from content_pages) content_pages`,
    );
    // The seed's own numbers (server/db/seed): as many as one uninterrupted start writes.
    expect(counts).toMatchObject({
      parts: DEMO_PARTS.length,
      categories: 5,
      sub_categories: 8,
      products: 14,
      accessories: 8,
      ecommerce_products: 40,
      pincodes: 35,
      plans: 3,
      banners: 7,
      admins: 5,
      customers: 300,
      default_addresses: 300,
      customers_counted: 300,
      orders: 4000,
      orders_counted: 4000,
      orders_without_history: 0,
      tickets: 260,
      content_pages: 3,
    });
    expect(counts!.returns).toBe(counts!.returned_orders);
    expect(counts!.returns).toBeGreaterThan(50);
    // The second start wrote exactly the parts the first had not finished.
    expect(doneBefore).toEqual(DEMO_PARTS.slice(0, doneBefore.length));
    expect(seededPartsIn(server.lines)).toEqual(DEMO_PARTS.slice(doneBefore.length));
  }, 240_000);
});
