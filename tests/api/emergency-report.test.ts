import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '@server/modules/orders/placeOrder';
import { deniedMessage } from '@server/permissions';
import { addDays, indiaDay, indiaMidnight } from '@shared/time';
import { apiClient, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures, type PlaceOptions } from './orderFixtures';
import { assignToRider, createRider, type RiderDto } from './riderFixtures';

/**
 * Emergencies on a clock (issue 40): report/emergencies and its CSV (every emergency of a range
 * with its minutes to delivery and breach, totals, by pin code and by rider), the alert setting
 * it counts by, live/open-emergencies that the panel's "running late" alert counts from, and a
 * delivered emergency's `deliveredAt` on the order record.
 */
let s: TestServer;
let f: OrderFixtures;
const report = apiClient(() => s, 'report');
const settings = apiClient(() => s, 'delivery-time');
const live = apiClient(() => s, 'live');
const orders = apiClient(() => s, 'order');

const TODAY = indiaDay(new Date());
const FROM = addDays(TODAY, -5);
/** Three days ago in India, `hour` o'clock. */
const DAY = addDays(TODAY, -3);
const at = (hour: number) => new Date(indiaMidnight(DAY).getTime() + hour * 3600_000);
const minutes = (n: number) => n * 60_000;

let riderA: RiderDto;
let riderB: RiderDto;
const ids: Record<string, string> = {};
const orderNos: Record<string, string> = {};

/**
 * Places an order whose steps are: placed at `placed`, then each of `steps` (status and minutes
 * after placing). An emergency unless told.
 */
async function place(
  name: string,
  opts: PlaceOptions & { placed: Date; steps?: [string, number][] },
) {
  const order = f.newOrder({ isEmergency: true, ...opts, createdAt: opts.placed });
  order.later = (opts.steps ?? []).map(([status, after]) => ({
    status: status as 'Delivered',
    at: new Date(opts.placed.getTime() + minutes(after)),
  }));
  const row = await placeOrder(s.db, order);
  ids[name] = row.id;
  orderNos[name] = row.orderId;
  return row;
}

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  riderA = await createRider(s, { name: 'Ravi Kumar', pincodes: ['560001'] });
  riderB = await createRider(s, { name: 'Sunil Yadav', pincodes: ['560034'] });
  const now = Date.now();
  // Delivered in 47 min, 125 min (late) and exactly 90 min (late: the alert is at 90).
  await place('quick', {
    kind: 'oxygen',
    pincode: '560001',
    placed: at(9),
    steps: [
      ['Out for Delivery', 10],
      ['Delivered', 47],
    ],
  });
  await place('late', {
    kind: 'oxygen',
    pincode: '560001',
    placed: at(10),
    // Delivered, taken back, delivered again: the last Delivered step counts.
    steps: [
      ['Out for Delivery', 10],
      ['Delivered', 60],
      ['Out for Delivery', 70],
      ['Delivered', 125],
    ],
  });
  await place('edge', {
    kind: 'water',
    pincode: '560034',
    customer: 1,
    placed: at(11),
    steps: [['Delivered', 90]],
  });
  await place('cancelled', {
    kind: 'water',
    pincode: '560034',
    customer: 1,
    placed: at(12),
    steps: [['Cancelled', 30]],
  });
  // Still open: one placed 150 minutes ago (late), one 10 minutes ago.
  await place('stuck', {
    kind: 'oxygen',
    pincode: '110001',
    customer: 2,
    placed: new Date(now - minutes(150)),
    steps: [['Out for Delivery', 20]],
  });
  await place('fresh', {
    kind: 'oxygen',
    pincode: '110001',
    customer: 2,
    placed: new Date(now - minutes(10)),
  });
  // Not counted: an ordinary order, and an emergency before the range.
  await place('ordinary', {
    kind: 'water',
    isEmergency: false,
    pincode: '560001',
    placed: at(13),
    steps: [['Delivered', 300]],
  });
  await place('old', {
    kind: 'oxygen',
    pincode: '560001',
    placed: new Date(indiaMidnight(addDays(TODAY, -40)).getTime() + minutes(600)),
    steps: [['Delivered', 400]],
  });
  await assignToRider(s.db, [ids.quick!, ids.late!], riderA._id);
  await assignToRider(s.db, [ids.edge!, ids.stuck!], riderB._id);
});

