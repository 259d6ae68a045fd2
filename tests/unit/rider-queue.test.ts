import { describe, expect, it, vi } from 'vitest';
import { riderTranslator } from '@shared/riderMessages';
import { en } from '@shared/riderMessages/en';
import { hi } from '@shared/riderMessages/hi';
import { ApiError, createRiderApi, NetworkError } from '../../rider/api';
import {
  createActionQueue,
  memoryQueueStore,
  newIdempotencyKey,
  type QueuedAction,
} from '../../rider/queue';
import { fitWithin } from '../../rider/photo';
import { arrangeStops, moveStop } from '../../rider/stopOrder';
import type { Stop } from '../../rider/types';

/*
 * The riders' page (issue 40): its offline queue (kept until the server has an action, dropped
 * on an answer that will never change, in the rider's order, each retry with the same key), its
 * HTTP calls, its own order of stops and its catalogues.
 */

const stop = (orderId: string, isEmergency = false) => ({ orderId, isEmergency }) as Stop;

function notDelivered(
  orderId: string,
  riderId = 'r1',
): Extract<QueuedAction, { kind: 'not-delivered' }> {
  const idempotencyKey = newIdempotencyKey();
  return {
    riderId,
    orderId,
    idempotencyKey,
    createdAt: '2026-11-29T05:00:00.000Z',
    kind: 'not-delivered',
    body: { orderId, idempotencyKey, reason: 'not-at-home' },
  };
}

function deliverWithProof(orderId: string): QueuedAction[] {
  const key = newIdempotencyKey();
  const base = { riderId: 'r1', orderId, createdAt: '2026-11-29T05:00:00.000Z' };
  return [
    {
      ...base,
      idempotencyKey: key,
      kind: 'deliver',
      body: {
        orderId,
        idempotencyKey: key,
        delivered: [{ key: 'product', quantity: 2 }],
        emptiesCollected: 2,
        collected: { method: 'Cash', amount: 180 },
      },
    },
    {
      ...base,
      idempotencyKey: newIdempotencyKey(),
      kind: 'proof',
      after: key,
      photo: new Blob(['jpeg'], { type: 'image/jpeg' }),
    },
  ];
}

/** A server that answers each action with `answers` in turn (an Error is thrown), else a stop. */
function fakeServer(...answers: (Error | 'ok')[]) {
  const sent: QueuedAction[] = [];
  const send = vi.fn(async (action: QueuedAction) => {
    sent.push(action);
    const answer = answers.shift() ?? 'ok';
    if (answer instanceof Error) throw answer;
    return stop(action.orderId);
  });
  return { sent, send };
}

