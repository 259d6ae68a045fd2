import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogTable,
  ordersTable,
  orderStatusHistoryTable,
  productsTable,
  returnableBalancesTable,
  riderActionsTable,
} from '@server/db/schema';
import { sha256Hex, uploadRelative } from '@server/lib/uploadStore';
import { bearer, createTestServer, multipart, pngPart, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures, type PlaceOptions } from './orderFixtures';
import { assignToRider, createRider, type RiderDto } from './riderFixtures';

/**
 * The rider app (issue 40): sign-in by PIN, today's stops, delivered / not delivered at the
 * door, a proof photo; each action once whatever the retries; a rider reaches only their own
 * orders; messages in the language the page asks for.
 */

let s: TestServer;
let f: OrderFixtures;
let ravi: RiderDto;
let sita: RiderDto;
let raviToken: string;
let sitaToken: string;
const PIN = '4826';

const inject = (
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: object,
  language?: string,
) =>
  s.app.inject({
    method,
    url: `/api/${url}`,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(language ? { 'accept-language': language } : {}),
    },
    ...(payload ? { payload } : {}),
  });

const setPin = (riderId: string, pin: string, token = s.superToken) =>
  inject('POST', 'rider/set-pin', token, { riderId, pin });
const login = (phone: string, pin: string, language?: string) =>
  inject('POST', 'rider-app/login', undefined, { phone, pin }, language);
const today = async (token: string) => {
  const res = await inject('GET', 'rider-app/today', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as {
    day: string;
    emergencyAlertMinutes: number;
    total: number;
    stops: Stop[];
  };
};

interface Stop {
  orderId: string;
  orderNo: string;
  status: string;
  isEmergency: boolean;
  items: { key: string; name: string; quantity: number }[];
  empties: { kind: string; toCollect: number; held: number } | null;
  toCollect: { method: string; amount: number };
  outcome: null | {
    kind: string;
    reason?: string;
    emptiesCollected?: number;
    collected?: { method: string; amount: number; reference?: string };
    photoUrl?: string;
  };
  customer: { name: string; phone: string };
  address: string;
}

let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;

/** A water order of `customer` given to the rider for today; answers its id. */
async function job(
  rider: RiderDto,
  opts: Partial<PlaceOptions> = {},
): Promise<{ id: string; orderNo: string }> {
  const row = await f.place({
    kind: 'water',
    quantity: 2,
    returnQuantity: 2,
    paymentMethod: 'Cash on Delivery',
    totalAmount: 120,
    ...opts,
  });
  await assignToRider(s.db, [row.id], rider._id);
  return { id: row.id, orderNo: row.orderId };
}

const deliverBody = (orderId: string, over: Record<string, unknown> = {}) => ({
  orderId,
  idempotencyKey: newKey(),
  delivered: [{ key: 'product', quantity: 2 }],
  emptiesCollected: 0,
  collected: { method: 'Cash', amount: 120 },
  ...over,
});

const orderRow = async (id: string) =>
  (await s.db.select().from(ordersTable).where(eq(ordersTable.id, id)))[0]!;
const historyOf = (id: string) =>
  s.db
    .select()
    .from(orderStatusHistoryTable)
    .where(eq(orderStatusHistoryTable.orderId, id))
    .orderBy(orderStatusHistoryTable.id);
const jarsHeld = async (customerId: string) =>
  (
    await s.db
      .select({ n: returnableBalancesTable.outstanding })
      .from(returnableBalancesTable)
      .where(
        and(
          eq(returnableBalancesTable.customerId, customerId),
          eq(returnableBalancesTable.itemId, f.products.water.id),
        ),
      )
  )[0]?.n ?? 0;

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  // Water jars go out full and come back empty.
  await s.db
    .update(productsTable)
    .set({ returnable: true, deposit: '150.00' })
    .where(eq(productsTable.id, f.products.water.id));
  ravi = await createRider(s, { name: 'Ravi Kumar', pincodes: ['560001', '560034'] });
  sita = await createRider(s, { name: 'Sita Devi', pincodes: ['560001'] });
  for (const r of [ravi, sita]) expect((await setPin(r._id, PIN)).statusCode).toBe(200);
  raviToken = (await login(ravi.phone, PIN)).json().result.token;
  sitaToken = (await login(sita.phone, PIN)).json().result.token;
});
afterAll(() => s.close());