afterAll(() => s?.close());

const read = async (query: string, token?: string) => {
  const res = await report.get(`emergencies?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};

describe('report/emergencies', () => {
  it('lists each emergency of the range with its minutes to delivery and breach', async () => {
    const result = await read(`from=${FROM}&to=${TODAY}&limit=100`);
    expect(result).toMatchObject({
      from: FROM,
      to: TODAY,
      alertAfterMinutes: 90,
      totalRecords: 6,
      currentPage: 1,
      totalPages: 1,
    });
    const byName = Object.fromEntries(
      Object.entries(ids).map(([name, id]) => [
        name,
        result.emergencies.find((e: { _id: string }) => e._id === id),
      ]),
    );
    expect(byName.ordinary).toBeUndefined();
    expect(byName.old).toBeUndefined();
    expect(byName.quick).toMatchObject({
      orderId: orderNos.quick,
      customer: { name: 'Aarav Sharma', phone: '9876543210' },
      pincode: '560001',
      rider: { _id: riderA._id, name: 'Ravi Kumar' },
      status: 'Delivered',
      state: 'delivered',
      placedAt: at(9).toISOString(),
      deliveredAt: new Date(at(9).getTime() + minutes(47)).toISOString(),
      minutes: 47,
      breached: false,
    });
    expect(byName.late).toMatchObject({ minutes: 125, breached: true });
    expect(byName.late.deliveredAt).toBe(new Date(at(10).getTime() + minutes(125)).toISOString());
    expect(byName.edge).toMatchObject({
      minutes: 90,
      breached: true,
      rider: { name: 'Sunil Yadav' },
    });
    expect(byName.cancelled).toMatchObject({
      state: 'cancelled',
      minutes: null,
      deliveredAt: null,
      breached: false,
      rider: null,
    });
    expect(byName.stuck).toMatchObject({
      state: 'open',
      status: 'Out for Delivery',
      breached: true,
    });
    expect(byName.stuck.minutes).toBeGreaterThanOrEqual(150);
    expect(byName.fresh).toMatchObject({ state: 'open', breached: false, deliveredAt: null });
    expect(byName.fresh.minutes).toBeLessThan(15);
    // Newest first.
    const placed = result.emergencies.map((e: { placedAt: string }) => e.placedAt);
    expect(placed).toEqual([...placed].sort().reverse());
  });

  it('totals the range, and breaks it down by pin code and by rider', async () => {
    const result = await read(`from=${FROM}&to=${TODAY}`);
    expect(result.totals).toEqual({
      emergencies: 6,
      delivered: 3,
      open: 2,
      cancelled: 1,
      breached: 3,
      medianMinutes: 90,
      worstMinutes: 125,
    });
    const group = (list: { key: string }[], key: string) => list.find((g) => g.key === key);
    expect(group(result.byPincode, '560001')).toMatchObject({
      emergencies: 2,
      delivered: 2,
      breached: 1,
      // (47 + 125) / 2
      medianMinutes: 86,
      worstMinutes: 125,
    });
    expect(group(result.byPincode, '560034')).toMatchObject({
      emergencies: 2,
      delivered: 1,
      cancelled: 1,
      breached: 1,
      medianMinutes: 90,
      worstMinutes: 90,
    });
    expect(group(result.byPincode, '110001')).toMatchObject({
      emergencies: 2,
      open: 2,
      breached: 1,
      medianMinutes: null,
      worstMinutes: null,
    });
    expect(group(result.byRider, riderA._id)).toMatchObject({
      label: 'Ravi Kumar',
      emergencies: 2,
      breached: 1,
      medianMinutes: 86,
      worstMinutes: 125,
    });
    expect(group(result.byRider, riderB._id)).toMatchObject({
      label: 'Sunil Yadav',
      emergencies: 2,
      delivered: 1,
      open: 1,
      breached: 2,
    });
    expect(group(result.byRider, '')).toMatchObject({
      label: 'No rider',
      emergencies: 2,
      breached: 0,
    });
    // Each breakdown adds up to the totals.
    for (const list of [result.byPincode, result.byRider]) {
      for (const figure of ['emergencies', 'delivered', 'open', 'cancelled', 'breached']) {
        const sum = list.reduce((t: number, g: Record<string, number>) => t + g[figure]!, 0);
        expect(sum, figure).toBe(result.totals[figure]);
      }
    }
  });

  it('pages the rows with the total of the range', async () => {
    const first = await read(`from=${FROM}&to=${TODAY}&limit=4`);
    const second = await read(`from=${FROM}&to=${TODAY}&limit=4&page=2`);
    expect(first).toMatchObject({ totalRecords: 6, totalPages: 2, currentPage: 1 });
    expect(first.emergencies).toHaveLength(4);
    expect(second.emergencies).toHaveLength(2);
    expect(second.totals.emergencies).toBe(6);
    const all = [...first.emergencies, ...second.emergencies].map((e: { _id: string }) => e._id);
    expect(new Set(all).size).toBe(6);
  });

  it('counts the breaches by the saved setting', async () => {
    const save = await settings.post('save', {
      pickupTime: '8:00 AM - 11:00 AM',
      deliveryTime: '5:00 PM - 8:00 PM',
      gapHours: 6,
      emergencyAlertMinutes: 120,
    });
    expect(save.statusCode).toBe(200);
    try {
      const result = await read(`from=${FROM}&to=${TODAY}`);
      expect(result.alertAfterMinutes).toBe(120);
      // The 125-minute delivery and the one open for 150 minutes; no longer the 90-minute one.
      expect(result.totals.breached).toBe(2);
      const edge = result.emergencies.find((e: { _id: string }) => e._id === ids.edge);
      expect(edge.breached).toBe(false);
    } finally {
      await settings.post('save', {
        pickupTime: '8:00 AM - 11:00 AM',
        deliveryTime: '5:00 PM - 8:00 PM',
        gapHours: 6,
        emergencyAlertMinutes: 90,
      });
    }
  });

  it('takes India days: the day of the older emergencies alone', async () => {
    const result = await read(`from=${DAY}&to=${DAY}`);
    expect(result.totals.emergencies).toBe(4);
    const empty = await read(`from=${addDays(TODAY, -30)}&to=${addDays(TODAY, -29)}`);
    expect(empty).toMatchObject({ totalRecords: 0, totalPages: 0, emergencies: [] });
    expect(empty.totals).toMatchObject({ emergencies: 0, medianMinutes: null });
    expect(empty.byPincode).toEqual([]);
  });

  it.each([
    ['', 'From is required: a date such as 2026-11-24.'],
    [`from=${TODAY}`, 'To is required: a date such as 2026-11-24.'],
    [`from=2026-02-30&to=${TODAY}`, 'From must be a date such as 2026-11-24.'],
    [`from=${TODAY}&to=yesterday`, 'To must be a date such as 2026-11-24.'],
    [`from=${TODAY}&to=${addDays(TODAY, -1)}`, 'The "from" date must not be after the "to" date.'],
    [
      `from=${addDays(TODAY, -92)}&to=${TODAY}`,
      'The emergencies report covers at most 92 days (a quarter). Choose a shorter range.',
    ],
    [`from=${FROM}&to=${TODAY}&limit=0`, 'Limit must be between 1 and 1000.'],
    [`from=${FROM}&to=${TODAY}&limit=1001`, 'Limit must be between 1 and 1000.'],
    [`from=${FROM}&to=${TODAY}&page=0`, 'Page number should be greater than or equal to 1'],
  ])('refuses %j: %s', async (query, message) => {
    const res = await report.get(`emergencies?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
    const csv = await report.get(`export-emergencies?${query.replace(/&?(limit|page)=\d+/, '')}`);
    if (!/limit|page/.test(query)) expect(csv.statusCode).toBe(400);
  });

  it('takes 92 days, not 93', async () => {
    await read(`from=${addDays(TODAY, -91)}&to=${TODAY}`);
  });

  it('needs the Orders permission, as the other reports', async () => {
    const dispatcher = await s.createAdmin({ permissions: { assigningJobs: true } });
    const res = await report.get(`emergencies?from=${FROM}&to=${TODAY}`, dispatcher.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(deniedMessage('orders'));
    const clerk = await s.createAdmin({ permissions: { orders: true } });
    await read(`from=${FROM}&to=${TODAY}`, clerk.token);
    expect((await report.get(`emergencies?from=${FROM}&to=${TODAY}`, null)).statusCode).toBe(401);
  });
});

