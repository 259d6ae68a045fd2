import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogTable,
  deliveryChargesTable,
  holidaysTable,
  orderAccessoriesTable,
  ordersTable,
  orderStatusHistoryTable,
  productsTable,
  subscriptionChangesTable,
  subscriptionPausesTable,
  subscriptionSkipsTable,
  subscriptionsTable,
} from '@server/db/schema';
import { makeDeliveryDay, MADE_NOTE } from '@server/modules/roster/makeDay';
import { isoWeekday } from '@shared/schedule';
import { addDays, indiaDay } from '@shared/time';
import { apiClient, createTestServer, type TestAdmin, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';
import { createRider, ensurePincodes } from './riderFixtures';
import { MORNING, subscribe } from './rosterFixtures';

/**
 * roster/* and holiday/* (issue 35): a day's deliveries made from the subscriptions, once; what
 * stops a due day, counted by reason; the day's counts made or projected; the runs' record; the
 * cut-off; holidays that extend plans; and a made order going through riders, delivery, its
 * invoice, the jars ledger and cash on delivery like any other.
 */
let s: TestServer;
let f: OrderFixtures;
let dispatcher: TestAdmin;
let settingsAdmin: TestAdmin;
const roster = apiClient(() => s, 'roster');
const holiday = apiClient(() => s, 'holiday');
const order = apiClient(() => s, 'order');

const today = indiaDay();
/** The day the main tests make: three days ahead, so nothing about it is in the past. */
const D = addDays(today, 3);

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  await s.db
    .insert(deliveryChargesTable)
    .values({ id: 'default', standardCharge: '30.00', emergencyCharge: '80.00', gst: '18.00' });
  // Kavya's 400050 is not served.
  await ensurePincodes(s.db, ['560001', '560034', '110001']);
  dispatcher = await s.createAdmin({ permissions: { orders: true, assigningJobs: true } });
  settingsAdmin = await s.createAdmin({ permissions: { settings: true } });
}, 60_000);
afterAll(() => s.close());

const [aarav, priya, rohan, kavya] = [0, 1, 2, 3].map((i) => () => f.customers[i]!);

