import { and, desc, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminsTable, auditLogTable, ordersTable } from '@server/db/schema';
import { pinClock } from './clock';
import { apiClient, createTestServer, withQuery, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures, type PlaceOptions } from './orderFixtures';
import { assignToRider, createRider, indiaDays, type RiderDto } from './riderFixtures';

/**
 * Cash on delivery (rider/cash, rider/settle-cash) and the dashboard's dispatch summary: what a
 * rider owes for a day's delivered cash orders, what was handed in, and the difference, exact to
 * the paisa.
 */

let s: TestServer;
let f: OrderFixtures;
const api = apiClient(() => s, 'rider');
// Days as the test sees them and the server (in this process) does, just after midnight in India.
pinClock();
afterAll(() => vi.useRealTimers());
const { today, yesterday, tomorrow } = indiaDays();
const DAY_MESSAGE = 'Date must be a day as YYYY-MM-DD.';

let asha: RiderDto;
let bhim: RiderDto;
let chand: RiderDto;
let superName: string;

const place = async (opts: PlaceOptions) => (await f.place(opts)).id;

interface RiderCash {
  riderId: string | null;
  name: string;
  deliveredCod: number;
  expected: number;
  handedIn: number;
  difference: number;
  settlements: { _id: string; amount: number; settledByName: string | null; settledAt: string }[];
}

const cashOf = async (date?: string) => {
  const res = await api.get(withQuery('cash', date ? { date } : {}));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as {
    date: string;
    riders: RiderCash[];
    totals: { expected: number; handedIn: number; difference: number };
  };
};

const settle = (body: Record<string, unknown>, token?: string) =>
  api.post('settle-cash', body, token);

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  [superName] = (await s.db.select({ name: adminsTable.name }).from(adminsTable)).map(
    (a) => a.name,
  );
  asha = await createRider(s, { name: 'Asha Cash' });
  bhim = await createRider(s, { name: 'Bhim Cash' });
  chand = await createRider(s, { name: 'Chand Cash' });

  // Asha today: three cash orders delivered (₹1,250.50, ₹349.25, and an older order without a
  // total: price 90 + delivery 30 = ₹120), and what does not count: paid online, still
  // pending, delivered on yesterday's run.
  const ashaToday = [
    await place({ kind: 'water', status: 'Delivered', totalAmount: 1250.5 }),
    await place({ kind: 'oxygen', status: 'Delivered', totalAmount: 349.25 }),
    await place({ kind: 'water', status: 'Delivered', totalAmount: null }),
    await place({ kind: 'water', status: 'Delivered', paymentMethod: 'Online' }),
    await place({ kind: 'water', status: 'Pending', totalAmount: 500 }),
    await place({ kind: 'water', status: 'Out for Delivery', totalAmount: 500 }),
  ];
  await assignToRider(s.db, ashaToday, asha._id, { date: today });
  await assignToRider(
    s.db,
    [await place({ kind: 'water', status: 'Delivered', totalAmount: 999 })],
    asha._id,
    { date: yesterday },
  );
  // Bhim today: one cash order of ₹80.10 delivered, one cancelled.
  await assignToRider(
    s.db,
    [
      await place({ kind: 'laundry', status: 'Delivered', totalAmount: 80.1 }),
      await place({ kind: 'laundry', status: 'Cancelled', totalAmount: 70 }),
    ],
    bhim._id,
    { date: today, shift: 'Evening' },
  );
  // Unassigned work, for the summary.
  await place({ kind: 'water' });
  await place({ kind: 'oxygen', isEmergency: true });
});
afterAll(() => s.close());

