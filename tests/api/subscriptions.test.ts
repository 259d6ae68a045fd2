/**
 * Subscriptions (issue 35): creating and editing one with every refusal of bad input (status,
 * a message naming the field, nothing changed), the list's filters and search, the CSV, one
 * subscription with its history, pauses and skips, the orders a change takes away and
 * cancelling them, the month's calendar, blocking a customer, and the daily status refresh.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, indiaDay } from '@shared/time';
import {
  orderStatusHistoryTable,
  ordersTable,
  subscriptionChangesTable,
  subscriptionPausesTable,
  subscriptionSkipsTable,
  subscriptionsTable,
} from '@server/db/schema';
import { createDeliverySettingsRepository } from '@server/modules/deliverySettings/repository';
import { refreshSubscriptionStatuses } from '@server/modules/subscriptions/statuses';
import { pinClock } from './clock';
import { apiClient, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';

const MORNING = '7:00 AM - 9:00 AM';
const LUNCH = '1:00 PM - 2:00 PM';

let s: TestServer;
let f: OrderFixtures;
let today: string;
const api = apiClient(() => s);

beforeAll(async () => {
  pinClock();
  today = indiaDay();
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  await createDeliverySettingsRepository(s.db).saveTime({
    pickupTime: [],
    deliveryTime: [MORNING, LUNCH],
    gapHours: 0,
  });
}, 60_000);

afterAll(() => s?.close());

/** A water jar every day from tomorrow for the first customer, with `over` changed. */
function waterBody(over: Record<string, unknown> = {}) {
  return {
    userId: f.customers[0]!.id,
    productId: f.products.water.id,
    accessories: [{ accessoryId: f.tap.id, quantity: 1 }],
    quantity: 2,
    returnQuantity: 2,
    schedule: { kind: 'daily' },
    slot: MORNING,
    startDate: addDays(today, 1),
    paymentMethod: 'Cash on Delivery',
    ...over,
  };
}

/** The fields of a subscription answer the tests read. */
interface SubscriptionAnswer {
  _id: string;
  status: string;
  [field: string]: unknown;
}