describe('roster/generate', () => {
  let water: { id: string };
  let tiffin: { id: string };

  beforeAll(async () => {
    water = await subscribe(s.db, f, {
      customer: aarav(),
      quantity: 2,
      returnQuantity: 2,
      taps: 1,
      startDate: addDays(D, -3),
    });
    tiffin = await subscribe(s.db, f, {
      customer: priya(),
      kind: 'tiffin',
      schedule: 'alternate',
      slot: '1:00 PM - 2:00 PM',
      startDate: D,
      endDate: addDays(D, 29),
    });
    // Not on D's weekday: not due, not counted.
    await subscribe(s.db, f, {
      customer: rohan(),
      schedule: 'weekdays',
      weekdays: [isoWeekday(addDays(D, 1))],
      startDate: addDays(D, -10),
    });
    // Paused over D.
    const paused = await subscribe(s.db, f, {
      customer: aarav(),
      kind: 'oxygen',
      schedule: 'everyNDays',
      intervalDays: 3,
      startDate: addDays(D, -3),
    });
    await s.db
      .insert(subscriptionPausesTable)
      .values({ subscriptionId: paused.id, fromDate: addDays(D, -1), toDate: addDays(D, 2) });
    // D skipped.
    const skipped = await subscribe(s.db, f, { customer: priya(), startDate: addDays(D, -5) });
    await s.db.insert(subscriptionSkipsTable).values({ subscriptionId: skipped.id, day: D });
    // A holiday on Rohan's pin code.
    await subscribe(s.db, f, { customer: rohan(), startDate: addDays(D, -5) });
    await s.db
      .insert(holidaysTable)
      .values({ day: D, name: 'Local festival', pincodes: ['110001'] });
    // Kavya's pin code is not served.
    await subscribe(s.db, f, { customer: kavya(), startDate: addDays(D, -5) });
    // Ended, and one whose end is before D: neither is due.
    await subscribe(s.db, f, { customer: aarav(), startDate: addDays(D, -5), status: 'Ended' });
    await subscribe(s.db, f, {
      customer: priya(),
      startDate: addDays(D, -9),
      endDate: addDays(D, -1),
    });
  });

  it('makes one order per due subscription, priced as a phone order, and counts what it skipped', async () => {
    // Before the run, D's counts are projected: the same two deliveries the run makes, none of
    // the paused, skipped, holiday or unserved ones.
    const ahead = (await roster.get(`get-roster?date=${D}`, dispatcher.token)).json().result;
    expect(ahead.made).toBe(false);
    expect(ahead.totals).toMatchObject({ deliveries: 2, quantity: 3 });

    const res = await roster.post('generate', { date: D });
    expect(res.statusCode).toBe(200);
    const { message, result } = res.json();
    expect(message).toBe(`2 orders made for ${D}.`);
    expect(result.generated).toBe(2);
    expect(result.skipped).toEqual({ paused: 1, skipped: 1, holiday: 1, pincodeNotServed: 1 });
    expect(result.run).toMatchObject({
      day: D,
      trigger: 'admin',
      adminName: 'Super Admin',
      status: 'done',
      generated: 2,
      alreadyMade: 0,
      error: null,
    });

    const made = await s.db.select().from(ordersTable).where(eq(ordersTable.deliveryDay, D));
    expect(made).toHaveLength(2);
    const jar = made.find((o) => o.subscriptionId === water.id)!;
    // 2 x 90 + 1 tap x 60 = 240; delivery 30; GST 18 % of 270 = 48.60 (as place-order).
    expect(jar).toMatchObject({
      status: 'Pending',
      orderType: 'fresh',
      productId: f.products.water.id,
      quantity: 2,
      returnQuantity: 2,
      price: '90.00',
      amount: '240.00',
      deliveryCharge: '30.00',
      gst: '48.60',
      totalAmount: '318.60',
      paymentMethod: 'Cash on Delivery',
      deliveryTime: MORNING,
      pincode: '560001',
      address: aarav().address,
      deliveryDay: D,
    });
    expect(jar.orderId).toMatch(/^OD\d{6}[0-9A-Z]{6}$/);
    const taps = await s.db
      .select()
      .from(orderAccessoriesTable)
      .where(eq(orderAccessoriesTable.orderId, jar.id));
    expect(taps).toMatchObject([{ accessoryId: f.tap.id, quantity: 1, amount: '60.00' }]);

    // Tiffin: 3999 / 30 = 133.30 a day, no delivery charge, GST at the default 18 %.
    const meal = made.find((o) => o.subscriptionId === tiffin.id)!;
    expect(meal).toMatchObject({
      planId: f.plan.id,
      price: '133.30',
      amount: '133.30',
      deliveryCharge: '0.00',
      // 9 % CGST + 9 % SGST of 133.30, each rounded as the invoice rounds it: 12.00 + 12.00.
      gst: '24.00',
      totalAmount: '157.30',
      startDate: D,
      endDate: D,
      deliveryAddress: priya().address,
      deliveryTime: '1:00 PM - 2:00 PM',
    });

    const history = await s.db
      .select()
      .from(orderStatusHistoryTable)
      .where(inArray(orderStatusHistoryTable.orderId, [jar.id, meal.id]));
    expect(history).toHaveLength(2);
    for (const step of history) {
      expect(step).toMatchObject({
        fromStatus: null,
        toStatus: 'Pending',
        adminName: 'Super Admin',
        note: MADE_NOTE,
      });
    }

    // The audit log records who made the day.
    const audit = await s.db
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.resource, 'roster'), eq(auditLogTable.action, 'generate')));
    expect(audit).toMatchObject([{ statusCode: 200, recordId: result.run._id }]);
  });

  it("counts a day's orders, inserted a batch at a time, in the lists' and dashboard's counters", async () => {
    // Each counter, keyed as it is kept, against the orders themselves (0039 counts an INSERT
    // of many rows once, from its transition table).
    const differences = await s.db.execute(sql`
      (SELECT 'order_counts' AS counter, category_id, pincode AS key, n FROM order_counts
        EXCEPT SELECT 'order_counts', category_id, pincode, n FROM (
          SELECT category_id, pincode, order_type, status, count(*)::int AS n FROM orders
           GROUP BY 1, 2, 3, 4) o)
      UNION ALL
      (SELECT 'customer_order_counts', category_id, customer_id, n FROM customer_order_counts
        WHERE n <> 0
        EXCEPT SELECT 'customer_order_counts', category_id, customer_id, n FROM (
          SELECT customer_id, category_id, status, order_type, count(*)::int AS n FROM orders
           GROUP BY 1, 2, 3, 4) o)
      UNION ALL
      (SELECT 'order_daily', category_id, day::text || ' ' || amount::text, n FROM order_daily
        WHERE n <> 0
        EXCEPT SELECT 'order_daily', category_id, day::text || ' ' || amount::text, n FROM (
          SELECT order_day(created_at) AS day, category_id, count(*)::int AS n,
                 sum(coalesce(total_amount, price + delivery_charge)) AS amount
            FROM orders GROUP BY 1, 2) o)`);
    expect(differences.rows).toEqual([]);
    const [{ made }] = (
      await s.db.execute(sql`SELECT count(*)::int AS made FROM orders WHERE delivery_day = ${D}`)
    ).rows as [{ made: number }];
    expect(made).toBe(2);
  });

  it('makes nothing the second time and says so in the run', async () => {
    const res = await roster.post('generate', { date: D });
    expect(res.statusCode).toBe(200);
    const { message, result } = res.json();
    expect(message).toBe(`Nothing new to make for ${D}: its 2 orders were already made.`);
    expect(result.generated).toBe(0);
    expect(result.run).toMatchObject({ status: 'done', generated: 0, alreadyMade: 2 });
    const made = await s.db.select().from(ordersTable).where(eq(ordersTable.deliveryDay, D));
    expect(made).toHaveLength(2);
  });

  it('lets one runner at a time make a day: a second at once is refused, one set of orders', async () => {
    const day = addDays(D, 1);
    const admin = { trigger: 'admin' as const, admin: { id: 'x', name: 'Someone' } };
    const results = await Promise.allSettled([
      makeDeliveryDay(s.db, day, { trigger: 'clock' }),
      makeDeliveryDay(s.db, day, admin),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ statusCode: 409 });
    const orders = await s.db.select().from(ordersTable).where(eq(ordersTable.deliveryDay, day));
    const bySubscription = new Set(orders.map((o) => o.subscriptionId));
    expect(bySubscription.size).toBe(orders.length);
    expect(orders.length).toBeGreaterThan(0);
    // Aarav's water was made on D: a reorder. Rohan's first water orders: one fresh, then reorders.
    const water = f.services.water.id;
    const typesOf = (customerId: string) =>
      orders
        .filter((o) => o.customerId === customerId && o.categoryId === water)
        .map((o) => o.orderType)
        .sort();
    expect(typesOf(aarav().id)).toEqual(['reorder']);
    expect(typesOf(rohan().id)).toEqual(['fresh', 'reorder']);
  });

  it('lists the runs newest first, to the orders group', async () => {
    const res = await roster.get('runs?limit=2', dispatcher.token);
    expect(res.statusCode).toBe(200);
    const { runs, totalRecords, totalPages } = res.json().result;
    expect(totalRecords).toBe(3);
    expect(totalPages).toBe(2);
    expect(runs.map((r: { day: string }) => r.day)).toEqual([addDays(D, 1), D]);
    expect(runs[0]).toMatchObject({ trigger: 'clock', adminName: null, status: 'done' });
  });

  it('counts a made day from its orders and projects any other from the subscriptions', async () => {
    const made = (await roster.get(`get-roster?date=${D}`, dispatcher.token)).json().result;
    expect(made.made).toBe(true);
    expect(made.rows).toEqual(
      [
        {
          serviceId: f.services.tiffin.id,
          serviceName: f.services.tiffin.name,
          serviceKind: 'tiffin',
          itemId: f.plan.id,
          itemName: f.plan.name,
          slot: '1:00 PM - 2:00 PM',
          pincode: '560034',
          deliveries: 1,
          quantity: 1,
        },
        {
          serviceId: f.services.water.id,
          serviceName: f.services.water.name,
          serviceKind: 'water',
          itemId: f.products.water.id,
          itemName: f.products.water.name,
          slot: MORNING,
          pincode: '560001',
          deliveries: 1,
          quantity: 2,
        },
      ].sort((a, b) => a.serviceName.localeCompare(b.serviceName)),
    );
    expect(made.totals).toMatchObject({ deliveries: 2, quantity: 3 });
    expect(made.totals.bySlot).toHaveLength(2);

    // D + 2 is not made: projected. Tiffin is on alternate days from D, so it is due again.
    const ahead = addDays(D, 2);
    const projected = (await roster.get(`get-roster?date=${ahead}`, dispatcher.token)).json();
    expect(projected.result.made).toBe(false);
    const due = await s.db.select().from(ordersTable).where(eq(ordersTable.deliveryDay, ahead));
    expect(due).toHaveLength(0);
    const madeAhead = await makeDeliveryDay(s.db, ahead, { trigger: 'clock' });
    expect(projected.result.totals.deliveries).toBe(madeAhead.generated);

    // One service only.
    const water = (
      await roster.get(`get-roster?date=${D}&serviceId=${f.services.water.id}`, dispatcher.token)
    ).json().result;
    expect(water.rows).toHaveLength(1);
    expect(water.totals).toMatchObject({ deliveries: 1, quantity: 2 });
  });

  it('exports the counts as CSV and as PDF', async () => {
    const csv = await roster.get(`export-roster?date=${D}&format=csv`, dispatcher.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Service,Product or plan,Slot,Pin code,Deliveries,Quantity');
    expect(lines).toHaveLength(3);
    const pdf = await roster.get(`export-roster?date=${D}&format=pdf`, dispatcher.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses bad input, and generate to anyone but the super-admin', async () => {
    const bad = await roster.post('generate', { date: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Date must be a date');
    expect((await roster.get('get-roster?date=tomorrow', dispatcher.token)).statusCode).toBe(400);
    const denied = await roster.post('generate', { date: D }, dispatcher.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Only the super-admin can do this.');
    expect((await roster.get('runs?limit=101', dispatcher.token)).statusCode).toBe(400);
    expect((await roster.get(`get-roster?date=${D}`, settingsAdmin.token)).statusCode).toBe(403);
  });
});

describe('roster settings', () => {
  it('answers the cut-off (21:00 until saved) and saves a valid one', async () => {
    const first = await roster.get('get-settings', settingsAdmin.token);
    expect(first.json().result).toEqual({ settings: { cutoff: '21:00' } });
    for (const cutoff of ['25:00', '9:00', '21:60', '']) {
      const res = await roster.post('update-settings', { cutoff }, settingsAdmin.token);
      expect(res.statusCode, cutoff).toBe(400);
      expect(res.json().message).toContain('Cut-off');
    }
    const saved = await roster.post('update-settings', { cutoff: '20:30' }, settingsAdmin.token);
    expect(saved.statusCode).toBe(200);
    expect((await roster.get('get-settings')).json().result.settings.cutoff).toBe('20:30');
    expect((await roster.get('get-settings', dispatcher.token)).statusCode).toBe(403);
    await roster.post('update-settings', { cutoff: '21:00' });
  });
});

describe('holidays', () => {
  it('adds a holiday that extends the plans due that day on its pin codes, in one go', async () => {
    const day = addDays(today, 20);
    const plan = await subscribe(s.db, f, {
      customer: priya(),
      kind: 'tiffin',
      schedule: 'alternate',
      startDate: addDays(day, -4),
      endDate: addDays(day, 10),
    });
    // Another pin code: untouched.
    const elsewhere = await subscribe(s.db, f, {
      customer: aarav(),
      kind: 'tiffin',
      startDate: addDays(day, -4),
      endDate: addDays(day, 10),
    });
    const res = await holiday.post(
      'add',
      { day, name: 'Ugadi', pincodes: ['560034'], extendPlans: true },
      settingsAdmin.token,
    );
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result.extended).toBe(1);
    expect(result.holiday).toMatchObject({
      day,
      name: 'Ugadi',
      pincodes: ['560034'],
      extendPlans: true,
    });

    const [moved] = await s.db
      .select()
      .from(subscriptionsTable)
      .where(eq(subscriptionsTable.id, plan.id));
    // Alternate days from day - 4: the end (day + 10) is a delivery day; the next is day + 12.
    expect(moved!.endDate).toBe(addDays(day, 12));
    const [stayed] = await s.db
      .select()
      .from(subscriptionsTable)
      .where(eq(subscriptionsTable.id, elsewhere.id));
    expect(stayed!.endDate).toBe(addDays(day, 10));
    const changes = await s.db
      .select()
      .from(subscriptionChangesTable)
      .where(eq(subscriptionChangesTable.subscriptionId, plan.id));
    expect(changes).toMatchObject([
      { action: 'extended', changes: { endDate: [addDays(day, 10), addDays(day, 12)] } },
    ]);

    // The roster of that day leaves Priya's plan out.
    const counts = (await roster.get(`get-roster?date=${day}`)).json().result;
    expect(counts.rows.filter((r: { pincode: string }) => r.pincode === '560034')).toEqual([]);

    const list = await holiday.get(`get-holidays?from=${day}&to=${day}`, settingsAdmin.token);
    expect(list.json().result).toMatchObject({ totalRecords: 1, holidays: [{ name: 'Ugadi' }] });

    const removed = await holiday.post(`delete/${result.holiday._id}`, {}, settingsAdmin.token);
    expect(removed.statusCode).toBe(200);
    expect((await holiday.post(`delete/${result.holiday._id}`, {})).statusCode).toBe(404);
  });

  it('refuses bad input', async () => {
    const cases = [
      [{ day: '2026-13-01', name: 'X' }, 'Day'],
      [{ day: today, name: '' }, 'Name'],
      [{ day: today, name: 'X', pincodes: ['12345'] }, 'pin code'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await holiday.post('add', body, settingsAdmin.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect(
      (await holiday.post('add', { day: today, name: 'X' }, dispatcher.token)).statusCode,
    ).toBe(403);
  });
});

describe('a made order goes through like any other', () => {
  it('is assigned to a rider, delivered, invoiced, moves the jars ledger and cash on delivery', async () => {
    await s.db
      .update(productsTable)
      .set({ returnable: true, deposit: '150.00' })
      .where(eq(productsTable.id, f.products.water.id));
    const saved = await apiClient(() => s, 'settings').post('save-business', {
      legalName: 'Jalasri Water Services Private Limited',
      gstin: '29AABCU9603R1ZJ',
      address: '14 3rd Cross, Jayanagar 4th Block',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560011',
      invoicePrefix: 'JW',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const customer = f.customers[0]!;
    const sub = await subscribe(s.db, f, {
      customer,
      quantity: 3,
      returnQuantity: 1,
      startDate: addDays(today, -1),
      endDate: today,
    });
    const run = await makeDeliveryDay(s.db, today, { trigger: 'clock' });
    expect(run.status).toBe('done');
    const [made] = await s.db
      .select()
      .from(ordersTable)
      .where(and(eq(ordersTable.subscriptionId, sub.id), eq(ordersTable.deliveryDay, today)));
    expect(made).toBeDefined();

    const rider = await createRider(s, { name: 'Ravi Kumar', pincodes: ['560001'] });
    const assigned = await order.post('assign-rider', { orderIds: [made!.id], riderId: rider._id });
    expect(assigned.statusCode).toBe(200);
    const delivered = await order.post('update-status', { orderId: made!.id, status: 'Delivered' });
    expect(delivered.statusCode).toBe(200);

    const invoice = await order.get(`invoice/${made!.id}`);
    expect(invoice.statusCode, invoice.body).toBe(200);

    const ledger = (await apiClient(() => s, 'returnable').get(`ledger/${customer.id}`)).json();
    const jar = ledger.result.balances.find(
      (b: { productId: string }) => b.productId === f.products.water.id,
    );
    expect(jar).toMatchObject({ issued: 3, returned: 1, outstanding: 2 });

    const [runDay] = await s.db
      .select({ runDate: ordersTable.runDate })
      .from(ordersTable)
      .where(eq(ordersTable.id, made!.id));
    const cash = (await apiClient(() => s, 'rider').get(`cash?date=${runDay!.runDate}`)).json();
    const ravi = cash.result.riders.find((r: { riderId: string }) => r.riderId === rider._id);
    expect(ravi).toMatchObject({ deliveredCod: 1, expected: Number(made!.totalAmount) });
  });
});

// Last: it makes a far day, which would make every other test's subscriptions' orders too.
describe('a prepaid plan', () => {
  it("makes a prepaid plan's day at no charge, so the plan is not paid twice", async () => {
    const day = addDays(D, 20);
    const prepaid = await subscribe(s.db, f, {
      customer: kavya(),
      kind: 'tiffin',
      startDate: day,
      endDate: day,
      prepaid: true,
    });
    // Kavya's pin code is not served: the prepaid plan is delivered to Priya's address.
    await s.db
      .update(subscriptionsTable)
      .set({ addressId: priya().addressId, pincode: priya().address.pincode })
      .where(eq(subscriptionsTable.id, prepaid.id));
    const run = await makeDeliveryDay(s.db, day, { trigger: 'clock' });
    expect(run.status).toBe('done');
    const [made] = await s.db
      .select()
      .from(ordersTable)
      .where(eq(ordersTable.subscriptionId, prepaid.id));
    expect(made).toMatchObject({
      deliveryDay: day,
      price: '0.00',
      amount: '0.00',
      deliveryCharge: '0.00',
      gst: '0.00',
      totalAmount: '0.00',
    });
  });
});
