import { ApiError } from './api';
import type { DeliverBody, NotDeliveredBody, Stop } from './types';

/**
 * What a rider did at a door, kept on the phone until the server has it. The idempotency key
 * is made when the rider taps, so that every retry of the action is the same action to the
 * server, which applies it once.
 */
export type QueuedAction = {
  /** The store's key, increasing: actions are sent in the order the rider made them. */
  id?: number;
  riderId: string;
  orderId: string;
  idempotencyKey: string;
  createdAt: string;
} & (
  | { kind: 'deliver'; body: DeliverBody }
  | { kind: 'not-delivered'; body: NotDeliveredBody }
  /** The proof photo of a delivery, sent after it (`after`: the deliver action's key). */
  | { kind: 'proof'; after: string; photo: Blob }
);

/** Where the queue lives: IndexedDB on the phone (./queueStore.ts), memory in tests. */
export interface QueueStore {
  add(action: QueuedAction): Promise<QueuedAction>;
  /** Every action, in the order added. */
  all(): Promise<QueuedAction[]>;
  remove(id: number): Promise<void>;
}

export interface FlushReport {
  sent: { action: QueuedAction; stop: Stop }[];
  /** Refused for good (a 4xx): out of the queue, the message shown on the stop. */
  rejected: { action: QueuedAction; message: string; status: number }[];
  /** Why sending stopped with actions left: no connection, the server failing, or a 401. */
  stoppedBy?: 'network' | 'server' | 'unauthorized';
}

/** 4xx answers that may succeed later: a timeout, too many requests, a session to renew. */
const RETRYABLE = new Set([401, 408, 425, 429]);

/** An answer that will never change however often the action is sent again. */
function isFinal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    !RETRYABLE.has(error.status)
  );
}

export function memoryQueueStore(): QueueStore {
  const actions: QueuedAction[] = [];
  let next = 1;
  return {
    async add(action) {
      const stored = { ...action, id: next++ };
      actions.push(stored);
      return stored;
    },
    async all() {
      return [...actions];
    },
    async remove(id) {
      const at = actions.findIndex((action) => action.id === id);
      if (at >= 0) actions.splice(at, 1);
    },
  };
}

export interface ActionQueue {
  /** Keeps the actions, in this order, until they are sent. */
  add(actions: QueuedAction[]): Promise<void>;
  /** Sends the rider's waiting actions in order; stops at the first that may succeed later. */
  flush(riderId: string): Promise<FlushReport>;
  /** The actions waiting to send: the rider's, or everyone's on this phone. */
  waiting(riderId?: string): Promise<QueuedAction[]>;
}

/**
 * The offline queue. One flush at a time (a tap, the `online` event and the 30-second timer may
 * all ask at once): a flush asked for while one runs runs once more after it.
 */
export function createActionQueue(
  store: QueueStore,
  send: (action: QueuedAction) => Promise<Stop>,
): ActionQueue {
  let running: Promise<FlushReport> | null = null;
  let again = false;

  async function flushOnce(riderId: string): Promise<FlushReport> {
    const report: FlushReport = { sent: [], rejected: [] };
    const dropped = new Set<string>();
    for (const action of await store.all()) {
      if (action.riderId !== riderId) continue;
      if (action.kind === 'proof' && dropped.has(action.after)) {
        // Its delivery was refused: the photo has nothing to belong to.
        await store.remove(action.id!);
        continue;
      }
      try {
        const stop = await send(action);
        await store.remove(action.id!);
        report.sent.push({ action, stop });
      } catch (error) {
        if (isFinal(error)) {
          await store.remove(action.id!);
          dropped.add(action.idempotencyKey);
          report.rejected.push({ action, message: error.message, status: error.status });
          continue;
        }
        report.stoppedBy =
          error instanceof ApiError
            ? error.status === 401
              ? 'unauthorized'
              : 'server'
            : 'network';
        break;
      }
    }
    return report;
  }

  function flush(riderId: string): Promise<FlushReport> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const report = await flushOnce(riderId);
      while (again && !report.stoppedBy) {
        again = false;
        const more = await flushOnce(riderId);
        report.sent.push(...more.sent);
        report.rejected.push(...more.rejected);
        report.stoppedBy = more.stoppedBy;
      }
      again = false;
      return report;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    async add(actions) {
      for (const action of actions) await store.add(action);
    },
    flush,
    async waiting(riderId) {
      const all = await store.all();
      return riderId ? all.filter((action) => action.riderId === riderId) : all;
    },
  };
}

/** A fresh idempotency key. randomUUID needs a secure context (HTTPS); a LAN address over plain
 * HTTP has only getRandomValues, from which a version-4 UUID is made the same way. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