async function create(over: Record<string, unknown> = {}) {
  const res = await api.post('subscription/create', waterBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.subscription as SubscriptionAnswer;
}

/** How many subscriptions, history rows, pauses and skips there are: "nothing changed". */
async function footprint() {
  const n = async (
    table:
      | typeof subscriptionsTable
      | typeof subscriptionChangesTable
      | typeof subscriptionPausesTable
      | typeof subscriptionSkipsTable,
  ) => (await s.db.select({ n: count() }).from(table))[0]!.n;
  return {
    subscriptions: await n(subscriptionsTable),
    changes: await n(subscriptionChangesTable),
    pauses: await n(subscriptionPausesTable),
    skips: await n(subscriptionSkipsTable),
  };
}

/** An order already made for the subscription's day (as the roster run makes it). */
async function madeFor(subscriptionId: string, day: string, customer = 0) {
  const order = await f.place({ kind: 'water', customer });
  await s.db
    .update(ordersTable)
    .set({ subscriptionId, deliveryDay: day })
    .where(eq(ordersTable.id, order.id));
  return order;
}

describe('subscription/create', () => {
  it('stores a subscription and answers it with its names, schedule and next delivery', async () => {
    const sub = await create();
    expect(sub).toMatchObject({
      userId: f.customers[0]!.id,
      customer: { name: 'Aarav Sharma', phone: '9876543210' },
      serviceId: f.services.water.id,
      serviceKind: 'water',
      productName: '20 L Jar',
      planId: null,
      accessories: [{ accessoryId: f.tap.id, name: 'Tap', quantity: 1 }],
      quantity: 2,
      schedule: { kind: 'daily', weekdays: [], everyNDays: null },
      scheduleText: 'Every day',
      slot: MORNING,
      addressId: f.customers[0]!.addressId,
      address: { pincode: '560001' },
      pincode: '560001',
      endDate: null,
      status: 'Active',
      pause: null,
      nextDelivery: addDays(today, 1),
    });
    const detail = await api.get(`subscription/get-subscription/${sub._id}`);
    expect(detail.statusCode).toBe(200);
    const history = detail.json().result.history;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'created', adminName: expect.any(String) });
    // The history names things as a person reads them, not by id.
    expect(history[0].changes).toMatchObject({
      quantity: [null, 2],
      product: [null, '20 L Jar'],
      accessories: [null, 'Tap × 1'],
      schedule: [null, 'Every day'],
    });
  });

  it('ends a plan after its duration when no end is given', async () => {
    const sub = await create({
      productId: undefined,
      planId: f.plan.id,
      accessories: [],
      slot: LUNCH,
      schedule: { kind: 'weekdays', weekdays: [1, 2, 3, 4, 5] },
    });
    expect(sub).toMatchObject({
      serviceKind: 'tiffin',
      planName: 'Monthly',
      endDate: addDays(addDays(today, 1), 29),
      scheduleText: 'Mon, Tue, Wed, Thu, Fri',
    });
  });

  const refusals: [string, () => Record<string, unknown>, number, RegExp][] = [
    ['an end before the start', () => ({ endDate: today }), 400, /End date/],
    ['quantity 0', () => ({ quantity: 0 }), 400, /Quantity/],
    ['an unknown slot', () => ({ slot: '3:00 AM' }), 400, /Slot/],
    [
      'an empty weekday list',
      () => ({ schedule: { kind: 'weekdays', weekdays: [] } }),
      400,
      /Weekdays/,
    ],
    [
      'every 1 day',
      () => ({ schedule: { kind: 'everyNDays', everyNDays: 1 } }),
      400,
      /Every N days/,
    ],
    [
      'an accessory of another service',
      () => ({ productId: f.products.oxygen.id }),
      400,
      /Accessories: Tap is not an accessory/,
    ],
    ['an unknown user', () => ({ userId: 'no-such-user' }), 404, /User id/],
    ['an unknown product', () => ({ productId: 'no-such-product' }), 404, /Product id/],
    ['an unknown plan', () => ({ productId: undefined, planId: 'no-such-plan' }), 404, /Plan id/],
    ['an unknown address', () => ({ addressId: 'no-such-address' }), 404, /Address id/],
    [
      "an address not the customer's",
      () => ({ addressId: f.customers[1]!.addressId }),
      400,
      /Address id/,
    ],
    ['neither product nor plan', () => ({ productId: undefined }), 400, /productId/],
  ];
  for (const [what, over, status, message] of refusals) {
    it(`refuses ${what} (${status}) and changes nothing`, async () => {
      const before = await footprint();
      const res = await api.post('subscription/create', waterBody(over()));
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(await footprint()).toEqual(before);
    });
  }

  it('refuses a blocked customer (409) and changes nothing', async () => {
    const blocked = f.customers[3]!;
    await api.post('user/update-user-status', { userId: blocked.id, status: 'Blocked' });
    const before = await footprint();
    const res = await api.post(
      'subscription/create',
      waterBody({ userId: blocked.id, accessories: [] }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/blocked/);
    expect(await footprint()).toEqual(before);
    await api.post('user/update-user-status', { userId: blocked.id, status: 'Active' });
  });
});