describe('POST rider/settle-cash and GET rider/cash', () => {
  it("starts with each rider's expected cash and nothing handed in", async () => {
    const cash = await cashOf();
    expect(cash.date).toBe(today);
    expect(cash.riders).toEqual([
      {
        riderId: asha._id,
        name: 'Asha Cash',
        deliveredCod: 3,
        expected: 1719.75,
        handedIn: 0,
        difference: 1719.75,
        settlements: [],
      },
      {
        riderId: bhim._id,
        name: 'Bhim Cash',
        deliveredCod: 1,
        expected: 80.1,
        handedIn: 0,
        difference: 80.1,
        settlements: [],
      },
    ]);
    expect(cash.totals).toEqual({ expected: 1799.85, handedIn: 0, difference: 1799.85 });
    // Yesterday's run is its own day.
    expect((await cashOf(yesterday)).riders).toMatchObject([
      { name: 'Asha Cash', deliveredCod: 1, expected: 999 },
    ]);
  });

  it('records two hand-ins with who and when, and the difference to the paisa', async () => {
    const first = await settle({ riderId: asha._id, date: today, amount: 1000 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Cash of ₹1,000.00 recorded for Asha Cash.',
      result: {
        settlement: { _id: expect.any(String), amount: 1000, settledByName: superName },
        expected: 1719.75,
        handedIn: 1000,
        difference: 719.75,
      },
    });
    const audit = (
      await s.db.select().from(auditLogTable).orderBy(desc(auditLogTable.id)).limit(1)
    )[0];
    expect(audit).toMatchObject({
      resource: 'rider',
      action: 'settle-cash',
      recordId: first.json().result.settlement._id,
    });

    // 1719.75 - 1719.70 in floating point is 0.04999...; the answer is 5 paise.
    const second = await settle({ riderId: asha._id, date: today, amount: '719.70' });
    expect(second.json()).toMatchObject({
      message: 'Cash of ₹719.70 recorded for Asha Cash.',
      result: { expected: 1719.75, handedIn: 1719.7, difference: 0.05 },
    });

    const cash = await cashOf(today);
    const row = cash.riders.find((r) => r.riderId === asha._id)!;
    expect(row).toMatchObject({ expected: 1719.75, handedIn: 1719.7, difference: 0.05 });
    expect(row.settlements.map((x) => [x.amount, x.settledByName])).toEqual([
      [1000, superName],
      [719.7, superName],
    ]);
    expect(Date.parse(row.settlements[0]!.settledAt)).toBeLessThanOrEqual(
      Date.parse(row.settlements[1]!.settledAt),
    );
    expect(cash.totals).toEqual({ expected: 1799.85, handedIn: 1719.7, difference: 80.15 });
  });

  it('lists a rider with only a hand-in that day, and an overpayment as a negative difference', async () => {
    const res = await settle({ riderId: chand._id, date: today, amount: '1,00,000' });
    expect(res.json()).toMatchObject({
      message: 'Cash of ₹1,00,000.00 recorded for Chand Cash.',
      result: { expected: 0, handedIn: 100000, difference: -100000 },
    });
    const cash = await cashOf();
    expect(cash.riders.map((r) => r.name)).toEqual(['Asha Cash', 'Bhim Cash', 'Chand Cash']);
    expect(cash.riders[2]).toMatchObject({ deliveredCod: 0, expected: 0, handedIn: 100000 });
  });

  it("keeps a deleted rider's hand-ins under the name it had", async () => {
    const dara = await createRider(s, { name: 'Dara Leaving' });
    await settle({ riderId: dara._id, date: yesterday, amount: 42.5 });
    expect((await api.post(`delete-rider/${dara._id}`, {})).statusCode).toBe(200);
    const cash = await cashOf(yesterday);
    expect(cash.riders).toContainEqual(
      expect.objectContaining({
        riderId: null,
        name: 'Dara Leaving',
        handedIn: 42.5,
        difference: -42.5,
        settlements: [expect.objectContaining({ amount: 42.5 })],
      }),
    );
    expect(await settle({ riderId: dara._id, date: today, amount: 1 })).toMatchObject({
      statusCode: 404,
    });
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['a zero amount', { amount: 0 }, 400, 'Amount must be more than 0.'],
    ['a negative amount', { amount: -5 }, 400, 'Amount must be more than 0.'],
    ['too much', { amount: 1_000_000.01 }, 400, 'Amount must be at most ₹10,00,000.00.'],
    [
      'three decimals',
      { amount: 12.345 },
      400,
      'Amount must be in rupees with at most 2 decimals (paise).',
    ],
    ['text', { amount: 'ten' }, 400, 'Amount must be a number.'],
    ['no amount', { amount: undefined }, 400, 'Amount is required.'],
    ['no date', { date: undefined }, 400, 'Date is required.'],
    ['a bad date', { date: '2026-13-01' }, 400, DAY_MESSAGE],
    [
      'tomorrow',
      { date: tomorrow },
      400,
      `${tomorrow} is in the future. Cash can be recorded for today or an earlier day.`,
    ],
    ['no rider', { riderId: undefined }, 400, 'Rider id is required.'],
    ['an unknown rider', { riderId: 'no-such-rider' }, 404, 'This rider does not exist.'],
  ])('refuses %s', async (_what, over, statusCode, message) => {
    const res = await settle({ riderId: bhim._id, date: today, amount: 10, ...over });
    expect(res.json()).toEqual({ statusCode, message });
  });

  it('refuses a bad date on the cash list', async () => {
    expect((await api.get('cash?date=2026-11-31')).json()).toEqual({
      statusCode: 400,
      message: DAY_MESSAGE,
    });
  });
});

