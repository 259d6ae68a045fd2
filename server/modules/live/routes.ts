import { PassThrough } from 'node:stream';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, tooManyRequests } from '../../lib/errors';
import { createLiveBus } from '../../lib/liveBus';
import { fileAnswer } from '../../lib/responses';
import { mayCall } from '../../permissions';
import {
  frame,
  HEARS_ORDERS,
  LIVE_LIMITS,
  LIVE_TIMING,
  SERVER_BUSY,
  sessionStanding,
  TOO_MANY_STREAMS,
  type LiveStream,
} from './streams';

/** The document's description of the stream (docs/api.md "Live alerts"). */
const eventStream: FastifySchema['response'] = fileAnswer(
  'text/event-stream',
  'Server-sent events, open until the client or the server ends it: `event: order-placed` ' +
    '(`data: {_id, orderId, serviceId, serviceName, pincode, isEmergency, createdAt}`) and ' +
    '`event: orders-imported` (`data: {count}`) for admins holding the Orders or Assigning Jobs ' +
    'permission; `: ping` every 25 s for everyone. Ends when the session does (checked at ' +
    'every ping) and when the server shuts down; the client reconnects with the same token.',
);

/**
 * The live event stream (issue 15.6): orders placed anywhere reach every open panel within a
 * moment, through the database's notifications (server/lib/liveBus.ts). The bus is this
 * plugin's, created with it and closed with the app; the streams end before the server waits
 * for requests in flight (`preClose`), so that a shutdown is not held by them.
 */
const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const bus = await createLiveBus({
    db: app.db,
    databaseUrl: app.config.databaseUrl,
    log: app.log,
  });
  const streams = new Set<LiveStream>();
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.end();
  });
  app.addHook('onClose', () => bus.close());

  app.get(
    '/events',
    {
      config: { access: 'signedIn' },
      // text/event-stream is not compressed by default either: a gzip stream holds its bytes
      // back until a block fills, and an alert would wait for the next ones.
      compress: false,
      schema: { response: eventStream },
    },
    async (request, reply) => {
      const admin = request.admin!;
      const session = request.session!;
      let mine = 0;
      for (const s of streams) if (s.adminId === admin.id) mine += 1;
      if (mine >= LIVE_LIMITS.perAdmin) {
        throw tooManyRequests(TOO_MANY_STREAMS(LIVE_LIMITS.perAdmin));
      }
      if (streams.size >= LIVE_LIMITS.total) throw new HttpError(503, SERVER_BUSY);

      let hearsOrders = mayCall(admin, HEARS_ORDERS);
      let ended = false;
      const body = new PassThrough();
      // Nothing is written once the client is gone (`ended`); a late error is not a crash.
      body.on('error', (err) => request.log.debug({ err }, 'live events: stream error'));
      const send = (text: string) => {
        if (ended) return;
        if (body.writableLength > LIVE_LIMITS.backlogBytes) {
          request.log.warn('live events: the client does not keep up; its stream is ended');
          end();
          return;
        }
        body.write(text);
      };
      const unsubscribe = bus.subscribe((event) => {
        if (hearsOrders) send(frame(event));
      });

      // Each ping also asks whether the session still stands and what the admin may hear now.
      let checking = false;
      const heartbeat = setInterval(() => {
        send(': ping\n\n');
        if (checking) return;
        checking = true;
        sessionStanding(app.db, session)
          .then((standing) => {
            if (standing.signedIn) hearsOrders = standing.hearsOrders;
            else end();
          })
          .catch((err: unknown) => request.log.warn({ err }, 'live events: session check failed'))
          .finally(() => (checking = false));
      }, LIVE_TIMING.heartbeatMs);
      heartbeat.unref();

      const stream: LiveStream = { adminId: admin.id, body, end };
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(stream);
        body.end();
      }
      streams.add(stream);
      // The client went away (closed tab, lost network): forget it at once.
      reply.raw.once('close', end);

      // Sent at once, with the headers: the client knows it is connected.
      body.write(`retry: ${LIVE_TIMING.retryMs}\n: connected\n\n`);
      return reply
        .headers({
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          // nginx buffers answers unless told; HAProxy and others pass them on (docs/operations.md).
          'x-accel-buffering': 'no',
          // Once the stream ends the connection goes too, so a shutdown never waits for it idling.
          connection: 'close',
        })
        .send(body);
    },
  );
};

export default liveRoutes;
