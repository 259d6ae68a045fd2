import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';
import { categoriesTable } from '../db/schema';

/** The channel migration 0019's trigger notifies at the commit of every statement placing orders. */
export const ORDERS_CHANNEL = 'orders_placed';

/** An order placed, as the live stream sends it (`event: order-placed`). */
export interface OrderPlacedEvent {
  _id: string;
  orderId: string;
  serviceId: string;
  serviceName: string;
  pincode: string;
  isEmergency: boolean;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/** What the bus hands its subscribers: one order, or the summary of a bulk insert (over 20). */
export type LiveEvent =
  | { type: 'order-placed'; data: OrderPlacedEvent }
  | { type: 'orders-imported'; data: { count: number } };

export interface LiveBus {
  /** Hears every event from now on; the function it returns stops that. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Stops listening to the database. */
  close(): Promise<void>;
}

export interface LiveBusOptions {
  db: Database;
  /** PostgreSQL (DATABASE_URL): a dedicated connection LISTENs; unset: PGlite's own `listen`. */
  databaseUrl?: string;
  log: FastifyBaseLogger;
}

/** Reconnecting to PostgreSQL: 0.5 s, 1 s, 2 s ... at most 30 s between attempts. */
const RETRY_FIRST_MS = 500;
const RETRY_MOST_MS = 30_000;
/**
 * A LISTEN connection only receives: a peer that vanished without a reset (a failover, a NAT
 * dropping the flow) would go unnoticed for hours. A small query this often finds out.
 */
const PROBE_EVERY_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;
/** Service names are re-read at most this often (a rename shows within it); a new id at once. */
const NAMES_TTL_MS = 5 * 60_000;

/**
 * One in-process bus per server, fed by the database: every statement that inserts orders, from
 * this instance, another one or another application, notifies `orders_placed` at commit. With
 * PostgreSQL that reaches every instance LISTENing on the database; on the embedded database
 * the one process. The bus adds the service's name and hands the event to its subscribers (the
 * open live streams), in the order the notifications came.
 */
export async function createLiveBus(opts: LiveBusOptions): Promise<LiveBus> {
  const listeners = new Set<(event: LiveEvent) => void>();
  const names = serviceNames(opts.db);
  let queue = Promise.resolve();

  const emit = (event: LiveEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        opts.log.error({ err }, 'live events: a subscriber failed');
      }
    }
  };

  const receive = (payload: string) => {
    // Chained, so that a name looked up for one order does not let the next overtake it.
    queue = queue
      .then(async () => {
        if (listeners.size === 0) return;
        const event = await toEvent(payload, names);
        if (event) emit(event);
        else opts.log.warn({ payload }, 'live events: a notification of unknown shape was ignored');
      })
      .catch((err: unknown) => opts.log.error({ err }, 'live events: a notification failed'));
  };

  const source = opts.databaseUrl
    ? await listenOnPostgres(opts.databaseUrl, opts.log, receive)
    : await listenOnPglite(opts.db, receive);

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await source.close();
      await queue;
    },
  };
}

/** The trigger's JSON as an event, or null when it is not one of its two shapes. */
async function toEvent(
  payload: string,
  names: (id: string) => Promise<string>,
): Promise<LiveEvent | null> {
  let notice: Record<string, unknown>;
  try {
    notice = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (notice.kind === 'bulk' && typeof notice.count === 'number') {
    return { type: 'orders-imported', data: { count: notice.count } };
  }
  if (notice.kind !== 'placed') return null;
  const { _id, orderId, serviceId, pincode, isEmergency, createdAt } = notice;
  if (typeof _id !== 'string' || typeof orderId !== 'string' || typeof serviceId !== 'string') {
    return null;
  }
  // json_build_object writes a timestamptz in the session's zone with microseconds.
  const placed = new Date(String(createdAt));
  return {
    type: 'order-placed',
    data: {
      _id,
      orderId,
      serviceId,
      serviceName: await names(serviceId),
      pincode: typeof pincode === 'string' ? pincode : '',
      isEmergency: isEmergency === true,
      createdAt: Number.isNaN(placed.getTime()) ? new Date().toISOString() : placed.toISOString(),
    },
  };
}

/** Service (category) names by id: a handful of rows, read whole and kept a while. */
function serviceNames(db: Database): (id: string) => Promise<string> {
  let cache: { at: number; byId: Map<string, string> } | undefined;
  let loading: Promise<Map<string, string>> | undefined;
  const load = () => {
    loading ??= db
      .select({ id: categoriesTable.id, name: categoriesTable.name })
      .from(categoriesTable)
      .then((rows) => {
        const byId = new Map(rows.map((r) => [r.id, r.name]));
        cache = { at: Date.now(), byId };
        return byId;
      })
      .finally(() => (loading = undefined));
    return loading;
  };
  return async (id) => {
    const fresh = cache && Date.now() - cache.at < NAMES_TTL_MS ? cache.byId : undefined;
    const name = fresh?.get(id) ?? (await load()).get(id);
    return name ?? '';
  };
}

interface Source {
  close(): Promise<void>;
}

/** The embedded database: PGlite delivers the notifications of its own connection. */
async function listenOnPglite(db: Database, receive: (payload: string) => void): Promise<Source> {
  const client = (db as unknown as { $client: PGlite }).$client;
  const unlisten = await client.listen(ORDERS_CHANNEL, receive);
  return {
    // The database may already be closed when the app closes after it (tests, main.ts order).
    close: () => (client.closed ? Promise.resolve() : unlisten().catch(() => {})),
  };
}

/**
 * PostgreSQL: one connection of its own (not the pool's: a pooled connection is handed to other
 * queries), LISTENing. Lost, it is replaced with backoff; notifications sent while it was away
 * are not replayed (the panel's lists stay the truth).
 */
async function listenOnPostgres(
  url: string,
  log: FastifyBaseLogger,
  receive: (payload: string) => void,
): Promise<Source> {
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
    if (closed) return;
    log.warn(
      { err: err?.message },
      'live events: the LISTEN connection to PostgreSQL was lost; reconnecting',
    );
    schedule();
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      application_name: 'home-services live events',
      keepAlive: true,
      query_timeout: PROBE_TIMEOUT_MS,
    });
    client.on('notification', (message) => {
      if (message.channel === ORDERS_CHANNEL && message.payload) receive(message.payload);
    });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${ORDERS_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => {});
      log.warn(
        { err: (err as Error).message, attempt: failures + 1 },
        'live events: cannot LISTEN on PostgreSQL; trying again',
      );
      schedule();
      return;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    if (failures > 0) log.info('live events: listening on PostgreSQL again');
    failures = 0;
    current = client;
    probe = setInterval(() => {
      client.query('SELECT 1').catch((err: Error) => lost(client, err));
    }, PROBE_EVERY_MS);
    probe.unref();
  }

  // The first attempt before the server answers, so a stream opened at once hears everything;
  // a database not reachable yet does not stop the start (it is retried in the background).
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