describe('report/export-emergencies', () => {
  it('streams every emergency of the range as CSV, newest first', async () => {
    const res = await report.get(`export-emergencies?from=${FROM}&to=${TODAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order ID,Customer,Phone,Service,Pin code,Rider,Status,Placed at,Delivered at,' +
        'Minutes to delivery,Minutes so far,Breached',
    );
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain(orderNos.fresh);
    const late = lines.find((l) => l.includes(orderNos.late!))!;
    expect(late).toMatch(/,125,,Yes$/);
    expect(lines.find((l) => l.includes(orderNos.cancelled!))).toMatch(/,Cancelled,,No$/);
    expect(lines.find((l) => l.includes(orderNos.stuck!))).toMatch(/,Still open,\d+,Yes$/);
  });
});

describe('live/open-emergencies', () => {
  it('answers the open emergencies, oldest first, with the setting and the server time', async () => {
    const dispatcher = await s.createAdmin({ permissions: { assigningJobs: true } });
    const res = await live.get('open-emergencies', dispatcher.token);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result;
    expect(result.alertAfterMinutes).toBe(90);
    expect(Math.abs(Date.parse(result.now) - Date.now())).toBeLessThan(60_000);
    expect(result.emergencies.map((e: { _id: string }) => e._id)).toEqual([ids.stuck, ids.fresh]);
    expect(result.emergencies[0]).toMatchObject({
      orderId: orderNos.stuck,
      pincode: '110001',
      status: 'Out for Delivery',
      rider: { _id: riderB._id, name: 'Sunil Yadav' },
    });
  });

  it('is for the admins who hear order alerts', async () => {
    const other = await s.createAdmin({ permissions: { others: true } });
    expect((await live.get('open-emergencies', other.token)).statusCode).toBe(403);
  });
});

describe('the order record', () => {
  it('carries a delivered emergency’s delivery time, null for the others', async () => {
    const one = async (name: string) =>
      (await orders.get(`get-order/${ids[name]}`)).json().result.order;
    expect((await one('late')).deliveredAt).toBe(
      new Date(at(10).getTime() + minutes(125)).toISOString(),
    );
    expect((await one('stuck')).deliveredAt).toBeNull();
    expect((await one('ordinary')).deliveredAt).toBeNull();
    const list = await orders.get(`view-all-orders?emergency=true&limit=50&page=1`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().result.orders as { _id: string; deliveredAt: string | null }[];
    expect(rows.find((r) => r._id === ids.quick)?.deliveredAt).toBe(
      new Date(at(9).getTime() + minutes(47)).toISOString(),
    );
  });
});