describe('the offline queue', () => {
  it('keeps an action through a network failure and a 5xx, and resends it with the same key', async () => {
    const store = memoryQueueStore();
    const server = fakeServer(new NetworkError(), new ApiError(503, 'busy'), 'ok');
    const queue = createActionQueue(store, server.send);
    const action = notDelivered('o1');
    await queue.add([action]);

    expect(await queue.flush('r1')).toMatchObject({ sent: [], rejected: [], stoppedBy: 'network' });
    expect(await queue.waiting('r1')).toHaveLength(1);
    expect(await queue.flush('r1')).toMatchObject({ stoppedBy: 'server' });
    expect(await queue.waiting('r1')).toHaveLength(1);

    const report = await queue.flush('r1');
    expect(report.stoppedBy).toBeUndefined();
    expect(report.sent.map((sent) => sent.action.orderId)).toEqual(['o1']);
    expect(await queue.waiting('r1')).toEqual([]);
    // Three tries, one action: the same idempotency key each time.
    const keys = server.sent.map((sent) => sent.idempotencyKey);
    expect(keys).toEqual([action.idempotencyKey, action.idempotencyKey, action.idempotencyKey]);
    expect(server.sent.map((sent) => (sent.kind === 'not-delivered' ? sent.body : null))).toEqual([
      action.body,
      action.body,
      action.body,
    ]);
  });

  it('drops an action the server refuses (409, 4xx), says why, and sends the next ones', async () => {
    const server = fakeServer(new ApiError(409, 'This order was already marked Delivered.'));
    const queue = createActionQueue(memoryQueueStore(), server.send);
    await queue.add([notDelivered('o1'), notDelivered('o2')]);

    const report = await queue.flush('r1');
    expect(report.rejected).toEqual([
      expect.objectContaining({
        status: 409,
        message: 'This order was already marked Delivered.',
        action: expect.objectContaining({ orderId: 'o1' }),
      }),
    ]);
    expect(report.sent.map((sent) => sent.action.orderId)).toEqual(['o2']);
    expect(await queue.waiting('r1')).toEqual([]);
    // Never tried again.
    await queue.flush('r1');
    expect(server.send).toHaveBeenCalledTimes(2);
  });

  it("drops a refused delivery's photo with it, and sends a photo after its delivery", async () => {
    const refused = fakeServer(new ApiError(403, 'This order is not on your list.'));
    const queue = createActionQueue(memoryQueueStore(), refused.send);
    await queue.add(deliverWithProof('o1'));
    await queue.flush('r1');
    expect(refused.sent.map((sent) => sent.kind)).toEqual(['deliver']);
    expect(await queue.waiting('r1')).toEqual([]);

    const accepted = fakeServer();
    const next = createActionQueue(memoryQueueStore(), accepted.send);
    await next.add(deliverWithProof('o2'));
    await next.flush('r1');
    expect(accepted.sent.map((sent) => sent.kind)).toEqual(['deliver', 'proof']);
  });

  it("sends in the rider's order and stops at the first that may succeed later", async () => {
    const server = fakeServer('ok', new NetworkError());
    const queue = createActionQueue(memoryQueueStore(), server.send);
    await queue.add([notDelivered('o1'), notDelivered('o2'), notDelivered('o3')]);

    await queue.flush('r1');
    expect(server.sent.map((sent) => sent.orderId)).toEqual(['o1', 'o2']);
    expect((await queue.waiting('r1')).map((action) => action.orderId)).toEqual(['o2', 'o3']);

    await queue.flush('r1');
    expect(server.sent.map((sent) => sent.orderId)).toEqual(['o1', 'o2', 'o2', 'o3']);
  });

  it('keeps everything on a 401 (the rider signs in again) and a 429', async () => {
    const server = fakeServer(new ApiError(401, 'Sign in'), new ApiError(429, 'Too many'));
    const queue = createActionQueue(memoryQueueStore(), server.send);
    await queue.add([notDelivered('o1')]);
    expect((await queue.flush('r1')).stoppedBy).toBe('unauthorized');
    expect((await queue.flush('r1')).stoppedBy).toBe('server');
    expect(await queue.waiting('r1')).toHaveLength(1);
  });

  it("sends only the signed-in rider's actions, and never one twice when asked at once", async () => {
    const server = fakeServer();
    const queue = createActionQueue(memoryQueueStore(), server.send);
    await queue.add([notDelivered('o1', 'r2'), notDelivered('o2')]);
    await Promise.all([queue.flush('r1'), queue.flush('r1'), queue.flush('r1')]);
    expect(server.sent.map((sent) => sent.orderId)).toEqual(['o2']);
    expect(await queue.waiting()).toHaveLength(1);
  });

  it('makes version-4 UUIDs, with or without crypto.randomUUID (plain HTTP)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("the riders' calls", () => {
  it('send the language and the token, and carry the server message of an error', async () => {
    const fetch = vi.fn(
      async (..._args: Parameters<typeof globalThis.fetch>) =>
        new Response(JSON.stringify({ statusCode: 409, message: 'पहले ही डिलीवर हो चुका' }), {
          status: 409,
        }),
    );
    const onUnauthorized = vi.fn();
    const api = createRiderApi({ token: () => 'tok', language: () => 'hi', onUnauthorized, fetch });
    const failure = await api
      .notDelivered({ orderId: 'o1', idempotencyKey: 'k'.repeat(36), reason: 'refused' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, message: 'पहले ही डिलीवर हो चुका' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/rider-app/not-delivered');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'Accept-Language': 'hi', Authorization: 'Bearer tok' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('tell a network failure apart, and a 401 ends the session', async () => {
    const offline = createRiderApi({
      token: () => 'tok',
      language: () => 'en',
      onUnauthorized: vi.fn(),
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline.today()).rejects.toBeInstanceOf(NetworkError);

    const onUnauthorized = vi.fn();
    const expired = createRiderApi({
      token: () => 'tok',
      language: () => 'en',
      onUnauthorized,
      fetch: async () => new Response('{"statusCode":401,"message":"Sign in"}', { status: 401 }),
    });
    await expect(expired.today()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('send the photo as multipart with its order and key', async () => {
    const fetch = vi.fn(
      async (..._args: Parameters<typeof globalThis.fetch>) =>
        new Response('{"statusCode":200,"message":"ok","result":{"orderId":"o1"}}'),
    );
    const api = createRiderApi({
      token: () => 't',
      language: () => 'en',
      onUnauthorized: vi.fn(),
      fetch,
    });
    await expect(api.proof('o1', 'key-123456', new Blob(['x']))).resolves.toEqual({
      orderId: 'o1',
    });
    const body = fetch.mock.calls[0][1]?.body as FormData;
    expect(body.get('orderId')).toBe('o1');
    expect(body.get('idempotencyKey')).toBe('key-123456');
    expect(body.get('photo')).toBeInstanceOf(Blob);
  });
});

describe("the rider's own order of stops", () => {
  it('keeps the placed ones in place, a new emergency on top, new others at the bottom', () => {
    const stops = [stop('e1', true), stop('a'), stop('b'), stop('c'), stop('e2', true)];
    expect(arrangeStops(stops, []).map((s) => s.orderId)).toEqual(['e1', 'e2', 'a', 'b', 'c']);
    expect(arrangeStops(stops, ['c', 'a', 'e1']).map((s) => s.orderId)).toEqual([
      'e2',
      'c',
      'a',
      'e1',
      'b',
    ]);
  });

  it('moves one place, and not past an end', () => {
    expect(moveStop(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveStop(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveStop(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveStop(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });

  it('downscales a photo to at most 1600 px, never enlarging', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });
});

describe("the riders' catalogues", () => {
  it('have the same keys and placeholders in Hindi and English', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    const placeholders = (text: string) =>
      [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(hi[key]), key).toEqual(placeholders(en[key]));
      expect(hi[key], key).not.toBe('');
    }
  });

  it('write money and counts the Indian way, in both languages', () => {
    const english = riderTranslator('en');
    const hindi = riderTranslator('hi');
    expect(english.money(125000)).toBe('₹1,25,000');
    expect(english.money(250.5)).toBe('₹250.50');
    expect(hindi.money(125000)).toBe('₹1,25,000');
    expect(english.t('queue.waiting', { count: 100000 })).toBe('1,00,000 waiting to send');
    expect(hindi.t('queue.waiting', { count: 3 })).toBe('3 भेजना बाकी');
    expect(hindi.t('reason.not-at-home')).toBe('घर पर नहीं');
    expect(english.t('signIn.waiting', { smart_count: 1 })).toMatch(/^1 action is waiting/);
    expect(english.t('signIn.waiting', { smart_count: 2 })).toMatch(/^2 actions are waiting/);
  });
});
