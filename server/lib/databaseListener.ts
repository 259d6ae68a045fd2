import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';

/** Reconnecting to PostgreSQL: 0.5 s, 1 s, 2 s ... at most 30 s between attempts. */
const RETRY_FIRST_MS = 500;
const RETRY_MOST_MS = 30_000;
/**
 * A LISTEN connection only receives: a peer that vanished without a reset (a failover, a NAT
 * dropping the flow) would go unnoticed for hours. A small query this often finds out.
 */
const PROBE_EVERY_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;

export interface DatabaseListenerOptions {
  db: Database;
  /** PostgreSQL (DATABASE_URL): a dedicated connection LISTENs; unset: PGlite's own `listen`. */
  databaseUrl?: string;
  channel: string;
  /** Says whose connection it is: `home-services <label>` in pg_stat_activity, and in the log. */
  label: string;
  log: FastifyBaseLogger;
  receive(payload: string): void;
  /** Each time LISTEN starts (the first time and after a reconnect): from now on, all arrive. */
  onListening?(): void;
  /** The connection was lost: what is notified until the next onListening is never received. */
  onLost?(): void;
  /** How often a PostgreSQL LISTEN connection is probed (30 s by default). */
  probeEveryMs?: number;
}

export interface DatabaseListener {
  close(): Promise<void>;
}

/**
 * Hears one NOTIFY channel of the database: on PostgreSQL through a connection of its own (not
 * the pool's: a pooled connection is handed to other queries), replaced with backoff when lost;
 * on the embedded database through PGlite's `listen`, which hears its own connection and is
 * never lost. Notifications sent while the connection was away are not replayed: `onLost` and
 * `onListening` tell the owner so.
 */
export async function listenToDatabase(opts: DatabaseListenerOptions): Promise<DatabaseListener> {
  return opts.databaseUrl ? listenOnPostgres(opts.databaseUrl, opts) : listenOnPglite(opts);
}

async function listenOnPglite(opts: DatabaseListenerOptions): Promise<DatabaseListener> {
  const client = (opts.db as unknown as { $client: PGlite }).$client;
  const unlisten = await client.listen(opts.channel, opts.receive);
  opts.onListening?.();
  return {
    // The database may already be closed when the app closes after it (tests, main.ts order).
    close: () => (client.closed ? Promise.resolve() : unlisten().catch(() => {})),
  };
}

async function listenOnPostgres(
  url: string,
  opts: DatabaseListenerOptions,
): Promise<DatabaseListener> {
  const { log, label, channel } = opts;
  let current: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let probe: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (closed) return;
    const delay = Math.min(RETRY_MOST_MS, RETRY_FIRST_MS * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  };

  const lost = (client: pg.Client, err?: Error) => {
    if (current !== client) return;
    current = undefined;
    clearInterval(probe);
    client.end().catch(() => {});
    opts.onLost?.();
    if (closed) return;
    log.warn(
      { err: err?.message },
      `${label}: the LISTEN connection to PostgreSQL was lost; reconnecting`,
    );
    schedule();
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      application_name: `home-services ${label}`,
      keepAlive: true,
      query_timeout: PROBE_TIMEOUT_MS,
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) opts.receive(message.payload);
    });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      client.end().catch(() => {});
      log.warn(
        { err: (err as Error).message, attempt: failures + 1 },
        `${label}: cannot LISTEN on PostgreSQL; trying again`,
      );
      schedule();
      return;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    if (failures > 0) log.info(`${label}: listening on PostgreSQL again`);
    failures = 0;
    current = client;
    opts.onListening?.();
    probe = setInterval(() => {
      client.query('SELECT 1').catch((err: Error) => lost(client, err));
    }, opts.probeEveryMs ?? PROBE_EVERY_MS);
    probe.unref();
  }

  // The first attempt before the server answers, so that what is notified from the start is
  // heard; a database not reachable yet does not stop the start (it is retried in the background).
  await connect();

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(probe);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