describe('GET rider/dispatch-summary', () => {
  it('counts unassigned open jobs, active riders, jobs per rider and cash not handed in', async () => {
    const res = await api.get('dispatch-summary');
    expect(res.statusCode, res.body).toBe(200);
    const [unassigned] = await s.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(ordersTable)
      .where(
        and(
          inArray(ordersTable.status, ['Pending', 'Out for Delivery']),
          isNull(ordersTable.riderId),
        ),
      );
    expect(unassigned!.n).toBeGreaterThan(0);
    expect(res.json().result).toEqual({
      date: today,
      unassignedJobs: unassigned!.n,
      ridersActive: 3,
      riders: [
        { _id: asha._id, name: 'Asha Cash', jobs: 6, delivered: 4, open: 2 },
        { _id: bhim._id, name: 'Bhim Cash', jobs: 2, delivered: 1, open: 0 },
      ],
      // Asha still owes 5 paise, Bhim ₹80.10; Chand's overpayment does not offset them.
      cashNotHandedIn: 80.15,
    });

    // Assigning one more job moves it from unassigned to the rider's open work.
    const more = await place({ kind: 'water' });
    await assignToRider(s.db, [more], bhim._id, { date: today });
    const after = (await api.get('dispatch-summary')).json().result;
    expect(after.unassignedJobs).toBe(unassigned!.n);
    expect(after.riders[1]).toEqual({
      _id: bhim._id,
      name: 'Bhim Cash',
      jobs: 3,
      delivered: 1,
      open: 1,
    });
    await place({ kind: 'water' });
    expect((await api.get('dispatch-summary')).json().result.unassignedJobs).toBe(
      unassigned!.n + 1,
    );

    const before = (await api.get(`dispatch-summary?date=${yesterday}`)).json().result;
    expect(before).toMatchObject({
      date: yesterday,
      riders: [{ _id: asha._id, jobs: 1, delivered: 1, open: 0 }],
      cashNotHandedIn: 999,
    });
  });

  it('lets a dispatcher read it and settle cash; refuses a bad date', async () => {
    const dispatcher = await s.createAdmin({
      name: 'Dispatch Desk',
      permissions: { assigningJobs: true },
    });
    expect((await api.get('dispatch-summary', dispatcher.token)).statusCode).toBe(200);
    const res = await settle({ riderId: bhim._id, date: today, amount: 80.1 }, dispatcher.token);
    expect(res.json().result).toMatchObject({
      settlement: { settledByName: 'Dispatch Desk' },
      handedIn: 80.1,
      difference: 0,
    });
    expect((await api.get('dispatch-summary?date=yesterday')).json()).toEqual({
      statusCode: 400,
      message: DAY_MESSAGE,
    });
  });
});
