import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServiceAreas } from '@server/db/seed/service-areas';
import { bearer, createTestServer, type TestServer, apiClient } from './helpers';

const NO_OTHERS = 'You do not have the Others permission. Ask the super-admin to grant it.';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const { get, post: save } = apiClient(() => s);

describe('delivery charges', () => {
  it('reads zeros before anything is saved', async () => {
    const res = await get('delivery-charge/get-delivery-charge');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      result: { deliveryCharge: { standardCharge: 0, emergencyCharge: 0, gst: 0 } },
    });
  });

  it('saves and reads back, and saves again over the same row', async () => {
    const first = await save('delivery-charge/save', {
      standardCharge: 30,
      emergencyCharge: 80,
      gst: 18,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      statusCode: 200,
      message: 'Delivery charges saved successfully',
      result: { deliveryCharge: { standardCharge: 30, emergencyCharge: 80, gst: 18 } },
    });
    const second = await save('delivery-charge/save', {
      standardCharge: '35.5',
      emergencyCharge: 0,
      gst: 100,
    });
    expect(second.statusCode).toBe(200);
    const read = await get('delivery-charge/get-delivery-charge');
    expect(read.json().result.deliveryCharge).toEqual({
      standardCharge: 35.5,
      emergencyCharge: 0,
      gst: 100,
    });
  });

  it.each([
    [{ emergencyCharge: 1, gst: 1 }, 'Standard charge is required.'],
    [{ standardCharge: -1, emergencyCharge: 1, gst: 1 }, 'Standard charge must be 0 or more.'],
    [{ standardCharge: 1, emergencyCharge: -0.5, gst: 1 }, 'Emergency charge must be 0 or more.'],
    [{ standardCharge: 1, emergencyCharge: 'lots', gst: 1 }, 'Emergency charge must be a number.'],
    [{ standardCharge: 1, emergencyCharge: 1, gst: -1 }, 'GST must be 0 or more.'],
    [{ standardCharge: 1, emergencyCharge: 1, gst: 100.5 }, 'GST must be at most 100%.'],
    [
      { standardCharge: 1e9, emergencyCharge: 1, gst: 1 },
      'Standard charge must be at most ₹1,00,000.',
    ],
  ])('refuses %j: %s', async (body, message) => {
    const res = await save('delivery-charge/save', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
  });

  it('needs the Others permission to save, a session to read', async () => {
    const reader = await s.createAdmin({ permissions: { orders: true } });
    const denied = await save(
      'delivery-charge/save',
      { standardCharge: 1, emergencyCharge: 1, gst: 1 },
      reader.token,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ statusCode: 403, message: NO_OTHERS });
    expect((await get('delivery-charge/get-delivery-charge', reader.token)).statusCode).toBe(200);
    const anonymous = await s.app.inject({
      method: 'GET',
      url: '/api/delivery-charge/get-delivery-charge',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('delivery times', () => {
  it('reads empty lists before anything is saved', async () => {
    const res = await get('delivery-time/get-delivery-time');
    expect(res.json()).toMatchObject({
      statusCode: 200,
      result: { data: { pickupTime: [], deliveryTime: [], gapHours: 0 } },
    });
  });

  it('stores one text per list as a list, and accepts lists', async () => {
    const res = await save('delivery-time/save', {
      pickupTime: ' 8:00 AM - 11:00 AM ',
      deliveryTime: '5:00 PM - 8:00 PM',
      gapHours: '6',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Delivery time saved successfully',
      result: {
        data: { pickupTime: ['8:00 AM - 11:00 AM'], deliveryTime: ['5:00 PM - 8:00 PM'] },
      },
    });
    await save('delivery-time/save', {
      pickupTime: ['7:00 AM - 9:00 AM', '9:00 AM - 11:00 AM'],
      deliveryTime: ['6:00 PM - 8:00 PM'],
      gapHours: 0,
    });
    const read = await get('delivery-time/get-delivery-time');
    expect(read.json().result.data).toEqual({
      pickupTime: ['7:00 AM - 9:00 AM', '9:00 AM - 11:00 AM'],
      deliveryTime: ['6:00 PM - 8:00 PM'],
      gapHours: 0,
      // Never sent: the default, 90 of a 2-hour promise.
      emergencyAlertMinutes: 90,
    });
  });

  it('saves the emergency alert minutes, and keeps them when a save leaves them out', async () => {
    const slots = { pickupTime: 'x', deliveryTime: 'y', gapHours: 1 };
    const res = await save('delivery-time/save', { ...slots, emergencyAlertMinutes: 75 });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.emergencyAlertMinutes).toBe(75);
    // The spec's form sends only the slots and the gap.
    await save('delivery-time/save', slots);
    const read = await get('delivery-time/get-delivery-time');
    expect(read.json().result.data.emergencyAlertMinutes).toBe(75);
    await save('delivery-time/save', { ...slots, emergencyAlertMinutes: '240' });
    expect((await get('delivery-time/get-delivery-time')).json().result.data).toMatchObject({
      emergencyAlertMinutes: 240,
    });
  });

  it.each([14, 241, 90.5, 'soon', -90, null])('refuses %j emergency alert minutes', async (v) => {
    const res = await save('delivery-time/save', {
      pickupTime: 'x',
      deliveryTime: 'y',
      gapHours: 1,
      emergencyAlertMinutes: v,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'Emergency alert must be a whole number of minutes from 15 to 240.',
    });
  });

  it.each([
    [{ deliveryTime: 'x', gapHours: 1 }, 'Pickup time is required.'],
    [{ pickupTime: '  ', deliveryTime: 'x', gapHours: 1 }, 'Pickup time is required.'],
    [{ pickupTime: [], deliveryTime: 'x', gapHours: 1 }, 'Pickup time is required.'],
    [{ pickupTime: 'x', gapHours: 1 }, 'Delivery time is required.'],
    [{ pickupTime: 'x', deliveryTime: 'y' }, 'Gap hours is required.'],
    [{ pickupTime: 'x', deliveryTime: 'y', gapHours: -1 }, 'Gap hours must be 0 or more.'],
    [{ pickupTime: 'x', deliveryTime: 'y', gapHours: 2.5 }, 'Gap hours must be a whole number.'],
    [{ pickupTime: 'x', deliveryTime: 'y', gapHours: 1000 }, 'Gap hours must be at most 168.'],
  ])('refuses %j: %s', async (body, message) => {
    const res = await save('delivery-time/save', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
  });

  it('needs the Others permission to save', async () => {
    const reader = await s.createAdmin({ permissions: { tiffinPlan: true } });
    const denied = await save(
      'delivery-time/save',
      { pickupTime: 'x', deliveryTime: 'y', gapHours: 1 },
      reader.token,
    );
    expect(denied.statusCode).toBe(403);
    expect((await get('delivery-time/get-delivery-time', reader.token)).statusCode).toBe(200);
  });
});

describe('seedServiceAreas', () => {
  it('fills plans and settings of an empty database, once', async () => {
    const t = await createTestServer();
    try {
      await seedServiceAreas(t.db);
      await seedServiceAreas(t.db);
      const call = (url: string) =>
        t.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(t.superToken) });
      const plans = (await call('plan/get-all-plans?sort=duration')).json();
      expect(plans.data.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
        ['Weekly', 1050],
        ['Monthly', 3999],
        ['Quarterly', 11499],
      ]);
      expect((await call('delivery-charge/get-delivery-charge')).json().result).toEqual({
        deliveryCharge: { standardCharge: 30, emergencyCharge: 80, gst: 18 },
      });
      expect((await call('delivery-time/get-delivery-time')).json().result).toEqual({
        data: {
          pickupTime: ['8:00 AM - 11:00 AM'],
          // The form shows the first; subscriptions choose among all (issue 35).
          deliveryTime: [
            '5:00 PM - 8:00 PM',
            '7:00 AM - 9:00 AM',
            '9:00 AM - 12:00 PM',
            '12:30 PM - 1:30 PM',
            '7:30 PM - 8:30 PM',
          ],
          gapHours: 6,
          emergencyAlertMinutes: 90,
        },
      });
      const pins = (await call('pincode/get-paginated-pincodes?limit=1000')).json().result;
      expect(pins.totalRecords).toBeGreaterThanOrEqual(30);
      for (const prefix of ['560', '110', '400']) {
        expect(pins.pincodes.some((p: { number: string }) => p.number.startsWith(prefix))).toBe(
          true,
        );
      }
    } finally {
      await t.close();
    }
  });
});
