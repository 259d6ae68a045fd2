import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersTable } from '@server/db/schema';
import { openTicket } from '@server/modules/supports/openTicket';
import { bearer, createTestServer, type TestAdmin, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures, type PlaceOptions } from './orderFixtures';

/*
 * The dashboard against a known data set: orders placed on chosen India days (the chart files an
 * order under its day in India, UTC+5:30), customers of each status and tickets of chosen times.
 * Days are relative to today in India, so the periods of every filter are known.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_OFFSET_MS = 330 * 60_000;

/** A calendar day as 'YYYY-MM-DD', computed in UTC so that no local time zone interferes. */
type Day = string;
const asDate = (day: Day) => new Date(`${day}T00:00:00Z`);
const asDay = (d: Date): Day => d.toISOString().slice(0, 10);
const addDays = (day: Day, n: number) => asDay(new Date(asDate(day).getTime() + n * 86_400_000));
const addMonths = (day: Day, n: number) => {
  const d = asDate(day);
  return asDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)));
};
const mondayOf = (day: Day) => addDays(day, -((asDate(day).getUTCDay() + 6) % 7));
const monthOf = (day: Day) => `${day.slice(0, 8)}01`;
const quarterOf = (day: Day) => {
  const d = asDate(day);
  return asDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (d.getUTCMonth() % 3), 1)));
};
/** The moment `time` (hh:mm:ss) of an India day. */
const inIndia = (day: Day, time: string) => new Date(`${day}T${time}+05:30`);

const TODAY: Day = asDay(new Date(Date.now() + IST_OFFSET_MS));

interface Bucket {
  label: string;
  start: string;
  end: string;
  orders: number;
  amount: number;
}

/** The periods of each filter as the contract states them, oldest first, without figures. */
function periods(type: 'daily' | 'weekly' | 'monthly' | 'quarterly') {
  const day = (d: Day) => `${Number(d.slice(8))} ${MONTHS[asDate(d).getUTCMonth()]}`;
  const month = (d: Day) => `${MONTHS[asDate(d).getUTCMonth()]} ${d.slice(0, 4)}`;
  const quarter = (d: Day) => `Q${Math.floor(asDate(d).getUTCMonth() / 3) + 1} ${d.slice(0, 4)}`;
  const build = (
    n: number,
    last: Day,
    next: (d: Day, k: number) => Day,
    label: (d: Day) => string,
  ) =>
    Array.from({ length: n }, (_, i) => {
      const start = next(last, i - n + 1);
      return { label: label(start), start, end: addDays(next(start, 1), -1) };
    });
  switch (type) {
    case 'daily':
      return build(14, TODAY, addDays, day);
    case 'weekly':
      return build(
        12,
        mondayOf(TODAY),
        (d, k) => addDays(d, 7 * k),
        (d) => `Week of ${day(d)}`,
      );
    case 'monthly':
      return build(12, monthOf(TODAY), addMonths, month);
    case 'quarterly':
      return build(8, quarterOf(TODAY), (d, k) => addMonths(d, 3 * k), quarter);
  }
}

let s: TestServer;
let fx: OrderFixtures;
let noGroups: TestAdmin;
let ordersOnly: TestAdmin;
let supportsOnly: TestAdmin;

/** Every order placed, with its India day and the amount the customer pays. */
const placed: { id: string; orderId: string; day: Day; amount: number; at: Date }[] = [];
const ticketIds: string[] = [];
const LONG_TEXT =
  'The delivery person left the 20 litre jar outside the gate and it was taken before we got home.';

async function place(day: Day, time: string, amount: number | null, extra: Partial<PlaceOptions>) {
  const at = inIndia(day, time);
  const order = await fx.place({ kind: 'water', createdAt: at, totalAmount: amount, ...extra });
  // Without a total, the customer pays price + delivery charge: 90 + 30 for one water jar.
  placed.push({ id: order.id, orderId: order.orderId, day, amount: amount ?? 120, at });
  return order;
}