describe('POST rider/set-pin', () => {
  it.each([
    ['123', 'PIN must be 4 to 6 digits.'],
    ['12a4', 'PIN must be 4 to 6 digits.'],
    ['1234567', 'PIN must be 4 to 6 digits.'],
    ['7777', 'Choose a PIN that is not one digit repeated.'],
    ['3456', 'Choose a PIN that is not a run of digits like 1234.'],
  ])('refuses %s with a message saying why, and keeps the old PIN', async (pin, message) => {
    const res = await setPin(ravi._id, pin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await login(ravi.phone, PIN)).statusCode).toBe(200);
  });

  it('is for admins who dispatch: 403 without Assigning Jobs, 404 for an unknown rider', async () => {
    const clerk = await s.createAdmin({ permissions: { orders: true } });
    expect((await setPin(ravi._id, '5931', clerk.token)).statusCode).toBe(403);
    const res = await setPin('no-such-rider', '5931');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This rider does not exist.');
  });

  it('signs the rider out on every device and leaves an audit row', async () => {
    const rider = await createRider(s, { name: 'Mohan Lal' });
    await setPin(rider._id, '2580');
    const token = (await login(rider.phone, '2580')).json().result.token as string;
    expect((await inject('GET', 'rider-app/today', token)).statusCode).toBe(200);
    const res = await setPin(rider._id, '9153');
    expect(res.json().message).toBe(
      'PIN set for Mohan Lal. Tell the rider in person; it is not shown again. 1 signed-in device was signed out.',
    );
    expect((await inject('GET', 'rider-app/today', token)).statusCode).toBe(401);
    expect((await login(rider.phone, '2580')).statusCode).toBe(401);
    expect((await login(rider.phone, '9153')).statusCode).toBe(200);
    const [audit] = await s.db
      .select()
      .from(auditLogTable)
      .orderBy(desc(auditLogTable.id))
      .limit(1);
    expect(audit!.summary).toBe('Set the rider app PIN of Mohan Lal');
  });
});

describe('POST rider-app/login', () => {
  it('answers a token and the rider for the right phone and PIN (+91 and spaces allowed)', async () => {
    const res = await login(`+91 ${ravi.phone.slice(0, 5)} ${ravi.phone.slice(5)}`, PIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.rider).toEqual({
      id: ravi._id,
      name: 'Ravi Kumar',
      phone: ravi.phone,
    });
  });

  it('answers the same 401 for a wrong PIN, an unknown phone and a rider without a PIN', async () => {
    const noPin = await createRider(s);
    for (const [phone, pin] of [
      [ravi.phone, '0000'],
      ['9000000001', PIN],
      [noPin.phone, PIN],
    ] as const) {
      const res = await login(phone, pin);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Wrong mobile number or PIN.');
    }
  });

  it('speaks Hindi when the page asks for it', async () => {
    const res = await login(ravi.phone, '0001', 'hi');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('मोबाइल नंबर या पिन ग़लत है।');
    expect(res.headers['content-language']).toBe('hi');
  });

  it('limits guessing as the admin sign-in does: the 11th try on one phone is 429', async () => {
    const rider = await createRider(s);
    await setPin(rider._id, '8642');
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) answers.push((await login(rider.phone, '1357')).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers[10]).toBe(429);
    // Even the right PIN waits now.
    const res = await login(rider.phone, '8642');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many tries. Wait 15 min and try again.');
  });

  it('refuses an inactive rider, and an active session stops when the rider is made inactive', async () => {
    const rider = await createRider(s);
    await setPin(rider._id, '8642');
    const token = (await login(rider.phone, '8642')).json().result.token as string;
    await inject('POST', 'rider/edit-rider', s.superToken, {
      riderId: rider._id,
      name: rider.name,
      phone: rider.phone,
      pincodes: rider.pincodes,
      shift: rider.shift,
      status: 'Inactive',
    });
    expect((await inject('GET', 'rider-app/today', token)).statusCode).toBe(401);
    const res = await login(rider.phone, '8642');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your rider account is inactive. Ask your admin.');
  });
});

