import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { HttpError } from 'react-admin';
import { api } from '@/providers/axiosClient';

/** `event: order-placed` of GET live/events (docs/api.md "Live alerts"). */
export interface OrderPlaced {
  _id: string;
  orderId: string;
  serviceId: string;
  serviceName: string;
  pincode: string;
  isEmergency: boolean;
  createdAt: string;
}

/** `event: stop-done`: a rider reported a stop from the rider app (issue 40). */
export interface StopDone {
  /** The order's id. */
  _id: string;
  orderId: string;
  riderId: string;
  riderName: string;
  outcome: 'delivered' | 'not-delivered';
  /** Why not delivered (`not-at-home`, ...); null when delivered. */
  reason: string | null;
}

export interface LiveHandlers {
  onOrderPlaced(order: OrderPlaced): void;
  /** A rider delivered a stop, or reported it not delivered. */
  onStopDone(stop: StopDone): void;
  /** A bulk insert (an import) placed this many orders at once. */
  onOrdersImported(count: number): void;
  /** The session is over (401): the stream is not opened again. */
  onUnauthorized(error: HttpError): void;
}

export interface LiveTiming {
  /** No byte for this long (the server pings every 25 s): the connection is dead, reconnect. */
  silenceMs: number;
  /** After a failure: 1 s, 2 s, 4 s ... at most `mostRetryMs`, each give or take a quarter. */
  firstRetryMs: number;
  mostRetryMs: number;
  /** After 429 (too many tabs) or 503 (server busy). */
  busyRetryMs: number;
}

export const LIVE_TIMING: LiveTiming = {
  silenceMs: 60_000,
  firstRetryMs: 1_000,
  mostRetryMs: 60_000,
  busyRetryMs: 30_000,
};

/** Waits `ms`, or less when `wake` is called (back online, closed). */
function pause(ms: number, onWake: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    onWake(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function dispatch(message: EventSourceMessage, handlers: LiveHandlers) {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return;
  }
  if (message.event === 'order-placed') handlers.onOrderPlaced(data as OrderPlaced);
  else if (message.event === 'stop-done') handlers.onStopDone(data as StopDone);
  else if (message.event === 'orders-imported') {
    handlers.onOrdersImported(Number((data as { count?: unknown }).count) || 0);
  }
}

/**
 * Opens the live event stream through the panel's axios instance (its bearer token, its
 * HttpError for a refusal; fetch underneath, which hands the answer over as it arrives) and keeps
 * it open: after the server ends it (a restart, a deploy), it comes back after the server's
 * `retry:` hint; after a failure, with backoff; at once when the browser is back online. A 401
 * ends it for good. Events missed while it was away are not replayed: the lists are the truth.
 */
export function openLiveEvents(handlers: LiveHandlers, timing: LiveTiming = LIVE_TIMING) {
  let closed = false;
  const stop = new AbortController();
  let wake = () => {};
  const online = () => wake();
  window.addEventListener('online', online);

  async function connectOnce(): Promise<{ retryMs?: number }> {
    const attempt = new AbortController();
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    // The answer's body too: not every fetch ends a body already under way on abort.
    const abort = () => {
      attempt.abort();
      reader?.cancel().catch(() => {});
    };
    stop.signal.addEventListener('abort', abort);
    let silence: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(silence);
      silence = setTimeout(abort, timing.silenceMs);
    };
    let retryMs: number | undefined;
    try {
      alive();
      const response = await api.request<ReadableStream<Uint8Array>>({
        adapter: 'fetch',
        responseType: 'stream',
        url: 'live/events',
        headers: { Accept: 'text/event-stream' },
        timeout: 0,
        signal: attempt.signal,
      });
      const parser = createParser({
        onEvent: (message) => dispatch(message, handlers),
        onRetry: (ms) => (retryMs = ms),
      });
      reader = response.data.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        alive();
        parser.feed(decoder.decode(value, { stream: true }));
      }
      return { retryMs };
    } finally {
      clearTimeout(silence);
      stop.signal.removeEventListener('abort', abort);
    }
  }

  void (async () => {
    let failures = 0;
    let hint: number | undefined;
    while (!closed) {
      let delay: number;
      try {
        const ended = await connectOnce();
        failures = 0;
        hint = ended.retryMs ?? hint;
        delay = hint ?? timing.firstRetryMs;
      } catch (error) {
        if (closed) break;
        if (error instanceof HttpError && error.status === 401) {
          handlers.onUnauthorized(error);
          break;
        }
        failures += 1;
        const busy = error instanceof HttpError && (error.status === 429 || error.status === 503);
        delay = busy
          ? timing.busyRetryMs
          : Math.min(timing.mostRetryMs, timing.firstRetryMs * 2 ** (failures - 1));
      }
      if (closed) break;
      // Spread out, so that the panels a restart cut off do not all come back at one instant.
      await pause(delay * (0.75 + Math.random() * 0.5), (w) => (wake = w));
    }
    window.removeEventListener('online', online);
  })();

  return {
    close() {
      closed = true;
      stop.abort();
      wake();
      window.removeEventListener('online', online);
    },
  };
}