beforeAll(async () => {
  s = await createTestServer();
  fx = await createOrderFixtures(s.db); // four Active customers
  noGroups = await s.createAdmin({ permissions: {} });
  ordersOnly = await s.createAdmin({ permissions: { orders: true } });
  supportsOnly = await s.createAdmin({ permissions: { supports: true } });
  await s.db.insert(customersTable).values([
    {
      firstName: 'Ishaan',
      lastName: 'Verma',
      email: 'ishaan@example.in',
      phone: '9000000001',
      status: 'Blocked',
    },
    {
      firstName: 'Meera',
      lastName: 'Nair',
      email: 'meera@example.in',
      phone: '9000000002',
      status: 'Blocked',
    },
    {
      firstName: 'Dev',
      lastName: 'Kapoor',
      email: 'dev@example.in',
      phone: '9000000003',
      status: 'Inactive',
    },
  ]);

  // The daily window: today and the 13 days before; its edges at midnight in India.
  await place(TODAY, '00:00:00', 100, { status: 'Pending', paymentMethod: 'UPI' });
  await place(TODAY, '00:00:01', null, { status: 'Out for Delivery', paymentMethod: null });
  await place(addDays(TODAY, -1), '23:59:59', 200, { status: 'Delivered' });
  await place(addDays(TODAY, -13), '00:00:00', 300, { status: 'Cancelled' });
  await place(addDays(TODAY, -14), '23:59:59', 400, { status: 'Delivered' });
  // The weekly window starts on the Monday eleven weeks before this week's.
  const firstMonday = addDays(mondayOf(TODAY), -77);
  await place(firstMonday, '00:00:00', 510.5, { status: 'Pending' });
  await place(addDays(firstMonday, -1), '23:59:59', 520, { status: 'Delivered' });
  // The monthly window starts on the 1st, eleven months back.
  const firstMonth = addMonths(monthOf(TODAY), -11);
  await place(firstMonth, '00:00:00', 610, { status: 'Delivered' });
  await place(addDays(firstMonth, -1), '23:59:59', 620, { status: 'Delivered' });
  // The quarterly window starts seven quarters back.
  const firstQuarter = addMonths(quarterOf(TODAY), -21);
  await place(firstQuarter, '00:00:00', 710, { status: 'Cancelled' });
  await place(addDays(firstQuarter, -1), '23:59:59', 720, { status: 'Delivered' });

  // Six tickets, one minute apart; the fifth is the long one.
  for (let i = 0; i < 6; i += 1) {
    const ticket = await openTicket(s.db, {
      customerId: fx.customers[i % 4]!.id,
      supportType: i % 6,
      description: i === 4 ? LONG_TEXT : `Ticket number ${i + 1}`,
      status: i === 0 ? 'resolved' : 'unresolved',
      createdAt: new Date(Date.UTC(2025, 2, 5, 10, i)),
    });
    ticketIds.push(ticket.id);
  }
});
afterAll(() => s.close());

function get(url: string, token = s.superToken) {
  return s.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(token) });
}

