/**
 * 200 riders sending a day's actions at once (issue 40): each rider signs in over HTTP, reads
 * today's stops and sends Delivered / Not delivered for every one, all riders at the same time,
 * as phones coming back online with their queues would. A share of the actions is sent twice
 * at the same moment and again later (the retries of a bad connection, same idempotency key).
 * Then the database is read back: every order must carry exactly one outcome, every delivered
 * order one Delivered step and the cash expected of each rider the sum of their cash stops.
 * Prints figures and the mismatches found (0 expected); asserts nothing.
 *
 *   npm run bench:rider-load [-- --riders 200] [--stops 25] [--retries 0.3]
 *
 * On PGlite in memory, or on PostgreSQL with TEST_DATABASE_URL (as the API tests).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ordersTable, orderStatusHistoryTable, riderActionsTable } from '@server/db/schema';
import { hashPassword } from '@server/lib/passwords';
import { ridersTable } from '@server/db/schema';
import { createTestServer } from '@tests/api/helpers';
import { createOrderFixtures } from '@tests/api/orderFixtures';
import { assignToRider, ensurePincodes } from '@tests/api/riderFixtures';
import { ms, percentile } from './stats';

const { values: args } = parseArgs({
  options: {
    riders: { type: 'string', default: '200' },
    stops: { type: 'string', default: '25' },
    retries: { type: 'string', default: '0.3' },
  },
});
const RIDERS = Number(args.riders);
const STOPS = Number(args.stops);
const RETRY_SHARE = Number(args.retries);
const PIN = '4826';

const server = await createTestServer();
try {
  const started = performance.now();
  const f = await createOrderFixtures(server.db);
  await ensurePincodes(server.db, ['560001', '560034', '110001', '400050']);
  const pinHash = await hashPassword(PIN);
  const riders = await server.db
    .insert(ridersTable)
    .values(
      Array.from({ length: RIDERS }, (_, i) => ({
        name: `Load Rider ${i + 1}`,
        phone: `7${String(i + 1).padStart(9, '0')}`,
        pincodes: ['560001'],
        pinHash,
        pinSetAt: new Date(),
      })),
    )
    .returning({ id: ridersTable.id, phone: ridersTable.phone });
  for (const rider of riders) {
    const ids: string[] = [];
    for (let i = 0; i < STOPS; i++) {
      const row = await f.place({
        kind: 'water',
        customer: i % 4,
        quantity: 2,
        paymentMethod: i % 3 === 0 ? 'Online' : 'Cash on Delivery',
        totalAmount: 120,
      });
      ids.push(row.id);
    }
    await assignToRider(server.db, ids, rider.id);
  }
  console.log(
    `prepared ${RIDERS} riders × ${STOPS} stops in ${ms(performance.now() - started)} ms ` +
      `(${server.kind})`,
  );

  const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  async function call(path: string, token: string | null, body?: object) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { result?: unknown; message?: string };
    latencies.push(performance.now() - t0);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    return { status: res.status, json };
  }

  interface Stop {
    orderId: string;
    items: { key: string; quantity: number }[];
    toCollect: { method: string; amount: number };
  }
  // Every rider's phone: sign in, read the stops, send every action (some twice at once, and
  // again once all are sent), as a queue that reconnects does.
  let sent = 0;
  let duplicates = 0;
  const expectedOutcome = new Map<string, 'delivered' | 'not-delivered'>();
  // Riders sign in as they start their day (one after another: the sign-in's limits per
  // address count tries in flight), then all send at once.
  const tokens: string[] = [];
  for (const rider of riders) {
    const login = await call('rider-app/login', null, { phone: rider.phone, pin: PIN });
    tokens.push((login.json.result as { token: string }).token);
  }
  latencies.length = 0;
  statuses.clear();
  const t0 = performance.now();
  await Promise.all(
    riders.map(async (_rider, r) => {
      const token = tokens[r]!;
      const today = await call('rider-app/today', token);
      const stops = (today.json.result as { stops: Stop[] }).stops;
      const later: (() => Promise<unknown>)[] = [];
      for (const [i, stop] of stops.entries()) {
        const notHome = (i + r) % 10 === 0;
        expectedOutcome.set(stop.orderId, notHome ? 'not-delivered' : 'delivered');
        const body = notHome
          ? { orderId: stop.orderId, reason: 'not-at-home', idempotencyKey: randomUUID() }
          : {
              orderId: stop.orderId,
              idempotencyKey: randomUUID(),
              delivered: stop.items.map((it) => ({ key: it.key, quantity: it.quantity })),
              emptiesCollected: 0,
              collected:
                stop.toCollect.method === 'Cash'
                  ? { method: 'Cash', amount: stop.toCollect.amount }
                  : { method: 'None', amount: 0 },
            };
        const path = notHome ? 'rider-app/not-delivered' : 'rider-app/deliver';
        const send = () => call(path, token, body);
        sent += 1;
        if (Math.random() < RETRY_SHARE) {
          duplicates += 2;
          await Promise.all([send(), send()]);
          later.push(send);
        } else {
          await send();
        }
      }
      for (const again of later) await again();
    }),
  );
  const elapsed = performance.now() - t0;

  // Read back: one outcome per order, one Delivered step per delivered order.
  const ids = [...expectedOutcome.keys()];
  const orders = await server.db
    .select({ id: ordersTable.id, status: ordersTable.status })
    .from(ordersTable)
    .where(inArray(ordersTable.id, ids));
  const delivered = await server.db
    .select({ orderId: orderStatusHistoryTable.orderId, n: sql<number>`count(*)::int` })
    .from(orderStatusHistoryTable)
    .where(
      and(
        inArray(orderStatusHistoryTable.orderId, ids),
        eq(orderStatusHistoryTable.toStatus, 'Delivered'),
      ),
    )
    .groupBy(orderStatusHistoryTable.orderId);
  const actions = await server.db
    .select({ orderId: riderActionsTable.orderId, n: sql<number>`count(*)::int` })
    .from(riderActionsTable)
    .where(inArray(riderActionsTable.orderId, ids))
    .groupBy(riderActionsTable.orderId);
  const steps = new Map(delivered.map((d) => [d.orderId, d.n]));
  const actionCount = new Map(actions.map((a) => [a.orderId, a.n]));
  let mismatches = 0;
  for (const order of orders) {
    const want = expectedOutcome.get(order.id);
    const ok =
      actionCount.get(order.id) === 1 &&
      (want === 'delivered'
        ? order.status === 'Delivered' && steps.get(order.id) === 1
        : order.status === 'Pending' && !steps.has(order.id));
    if (!ok) mismatches += 1;
  }
  console.log(
    `${RIDERS} riders, ${sent} actions (+${duplicates} retries with the same key) in ` +
      `${ms(elapsed)} ms: ${((sent + duplicates) / (elapsed / 1000)).toFixed(0)} requests/s; ` +
      `latency p50 ${ms(percentile(latencies, 50))} ms, p99 ${ms(percentile(latencies, 99))} ms`,
  );
  console.log(`answers: ${[...statuses].map(([s, n]) => `${s} × ${n}`).join(', ')}`);
  console.log(
    `orders checked: ${orders.length} of ${ids.length}; lost or applied twice: ${mismatches}`,
  );
} finally {
  await server.close();
}
