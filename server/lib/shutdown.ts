import type { Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Lets keep-alive connections end once their request is answered. Node's `server.close()`
 * closes the connections idle at that moment, but one whose request is still in flight goes
 * back to idle after its answer and stays open until the keep-alive timeout (72 s), holding
 * the close. Returns the function that starts draining: answers not yet begun say
 * `Connection: close`, and each connection is closed as soon as it has nothing left to send.
 */
function drainOnClose(server: Server): () => void {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      // After Node has put the connection back to idle.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return () => {
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
    server.closeIdleConnections();
  };
}

/**
 * Graceful shutdown on SIGTERM (and SIGINT, Ctrl-C): stop taking connections (a request that
 * still arrives on an open one gets 503, `return503OnClosing`), finish the requests in flight,
 * run the app's onClose hooks (background tasks, the database pool), exit 0. A second signal,
 * or requests still running after `timeoutMs`, end the process at once with exit code 1.
 * Call before `listen`.
 */
export function closeOnSignals(
  app: FastifyInstance,
  opts: { timeoutMs: number; exit?: (code: number) => void },
) {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const startDraining = drainOnClose(app.server);
  let closing = false;

  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now, requests in flight are cut off');
      exit(1);
      return;
    }
    closing = true;
    app.log.info(
      { signal, timeoutMs: opts.timeoutMs },
      'shutting down: taking no new requests, finishing those in flight',
    );
    const timer = setTimeout(() => {
      app.log.error(
        { timeoutMs: opts.timeoutMs },
        'shutdown timed out: requests still in flight, exiting now',
      );
      exit(1);
    }, opts.timeoutMs);
    timer.unref();
    startDraining();
    app.close().then(
      () => {
        clearTimeout(timer);
        app.log.info('shut down: every request answered, database closed');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(timer);
        app.log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
