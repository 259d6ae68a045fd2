/**
 * A PostgreSQL server cancels a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS: the
 * person gets an answer they can act on instead of a hang, nothing is half-saved, and the calls
 * queued behind a slow one for a pool connection go on. (PGlite cannot cancel a statement; it
 * runs one at a time and relies on every query being bounded by an index.) Runs with
 * TEST_DATABASE_URL only (vitest.config.ts).
 */
import { count, eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersTable, orderStatusHistoryTable } from '@server/db/schema';
import { TOO_SLOW, WRITE_TOO_SLOW } from '@server/plugins/errors';
import { apiClient, bearer, createTestServer, type TestServer } from '../api/helpers';
import { createOrderFixtures } from '../api/orderFixtures';

let s: TestServer;
let orderId: string;

beforeAll(async () => {
  // Three connections: one for the test's lock, two that the app's calls share.
  s = await createTestServer({ database: { poolSize: 3, statementTimeoutMs: 300 } });
  const f = await createOrderFixtures(s.db);
  orderId = (await f.place({ kind: 'water' })).id;
});

afterAll(() => s?.close());

const { get } = apiClient(() => s);

/** Runs `during` while another session holds the orders table, as a long write would. */
async function whileOrdersLocked(during: () => Promise<void>) {
  const pool = (s.db as unknown as { $client: pg.Pool }).$client;
  const locker = await pool.connect();
  try {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
    await during();
  } finally {
    await locker.query('ROLLBACK');
    locker.release();
  }
}

describe('statement timeout', () => {
  it('answers a search that waits too long with 503 and a way forward; other calls go on', async () => {
    await whileOrdersLocked(async () => {
      const [first, second, unrelated] = await Promise.all([
        get('order/view-all-orders?search=Sharma'),
        get('order/view-all-orders?search=Sharma&page=2'),
        get('category/view-all-categories'),
      ]);
      for (const res of [first, second]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ statusCode: 503, message: TOO_SLOW });
      }
      expect(unrelated.statusCode).toBe(200);
    });
    expect((await get('order/view-all-orders?search=Sharma')).statusCode).toBe(200);
  });

  it('saves nothing of a status change that times out, and says so', async () => {
    await whileOrdersLocked(async () => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/order/update-status',
        headers: bearer(s.superToken),
        payload: { orderId, status: 'Delivered' },
      });
      expect(res.json()).toEqual({ statusCode: 503, message: WRITE_TOO_SLOW });
    });
    const [order] = await s.db
      .select({ status: ordersTable.status })
      .from(ordersTable)
      .where(eq(ordersTable.id, orderId));
    expect(order!.status).toBe('Pending');
    const [steps] = await s.db
      .select({ n: count() })
      .from(orderStatusHistoryTable)
      .where(eq(orderStatusHistoryTable.orderId, orderId));
    expect(steps!.n).toBe(1);
  });
});
