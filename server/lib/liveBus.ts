import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { categoriesTable } from '../db/schema';
import { listenToDatabase } from './databaseListener';

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

/** A rider's outcome at a door (issue 40), as the live stream sends it (`event: stop-done`). */
export interface StopDoneEvent {
  _id: string;
  orderId: string;
  riderId: string;
  riderName: string;
  outcome: 'delivered' | 'not-delivered';
  /** Why not delivered (the rider app's reason code); null when delivered. */
  reason: string | null;
}

/**
 * What the bus hands its subscribers: one order, the summary of a bulk insert (over 20), or a
 * rider's outcome at a door (the rider app notifies the same channel in its transaction).
 */
export type LiveEvent =
  | { type: 'order-placed'; data: OrderPlacedEvent }
  | { type: 'orders-imported'; data: { count: number } }
  | { type: 'stop-done'; data: StopDoneEvent };

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

/** Service names are re-read at most this often (a rename shows within it); a new id at once. */
const NAMES_TTL_MS = 5 * 60_000;

/**
 * One in-process bus per server, fed by the database: every statement that inserts orders, from
 * this instance, another one or another application, notifies `orders_placed` at commit. With
 * PostgreSQL that reaches every instance LISTENing on the database; on the embedded database
 * the one process. The bus adds the service's name and hands the event to its subscribers (the
 * open live streams), in the order the notifications came. Orders placed while its connection
 * was lost are not replayed (the panel's lists stay the truth).
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

  const source = await listenToDatabase({
    db: opts.db,
    databaseUrl: opts.databaseUrl,
    channel: ORDERS_CHANNEL,
    label: 'live events',
    log: opts.log,
    receive,
  });

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
  if (notice.kind === 'rider-stop') {
    const { _id, orderId, riderId, riderName, outcome, reason } = notice;
    if (typeof _id !== 'string' || typeof orderId !== 'string' || typeof riderId !== 'string') {
      return null;
    }
    return {
      type: 'stop-done',
      data: {
        _id,
        orderId,
        riderId,
        riderName: typeof riderName === 'string' ? riderName : '',
        outcome: outcome === 'not-delivered' ? 'not-delivered' : 'delivered',
        reason: typeof reason === 'string' ? reason : null,
      },
    };
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