describe('GET rider-app/today', () => {
  it("lists the rider's own stops of today, emergencies first, with what to give, take and collect", async () => {
    const rider = await createRider(s, { pincodes: ['560001', '560034'] });
    await setPin(rider._id, '8642');
    const token = (await login(rider.phone, '8642')).json().result.token as string;
    const plain = await job(rider, { customer: 1 });
    const urgent = await job(rider, { customer: 0, isEmergency: true, paymentMethod: 'Wallet' });
    await job(ravi); // someone else's
    const tomorrow = await f.place({ kind: 'water' });
    await assignToRider(s.db, [tomorrow.id], rider._id, {
      date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    });

    const result = await today(token);
    expect(result.emergencyAlertMinutes).toBe(90);
    expect(result.stops.map((x) => x.orderId)).toEqual([urgent.id, plain.id]);
    expect(result.total).toBe(2);
    const [first, second] = result.stops;
    expect(first).toMatchObject({
      orderNo: urgent.orderNo,
      isEmergency: true,
      status: 'Pending',
      customer: { name: 'Aarav Sharma', phone: '9876543210' },
      items: [{ key: 'product', name: f.products.water.name, quantity: 2 }],
      empties: { kind: 'jar', toCollect: 2, held: 0 },
      toCollect: { method: 'Wallet', amount: 120 },
      outcome: null,
    });
    expect(first!.address).toContain('12 MG Road');
    expect(second!.toCollect).toEqual({ method: 'Cash', amount: 120 });
    // Nobody else sees them.
    const theirs = (await today(sitaToken)).stops.map((x) => x.orderId);
    expect(theirs).not.toContain(urgent.id);
    expect(theirs).not.toContain(plain.id);
  });
});