async function buckets(type?: string) {
  const res = await get(`order/get-orders-by-filter${type === undefined ? '' : `?type=${type}`}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { type: string; buckets: Bucket[] };
}

/** The contract's periods filled with the orders of the data set, each under its India day. */
function expected(type: 'daily' | 'weekly' | 'monthly' | 'quarterly'): Bucket[] {
  return periods(type).map((p) => {
    const inside = placed.filter((o) => o.day >= p.start && o.day <= p.end);
    return {
      ...p,
      orders: inside.length,
      amount: Math.round(inside.reduce((sum, o) => sum + o.amount, 0) * 100) / 100,
    };
  });
}

describe('GET admin/dashboard-data', () => {
  it('answers the counts of customers and orders by status', async () => {
    const res = await get('admin/dashboard-data');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 200, message: 'Dashboard data' });
    const { recentOrders: _o, recentSupports: _s, ...counts } = body.result;
    expect(counts).toEqual({
      allUsers: 7,
      activeUsers: 4,
      blockedUsers: 2,
      allOrders: 11,
      pendingOrders: 2,
      deliveredOrders: 6,
      shippedOrders: 1,
      cancelledOrders: 2,
    });
  });

  it('follows status changes made through the panel (the counters move with each write)', async () => {
    const block = await s.app.inject({
      method: 'POST',
      url: '/api/user/update-user-status',
      headers: bearer(s.superToken),
      payload: { userId: fx.customers[3]!.id, status: 'Blocked' },
    });
    expect(block.statusCode, block.body).toBe(200);
    const deliver = await s.app.inject({
      method: 'POST',
      url: '/api/order/update-status',
      headers: bearer(s.superToken),
      payload: { orderId: placed[0]!.id, status: 'Delivered' },
    });
    expect(deliver.statusCode, deliver.body).toBe(200);

    const after = (await get('admin/dashboard-data')).json().result;
    expect(after).toMatchObject({
      allUsers: 7,
      activeUsers: 3,
      blockedUsers: 3,
      allOrders: 11,
      pendingOrders: 1,
      deliveredOrders: 7,
    });

    // Put both back for the other tests.
    await s.app.inject({
      method: 'POST',
      url: '/api/user/update-user-status',
      headers: bearer(s.superToken),
      payload: { userId: fx.customers[3]!.id, status: 'Active' },
    });
    await s.app.inject({
      method: 'POST',
      url: '/api/order/update-status',
      headers: bearer(s.superToken),
      payload: { orderId: placed[0]!.id, status: 'Pending', reason: 'Marked delivered by mistake' },
    });
    expect((await get('admin/dashboard-data')).json().result).toMatchObject({
      activeUsers: 4,
      pendingOrders: 2,
      deliveredOrders: 6,
    });
  });

  it('lists the five newest orders, newest first, with the amount the customer pays', async () => {
    const { recentOrders } = (await get('admin/dashboard-data')).json().result;
    const newest = [...placed].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, 5);
    expect(recentOrders.map((o: { orderId: string }) => o.orderId)).toEqual(
      newest.map((o) => o.orderId),
    );
    // The two orders of today: the later one has no total (price 90 + delivery 30) and no method.
    expect(recentOrders[0]).toEqual({
      _id: placed[1]!.id,
      orderId: placed[1]!.orderId,
      paymentMethod: null,
      amount: 120,
      status: 'Out for Delivery',
      createdAt: inIndia(TODAY, '00:00:01').toISOString(),
    });
    expect(recentOrders[1]).toEqual({
      _id: placed[0]!.id,
      orderId: placed[0]!.orderId,
      paymentMethod: 'UPI',
      amount: 100,
      status: 'Pending',
      createdAt: inIndia(TODAY, '00:00:00').toISOString(),
    });
  });

  it('lists the five newest tickets, newest first, with the whole description', async () => {
    const { recentSupports } = (await get('admin/dashboard-data')).json().result;
    expect(recentSupports.map((t: { _id: string }) => t._id)).toEqual(
      [...ticketIds].reverse().slice(0, 5),
    );
    expect(recentSupports[1]).toEqual({
      _id: ticketIds[4],
      userId: fx.customers[0]!.id,
      description: LONG_TEXT,
      createdAt: '2025-03-05T10:04:00.000Z',
      status: 'unresolved',
    });
    // The oldest (resolved) ticket is the sixth: not on the dashboard.
    expect(recentSupports.map((t: { _id: string }) => t._id)).not.toContain(ticketIds[0]);
  });

  it('shows every admin the counts, but recent orders and tickets only to those who may open them', async () => {
    const counts = (await get('admin/dashboard-data')).json().result;
    const { recentOrders, recentSupports, ...figures } = counts;
    expect(recentOrders).toHaveLength(5);
    expect(recentSupports).toHaveLength(5);

    const none = await get('admin/dashboard-data', noGroups.token);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().result).toEqual({ ...figures, recentOrders: [], recentSupports: [] });

    const orders = (await get('admin/dashboard-data', ordersOnly.token)).json().result;
    expect(orders.recentOrders).toEqual(recentOrders);
    expect(orders.recentSupports).toEqual([]);

    const supports = (await get('admin/dashboard-data', supportsOnly.token)).json().result;
    expect(supports.recentOrders).toEqual([]);
    expect(supports.recentSupports).toEqual(recentSupports);
  });

  it('asks for a session', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/admin/dashboard-data' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, message: 'Please sign in to continue.' });
  });
});

describe('GET order/get-orders-by-filter', () => {
  it('daily: the last 14 India days, midnight in India being the edge', async () => {
    const { type, buckets: days } = await buckets('daily');
    expect(type).toBe('daily');
    expect(days).toEqual(expected('daily'));
    expect(days).toHaveLength(14);
    // Today: 00:00:00 and 00:00:01 in India (18:30 UTC the day before), 100 + 120.
    expect(days[13]).toMatchObject({ start: TODAY, end: TODAY, orders: 2, amount: 220 });
    // 23:59:59 in India yesterday belongs to yesterday.
    expect(days[12]).toMatchObject({ start: addDays(TODAY, -1), orders: 1, amount: 200 });
    // The first day holds the order of its midnight; the one a second before is outside.
    expect(days[0]).toMatchObject({ start: addDays(TODAY, -13), orders: 1, amount: 300 });
    expect(days.slice(1, 12).every((d) => d.orders === 0 && d.amount === 0)).toBe(true);
    expect(days[13]!.label).toBe(
      `${Number(TODAY.slice(8))} ${MONTHS[asDate(TODAY).getUTCMonth()]}`,
    );
  });

  it('weekly: 12 weeks starting on Monday, empty weeks with 0', async () => {
    const { buckets: weeks } = await buckets('weekly');
    expect(weeks).toEqual(expected('weekly'));
    expect(weeks).toHaveLength(12);
    expect(asDate(weeks[0]!.start).getUTCDay()).toBe(1);
    expect(asDate(weeks[11]!.end).getUTCDay()).toBe(0);
    expect(weeks[0]!.label).toMatch(/^Week of \d{1,2} [A-Z][a-z]{2}$/);
    // The Monday-midnight order opens the first week; the Sunday 23:59:59 one is outside.
    expect(weeks[0]!.orders).toBeGreaterThanOrEqual(1);
    expect(weeks.reduce((n, w) => n + w.orders, 0)).toBe(
      placed.filter((o) => o.day >= weeks[0]!.start).length,
    );
    expect(weeks.some((w) => w.orders === 0 && w.amount === 0)).toBe(true);
  });

  it('monthly is the default: 12 months, labelled "Mon YYYY"', async () => {
    const byDefault = await buckets();
    expect(byDefault.type).toBe('monthly');
    expect(byDefault.buckets).toEqual(expected('monthly'));
    expect(await buckets('')).toEqual(byDefault);
    const months = byDefault.buckets;
    expect(months).toHaveLength(12);
    expect(months[11]!.start).toBe(monthOf(TODAY));
    expect(months[0]!.label).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    // 610 at midnight of the first month's 1st counts; 620 a second before does not.
    const firstDay = addMonths(monthOf(TODAY), -11);
    expect(months[0]!.start).toBe(firstDay);
    expect(months.reduce((n, m) => n + m.orders, 0)).toBe(
      placed.filter((o) => o.day >= firstDay).length,
    );
    expect(months.some((m) => m.orders === 0 && m.amount === 0)).toBe(true);
  });

  it('quarterly: 8 quarters labelled "Qn YYYY"', async () => {
    const { buckets: quarters } = await buckets('quarterly');
    expect(quarters).toEqual(expected('quarterly'));
    expect(quarters).toHaveLength(8);
    expect(quarters[7]!.start).toBe(quarterOf(TODAY));
    expect(quarters[0]!.label).toMatch(/^Q[1-4] \d{4}$/);
    // Everything but the order a second before the first quarter: 11 orders less one.
    expect(quarters.reduce((n, q) => n + q.orders, 0)).toBe(10);
    expect(quarters[0]!.orders).toBeGreaterThanOrEqual(1);
  });

  it('counts every order placed, whatever its status now (a cancelled one too)', async () => {
    const before = (await buckets('daily')).buckets[0]!;
    expect(before).toMatchObject({ orders: 1, amount: 300 }); // the cancelled order
  });

  it('reads the type whatever its case, and refuses unknown types', async () => {
    expect((await buckets('Weekly')).type).toBe('weekly');
    const res = await get('order/get-orders-by-filter?type=yearly');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'Type must be daily, weekly, monthly or quarterly.',
    });
  });

  it('is open to every admin (totals only), not to callers without a session', async () => {
    const res = await get('order/get-orders-by-filter?type=daily', noGroups.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.buckets).toEqual(expected('daily'));
    const anonymous = await s.app.inject({
      method: 'GET',
      url: '/api/order/get-orders-by-filter',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