describe('subscription/edit', () => {
  it('records what changed and answers the orders already made from today on', async () => {
    const sub = await create();
    const order = await madeFor(sub._id, addDays(today, 1));
    const res = await api.post('subscription/edit', {
      subscriptionId: sub._id,
      quantity: 3,
      slot: LUNCH,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { subscription, madeOrders } = res.json().result;
    expect(subscription).toMatchObject({ quantity: 3, slot: LUNCH });
    expect(madeOrders).toEqual([
      { _id: order.id, orderId: order.orderId, deliveryDay: addDays(today, 1), status: 'Pending' },
    ]);
    const detail = (await api.get(`subscription/get-subscription/${sub._id}`)).json().result;
    expect(detail.history[0]).toMatchObject({
      action: 'edited',
      changes: { quantity: [2, 3], slot: [MORNING, LUNCH] },
    });
  });

  it('refuses a product of another service, and an Ended subscription, changing nothing', async () => {
    const sub = await create();
    let before = await footprint();
    const other = await api.post('subscription/edit', {
      subscriptionId: sub._id,
      productId: f.products.oxygen.id,
      accessories: [],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/Product id/);
    expect(await footprint()).toEqual(before);

    await s.db
      .update(subscriptionsTable)
      .set({ status: 'Ended', endDate: addDays(today, -1), startDate: addDays(today, -5) })
      .where(eq(subscriptionsTable.id, sub._id));
    before = await footprint();
    const ended = await api.post('subscription/edit', { subscriptionId: sub._id, quantity: 5 });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toMatch(/ended/);
    const paused = await api.post('subscription/pause', {
      subscriptionId: sub._id,
      from: addDays(today, 1),
    });
    expect(paused.statusCode).toBe(409);
    expect(await footprint()).toEqual(before);
  });

  it('answers 404 for an unknown subscription', async () => {
    const res = await api.post('subscription/edit', { subscriptionId: 'nope', quantity: 1 });
    expect(res.statusCode).toBe(404);
  });
});

describe('pausing, resuming and skipping', () => {
  it('keeps a subscription Active until a later pause starts, and refuses an overlapping one', async () => {
    const sub = await create();
    const order = await madeFor(sub._id, addDays(today, 2));
    const res = await api.post('subscription/pause', {
      subscriptionId: sub._id,
      from: addDays(today, 2),
      to: addDays(today, 4),
      reason: 'Travelling',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { subscription, madeOrders } = res.json().result;
    expect(subscription).toMatchObject({
      status: 'Active',
      pause: { from: addDays(today, 2), to: addDays(today, 4), reason: 'Travelling' },
      nextDelivery: addDays(today, 1),
    });
    expect(madeOrders.map((o: { _id: string }) => o._id)).toEqual([order.id]);

    const before = await footprint();
    const overlap = await api.post('subscription/pause', {
      subscriptionId: sub._id,
      from: addDays(today, 4),
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toMatch(/overlaps/);
    const past = await api.post('subscription/pause', {
      subscriptionId: sub._id,
      from: addDays(today, -1),
      to: addDays(today, 1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/From/);
    const backwards = await api.post('subscription/pause', {
      subscriptionId: sub._id,
      from: addDays(today, 9),
      to: addDays(today, 8),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/To/);
    expect(await footprint()).toEqual(before);

    // The roster's run flips it on the pause's first day.
    await refreshSubscriptionStatuses(s.db, addDays(today, 2));
    const [row] = await s.db
      .select()
      .from(subscriptionsTable)
      .where(eq(subscriptionsTable.id, sub._id));
    expect(row).toMatchObject({ status: 'Paused', statusReason: 'Travelling' });
    await refreshSubscriptionStatuses(s.db, addDays(today, 5));
    const [after] = await s.db
      .select()
      .from(subscriptionsTable)
      .where(eq(subscriptionsTable.id, sub._id));
    expect(after!.status).toBe('Active');
  });

  it('pauses from today until resumed, then resumes', async () => {
    const sub = await create();
    const paused = await api.post('subscription/pause', { subscriptionId: sub._id, from: today });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().result.subscription).toMatchObject({
      status: 'Paused',
      pause: { from: today, to: null },
      nextDelivery: null,
    });
    const resumed = await api.post('subscription/resume', { subscriptionId: sub._id });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().result.subscription).toMatchObject({
      status: 'Active',
      pause: null,
      nextDelivery: addDays(today, 1),
    });
    const again = await api.post('subscription/resume', { subscriptionId: sub._id });
    expect(again.statusCode).toBe(409);
    const history = (await api.get(`subscription/get-subscription/${sub._id}`)).json().result
      .history;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'resumed',
      'paused',
      'created',
    ]);
    expect(history[1].changes.status).toEqual(['Active', 'Paused']);
  });

  it('skips a scheduled day, refuses a past or unscheduled one, and unskips', async () => {
    // Every 3 days from tomorrow: tomorrow, +4, +7 ...
    const sub = await create({ schedule: { kind: 'everyNDays', everyNDays: 3 } });
    const order = await madeFor(sub._id, addDays(today, 1));
    const before = await footprint();
    const past = await api.post('subscription/skip', {
      subscriptionId: sub._id,
      date: addDays(today, -1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/Date: .* already past/);
    const off = await api.post('subscription/skip', {
      subscriptionId: sub._id,
      date: addDays(today, 2),
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toMatch(/not a scheduled day/);
    expect(await footprint()).toEqual(before);

    const skipped = await api.post('subscription/skip', {
      subscriptionId: sub._id,
      date: addDays(today, 1),
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().result.subscription.nextDelivery).toBe(addDays(today, 4));
    expect(skipped.json().result.madeOrders.map((o: { _id: string }) => o._id)).toEqual([order.id]);
    const detail = (await api.get(`subscription/get-subscription/${sub._id}`)).json().result;
    expect(detail.skips).toEqual([{ date: addDays(today, 1) }]);

    const unskipped = await api.post('subscription/unskip', {
      subscriptionId: sub._id,
      date: addDays(today, 1),
    });
    expect(unskipped.statusCode).toBe(200);
    expect(unskipped.json().result.subscription.nextDelivery).toBe(addDays(today, 1));
    const twice = await api.post('subscription/unskip', {
      subscriptionId: sub._id,
      date: addDays(today, 1),
    });
    expect(twice.statusCode).toBe(404);
  });
});

describe('subscription/cancel-day-order', () => {
  it('cancels an open order of the subscription with its history rows, and only that', async () => {
    const sub = await create();
    const order = await madeFor(sub._id, addDays(today, 1));
    const res = await api.post('subscription/cancel-day-order', {
      subscriptionId: sub._id,
      orderId: order.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await s.db.select().from(ordersTable).where(eq(ordersTable.id, order.id));
    expect(row!.status).toBe('Cancelled');
    const steps = await s.db
      .select()
      .from(orderStatusHistoryTable)
      .where(eq(orderStatusHistoryTable.orderId, order.id));
    expect(steps.at(-1)).toMatchObject({
      toStatus: 'Cancelled',
      adminName: expect.any(String),
      note: expect.stringMatching(/subscription/),
    });
    const detail = (await api.get(`subscription/get-subscription/${sub._id}`)).json().result;
    expect(detail.history[0].action).toBe('order cancelled');

    const again = await api.post('subscription/cancel-day-order', {
      subscriptionId: sub._id,
      orderId: order.id,
    });
    expect(again.statusCode).toBe(409);
    const plain = await f.place({ kind: 'water' });
    const notOurs = await api.post('subscription/cancel-day-order', {
      subscriptionId: sub._id,
      orderId: plain.id,
    });
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json().message).toMatch(/Order id/);
  });
});

describe('subscription/calendar', () => {
  it('gives every day of the month its state', async () => {
    const sub = await create({ startDate: today, schedule: { kind: 'alternate' } });
    // today, +2, +4, +6 ... are scheduled; today's order delivered, +2 skipped, +4 paused.
    const delivered = await madeFor(sub._id, today);
    await s.db
      .update(ordersTable)
      .set({ status: 'Delivered' })
      .where(eq(ordersTable.id, delivered.id));
    await api.post('subscription/skip', { subscriptionId: sub._id, date: addDays(today, 2) });
    await api.post('subscription/pause', {
      subscriptionId: sub._id,
      from: addDays(today, 4),
      to: addDays(today, 4),
      reason: 'Guests away',
    });
    const month = today.slice(0, 7);
    const res = await api.get(`subscription/calendar/${sub._id}?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const { days } = res.json().result;
    const on = (day: string) => days.find((d: { date: string }) => d.date === day);
    expect(days[0].date).toBe(`${month}-01`);
    expect(on(today)).toMatchObject({ state: 'delivered', order: { _id: delivered.id } });
    if (addDays(today, 1).startsWith(month)) expect(on(addDays(today, 1)).state).toBe('none');
    if (addDays(today, 2).startsWith(month)) expect(on(addDays(today, 2)).state).toBe('skipped');
    if (addDays(today, 4).startsWith(month)) {
      expect(on(addDays(today, 4))).toMatchObject({ state: 'paused', reason: 'Guests away' });
    }
    if (addDays(today, 6).startsWith(month)) expect(on(addDays(today, 6)).state).toBe('upcoming');
    if (addDays(today, -1).startsWith(month)) expect(on(addDays(today, -1)).state).toBe('none');

    const bad = await api.get(`subscription/calendar/${sub._id}?month=2026-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Month/);
  });
});

describe('subscription/get-all-subscriptions and export-subscriptions', () => {
  let priya: SubscriptionAnswer;
  let rohan: SubscriptionAnswer;
  beforeAll(async () => {
    priya = await create({ userId: f.customers[1]!.id, accessories: [], slot: LUNCH });
    rohan = await create({
      userId: f.customers[2]!.id,
      productId: f.products.oxygen.id,
      accessories: [],
      endDate: addDays(today, 10),
    });
  });

  const list = async (query: string) => {
    const res = await api.get(`subscription/get-all-subscriptions?limit=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { subscriptions: SubscriptionAnswer[]; totalRecords: number };
  };

  it('filters, searches and totals', async () => {
    const all = await list('');
    expect(all.totalRecords).toBe(all.subscriptions.length);
    expect(all.subscriptions[0]!._id).toBe(rohan._id);

    for (const [query, expected] of [
      [`userId=${f.customers[1]!.id}`, [priya._id]],
      [`serviceId=${f.services.oxygen.id}`, [rohan._id]],
      ['pincode=110001', [rohan._id]],
      [`userId=${f.customers[1]!.id}&slot=${encodeURIComponent(LUNCH)}`, [priya._id]],
      ['endingWithin=20', [rohan._id]],
      ['search=Priya', [priya._id]],
      ['search=Mehta', [rohan._id]],
      ['search=99887', [rohan._id]],
    ] as const) {
      const page = await list(query);
      expect(
        page.subscriptions.map((x) => x._id),
        query,
      ).toEqual(expected);
      expect(page.totalRecords, query).toBe(expected.length);
    }
    const active = await list('status=Active');
    expect(active.totalRecords).toBe(active.subscriptions.length);
    expect(active.subscriptions.every((x) => x.status === 'Active')).toBe(true);
    const bySlot = await list(`slot=${encodeURIComponent(LUNCH)}`);
    expect(bySlot.totalRecords).toBe(bySlot.subscriptions.length);
    expect((await list('search=Nobodyhere')).totalRecords).toBe(0);

    const bad = await api.get('subscription/get-all-subscriptions?limit=101');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Limit/);
    const badStatus = await api.get('subscription/get-all-subscriptions?status=Sleeping');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toMatch(/Status/);
  });

  it('exports the list as CSV', async () => {
    const res = await api.get(
      `subscription/export-subscriptions?serviceId=${f.services.oxygen.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Subscription ID,Customer,Phone,Service/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Rohan Mehta');
  });
});

describe('blocking a customer', () => {
  it('pauses their subscriptions and unblocking resumes them', async () => {
    const kavya = f.customers[3]!;
    const sub = await create({ userId: kavya.id, accessories: [] });
    const blocked = await api.post('user/update-user-status', {
      userId: kavya.id,
      status: 'Blocked',
    });
    expect(blocked.statusCode).toBe(200);
    let one = (await api.get(`subscription/get-subscription/${sub._id}`)).json().result;
    expect(one.subscription).toMatchObject({
      status: 'Paused',
      statusReason: 'Customer blocked',
      pause: { from: today, to: null, reason: 'Customer blocked' },
    });
    expect(one.history[0]).toMatchObject({ action: 'paused', note: 'Customer blocked' });

    await api.post('user/update-user-status', { userId: kavya.id, status: 'Active' });
    one = (await api.get(`subscription/get-subscription/${sub._id}`)).json().result;
    expect(one.subscription).toMatchObject({ status: 'Active', pause: null });

    // The bulk call does the same.
    const bulk = await api.post('user/bulk-update-status', {
      userIds: [kavya.id],
      status: 'Blocked',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    one = (await api.get(`subscription/get-subscription/${sub._id}`)).json().result;
    expect(one.subscription.status).toBe('Paused');
    await api.post('user/bulk-update-status', { userIds: [kavya.id], status: 'Active' });
    one = (await api.get(`subscription/get-subscription/${sub._id}`)).json().result;
    expect(one.subscription.status).toBe('Active');
  });
});

describe('statuses', () => {
  it('ends a subscription past its end date', async () => {
    const sub = await create({ endDate: addDays(today, 3) });
    await refreshSubscriptionStatuses(s.db, addDays(today, 4));
    const one = (await api.get(`subscription/get-subscription/${sub._id}`)).json().result;
    expect(one.subscription).toMatchObject({ status: 'Ended', nextDelivery: null });
    expect(one.history[0]).toMatchObject({
      action: 'ended',
      changes: { status: ['Active', 'Ended'] },
    });
  });
});

describe('order/get-customer-orders', () => {
  it("answers one customer's orders newest first with their subscription and day", async () => {
    const rohan = f.customers[2]!;
    const sub = await create({ userId: rohan.id, accessories: [] });
    const older = await f.place({
      kind: 'oxygen',
      customer: 2,
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const made = await madeFor(sub._id, addDays(today, 1), 2);
    const res = await api.get(`order/get-customer-orders?userId=${rohan.id}&page=1&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const { orders, totalRecords } = res.json().result;
    expect(totalRecords).toBe(orders.length);
    expect(orders[0]).toMatchObject({
      _id: made.id,
      subscriptionId: sub._id,
      deliveryDay: addDays(today, 1),
    });
    expect(orders.at(-1)).toMatchObject({ _id: older.id, subscriptionId: null, deliveryDay: null });
    const unknown = await api.get('order/get-customer-orders?userId=nobody');
    expect(unknown.statusCode).toBe(404);
  });
});