describe('POST rider-app/deliver', () => {
  it('delivers: the order, its history naming the rider, the jars ledger and the cash, in one go', async () => {
    // The customer holds two jars from an earlier delivery.
    await f.place({ kind: 'water', customer: 2, quantity: 2, status: 'Delivered' });
    const customerId = f.customers[2]!.id;
    expect(await jarsHeld(customerId)).toBe(2);
    const { id } = await job(ravi, { customer: 2 });
    const res = await inject(
      'POST',
      'rider-app/deliver',
      raviToken,
      deliverBody(id, { emptiesCollected: 2 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      orderId: id,
      status: 'Delivered',
      outcome: {
        kind: 'delivered',
        emptiesCollected: 2,
        collected: { method: 'Cash', amount: 120 },
      },
    });
    const order = await orderRow(id);
    expect(order).toMatchObject({ status: 'Delivered', returnQuantity: 2 });
    const last = (await historyOf(id)).at(-1)!;
    expect(last).toMatchObject({
      fromStatus: 'Pending',
      toStatus: 'Delivered',
      adminId: null,
      riderId: ravi._id,
      adminName: 'Ravi Kumar',
    });
    expect(last.note).toBe(
      'Delivered at the door by the rider; 2 empty jars collected; ₹120 cash collected',
    );
    // Two full jars out, two empties back: still two held.
    expect(await jarsHeld(customerId)).toBe(2);
    // The day's cash with the rider counts it.
    const cash = await inject('GET', `rider/cash?date=${order.runDate}`, s.superToken);
    expect(cash.statusCode, cash.body).toBe(200);
    const mine = cash
      .json()
      .result.riders.find((r: { riderId: string }) => r.riderId === ravi._id) as {
      expected: number;
    };
    expect(mine.expected).toBeGreaterThanOrEqual(120);
    // The admin's order screen shows who did it.
    const view = await inject('GET', `order/get-order/${id}`, s.superToken);
    expect(view.json().result.order.statusHistory.at(-1).by).toEqual({
      _id: ravi._id,
      name: 'Ravi Kumar (rider)',
    });
  });

  it('applies a retried action once, and refuses the same key with other content (409)', async () => {
    const { id } = await job(ravi);
    const body = deliverBody(id);
    const answers = await Promise.all([
      inject('POST', 'rider-app/deliver', raviToken, body),
      inject('POST', 'rider-app/deliver', raviToken, body),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const again = await inject('POST', 'rider-app/deliver', raviToken, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Already saved.');
    expect((await historyOf(id)).filter((h) => h.toStatus === 'Delivered')).toHaveLength(1);
    const actions = await s.db
      .select()
      .from(riderActionsTable)
      .where(eq(riderActionsTable.orderId, id));
    expect(actions).toHaveLength(1);

    const changed = await inject('POST', 'rider-app/deliver', raviToken, {
      ...body,
      emptiesCollected: 1,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(
      'This action was already sent with different details. Refresh your list.',
    );
    // A new tap on a delivered stop: 409 naming the order.
    const twice = await inject('POST', 'rider-app/deliver', raviToken, deliverBody(id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/is already marked delivered/);
  });

  it.each([
    [
      'more jars than ordered',
      { delivered: [{ key: 'product', quantity: 3 }] },
      /you can give at most 2, as ordered/,
    ],
    [
      'fewer jars than ordered',
      { delivered: [{ key: 'product', quantity: 1 }] },
      /give all 2, as ordered, or mark the stop Not delivered/,
    ],
    [
      'an item the order does not have',
      {
        delivered: [
          { key: 'product', quantity: 2 },
          { key: 'tap-x', quantity: 1 },
        ],
      },
      /is not part of order/,
    ],
    ['more empties than the customer holds', { emptiesCollected: 5 }, /holds only 0 empties/],
    [
      'an amount that does not match',
      { collected: { method: 'Cash', amount: 100 } },
      /The amount to collect is ₹120/,
    ],
    [
      'UPI without a reference',
      { collected: { method: 'UPI', amount: 120 } },
      /Enter the UPI reference/,
    ],
  ])('refuses %s with a message, changing nothing', async (_what, over, message) => {
    const { id } = await job(ravi, { customer: 3 });
    const before = await orderRow(id);
    const res = await inject('POST', 'rider-app/deliver', raviToken, deliverBody(id, over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await orderRow(id)).toEqual(before);
    expect(
      await s.db.select().from(riderActionsTable).where(eq(riderActionsTable.orderId, id)),
    ).toEqual([]);
  });

  it("refuses another rider's order (403) and an order paid already asking for money", async () => {
    const { id } = await job(sita);
    const res = await inject('POST', 'rider-app/deliver', raviToken, deliverBody(id));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This order is not on your list. Ask dispatch.');
    expect((await orderRow(id)).status).toBe('Pending');

    const paid = await job(ravi, { paymentMethod: 'Online' });
    const wrong = await inject('POST', 'rider-app/deliver', raviToken, deliverBody(paid.id));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This order is paid online already: collect no money.');
    const right = await inject(
      'POST',
      'rider-app/deliver',
      raviToken,
      deliverBody(paid.id, { collected: { method: 'None', amount: 0 } }),
    );
    expect(right.statusCode, right.body).toBe(200);
  });

  it('takes a cash-on-delivery order paid by UPI at the door: the order becomes paid Online', async () => {
    const { id } = await job(ravi);
    const res = await inject(
      'POST',
      'rider-app/deliver',
      raviToken,
      deliverBody(id, { collected: { method: 'UPI', amount: 120, reference: '432109876543' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'Delivered', paymentMethod: 'Online' });
    expect((await historyOf(id)).at(-1)!.note).toContain(
      '₹120 paid by UPI (reference 432109876543)',
    );
  });

  it('answers in Hindi when the page asks for it', async () => {
    const { id } = await job(sita);
    const res = await inject('POST', 'rider-app/deliver', raviToken, deliverBody(id), 'hi');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('यह ऑर्डर आपकी सूची में नहीं है। डिस्पैच से पूछें।');
  });
});

describe('POST rider-app/not-delivered', () => {
  it('keeps the order open with the rider, says why in its history and on the stop', async () => {
    const { id } = await job(ravi);
    const res = await inject('POST', 'rider-app/not-delivered', raviToken, {
      orderId: id,
      reason: 'not-at-home',
      note: 'Locked; neighbour says back at 6',
      idempotencyKey: newKey(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.outcome).toMatchObject({
      kind: 'not-delivered',
      reason: 'not-at-home',
      note: 'Locked; neighbour says back at 6',
    });
    expect(await orderRow(id)).toMatchObject({ status: 'Pending', riderId: ravi._id });
    expect((await historyOf(id)).at(-1)).toMatchObject({
      fromStatus: 'Pending',
      toStatus: 'Pending',
      riderId: ravi._id,
      note: 'Not delivered: Not at home (Locked; neighbour says back at 6)',
    });
    // Dispatch sees it on the rider's run.
    const run = await inject('GET', `rider/run/${ravi._id}`, s.superToken);
    const seen = run.json().result.jobs.find((j: { _id: string }) => j._id === id);
    expect(seen.doorOutcome).toMatchObject({ kind: 'not-delivered', reason: 'not-at-home' });
    // Tried again later: delivered after all.
    const later = await inject('POST', 'rider-app/deliver', raviToken, deliverBody(id));
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().result.outcome.kind).toBe('delivered');
  });

  it('refuses an unknown reason (400) and a cancelled order (409)', async () => {
    const { id } = await job(ravi, { status: 'Cancelled' });
    const bad = await inject('POST', 'rider-app/not-delivered', raviToken, {
      orderId: id,
      reason: 'lazy',
      idempotencyKey: newKey(),
    });
    expect(bad.statusCode).toBe(400);
    const res = await inject('POST', 'rider-app/not-delivered', raviToken, {
      orderId: id,
      reason: 'refused',
      idempotencyKey: newKey(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/was cancelled: do not deliver it/);
  });
});

describe('POST rider-app/proof', () => {
  it("keeps a photo as the stop's proof, served from the uploads", async () => {
    const { id } = await job(ravi);
    await inject('POST', 'rider-app/deliver', raviToken, deliverBody(id));
    const { payload, headers } = multipart({
      orderId: id,
      idempotencyKey: newKey(),
      photo: pngPart(await s.tinyPng()),
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/rider-app/proof',
      headers: { ...headers, ...bearer(raviToken) },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().result.outcome.photoUrl as string;
    expect(url).toMatch(/^\/uploads\//);
    expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const stop = (await today(raviToken)).stops.find((x) => x.orderId === id)!;
    expect(stop.outcome).toMatchObject({ kind: 'delivered', photoUrl: url });
  });

  it("refuses a photo for another rider's order (403), keeping nothing", async () => {
    const { id } = await job(sita);
    const png = await s.tinyPng({ r: 1, g: 2, b: 3 });
    const { payload, headers } = multipart({
      orderId: id,
      idempotencyKey: newKey(),
      photo: pngPart(png),
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/rider-app/proof',
      headers: { ...headers, ...bearer(raviToken) },
      payload,
    });
    expect(res.statusCode).toBe(403);
    expect(
      await s.db.select().from(riderActionsTable).where(eq(riderActionsTable.orderId, id)),
    ).toEqual([]);
    expect(await s.readUpload(`/uploads/${uploadRelative(sha256Hex(png), 'png')}`)).toBeUndefined();
  });

  it('refuses a file that is not a picture, in the rider’s language', async () => {
    const { id } = await job(ravi);
    const { payload, headers } = multipart({
      orderId: id,
      idempotencyKey: newKey(),
      photo: pngPart(Buffer.from('not a picture at all')),
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/rider-app/proof',
      headers: { ...headers, ...bearer(raviToken), 'accept-language': 'hi' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('फ़ोटो JPEG, PNG या WebP होनी चाहिए।');
  });
});

describe('signed-in devices', () => {
  it('lists the devices, signs one out, and a signed-out phone gets 401', async () => {
    const rider = await createRider(s);
    await setPin(rider._id, '8642');
    const phoneA = (await login(rider.phone, '8642')).json().result.token as string;
    await login(rider.phone, '8642');
    const list = await inject('GET', `rider/devices/${rider._id}`, s.superToken);
    expect(list.statusCode, list.body).toBe(200);
    const { devices, pinSet } = list.json().result as {
      pinSet: boolean;
      devices: { _id: string }[];
    };
    expect(pinSet).toBe(true);
    expect(devices).toHaveLength(2);
    const session = await s.app.riderSessions.standing(phoneA);
    const out = await inject('POST', 'rider/sign-out-devices', s.superToken, {
      riderId: rider._id,
      deviceId: session!.sessionId,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await inject('GET', 'rider-app/today', phoneA)).statusCode).toBe(401);
    const after = await inject('GET', `rider/devices/${rider._id}`, s.superToken);
    expect(after.json().result.devices).toHaveLength(1);
  });

  it("a rider's own sign-out ends that phone's session only", async () => {
    const rider = await createRider(s);
    await setPin(rider._id, '8642');
    const a = (await login(rider.phone, '8642')).json().result.token as string;
    const b = (await login(rider.phone, '8642')).json().result.token as string;
    expect((await inject('POST', 'rider-app/logout', a)).statusCode).toBe(200);
    expect((await inject('GET', 'rider-app/today', a)).statusCode).toBe(401);
    expect((await inject('GET', 'rider-app/today', b)).statusCode).toBe(200);
  });
});
