/**
 * Issue 37, the customer's desk: a customer's internal notes, the filtered Orders tab, a return
 * request's item, and the area and city of pin codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestReturn } from '@server/modules/returns/requestReturn';
import { apiClient, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';

let s: TestServer;
let f: OrderFixtures;
const api = apiClient(() => s);

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
});
afterAll(() => s.close());

describe("a customer's internal notes", () => {
  it('adds a note with its author and time and lists the newest first', async () => {
    const admin = await s.createAdmin({ name: 'Asha Rao', permissions: { userManagement: true } });
    const customer = f.customers[0]!;
    const first = await api.post(
      'user/add-note',
      { userId: customer.id, body: '  Leave the jars with the watchman.  ' },
      admin.token,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Note added successfully',
      result: {
        note: {
          userId: customer.id,
          body: 'Leave the jars with the watchman.',
          adminName: 'Asha Rao',
          createdAt: expect.any(String),
        },
      },
    });
    await api.post('user/add-note', { userId: customer.id, body: 'Prefers calls after 6 pm.' });

    const page = await api.get(`user/notes/${customer.id}?limit=1`, admin.token);
    expect(page.statusCode).toBe(200);
    const result = page.json().result;
    expect(result).toMatchObject({ totalRecords: 2, currentPage: 1, totalPages: 2 });
    expect(result.notes.map((n: { body: string }) => n.body)).toEqual([
      'Prefers calls after 6 pm.',
    ]);
    const second = await api.get(`user/notes/${customer.id}?page=2&limit=1`);
    expect(second.json().result.notes[0]).toMatchObject({
      body: 'Leave the jars with the watchman.',
      adminName: 'Asha Rao',
    });
    // Another customer's notes are their own.
    const other = await api.get(`user/notes/${f.customers[1]!.id}`);
    expect(other.json().result).toMatchObject({ notes: [], totalRecords: 0 });
  });

  it('refuses a blank, too long or orphan note with a message a person can act on', async () => {
    const userId = f.customers[0]!.id;
    const blank = await api.post('user/add-note', { userId, body: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('The note is required.');
    const long = await api.post('user/add-note', { userId, body: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The note must be at most 1000 characters.');
    const fits = await api.post('user/add-note', { userId, body: 'y'.repeat(1000) });
    expect(fits.statusCode).toBe(200);
    const unknown = await api.post('user/add-note', { userId: 'no-such-user', body: 'Hello' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This user does not exist.');
    const list = await api.get('user/notes/no-such-user');
    expect(list.statusCode).toBe(404);
  });

  it('lets only admins who manage customers read and write notes', async () => {
    const orders = await s.createAdmin({ permissions: { orders: true } });
    const userId = f.customers[0]!.id;
    expect((await api.get(`user/notes/${userId}`, orders.token)).statusCode).toBe(403);
    expect(
      (await api.post('user/add-note', { userId, body: 'Hello' }, orders.token)).statusCode,
    ).toBe(403);
  });
});

describe("the customer's Orders tab filters", () => {
  it('filters by status, service and days, with totals that match', async () => {
    const customer = f.customers[2]!;
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const water1 = await f.place({
      kind: 'water',
      customer,
      status: 'Delivered',
      createdAt: new Date(now - 40 * day),
    });
    const water2 = await f.place({
      kind: 'water',
      customer,
      status: 'Pending',
      createdAt: new Date(now - 2 * day),
    });
    const oxygen = await f.place({
      kind: 'oxygen',
      customer,
      status: 'Delivered',
      createdAt: new Date(now - day),
    });
    const list = async (query: string) => {
      const res = await api.get(`order/get-customer-orders?userId=${customer.id}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json().result;
      return { ids: r.orders.map((o: { _id: string }) => o._id), total: r.totalRecords };
    };
    expect(await list('')).toEqual({ ids: [oxygen.id, water2.id, water1.id], total: 3 });
    expect(await list('&status=Delivered')).toEqual({ ids: [oxygen.id, water1.id], total: 2 });
    expect(await list(`&serviceId=${f.services.water.id}`)).toEqual({
      ids: [water2.id, water1.id],
      total: 2,
    });
    expect(await list(`&serviceId=${f.services.water.id}&status=Pending`)).toEqual({
      ids: [water2.id],
      total: 1,
    });
    const india = (ms: number) => new Date(ms + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(await list(`&from=${india(now - 10 * day)}&to=${india(now)}`)).toEqual({
      ids: [oxygen.id, water2.id],
      total: 2,
    });
    expect(await list(`&to=${india(now - 30 * day)}`)).toEqual({ ids: [water1.id], total: 1 });
  });

  it('refuses filters it cannot read', async () => {
    const userId = f.customers[2]!.id;
    const bad = await api.get(`order/get-customer-orders?userId=${userId}&status=Lost`);
    expect(bad.statusCode).toBe(400);
    const days = await api.get(
      `order/get-customer-orders?userId=${userId}&from=2026-11-20&to=2026-11-10`,
    );
    expect(days.statusCode).toBe(400);
    expect(days.json().message).toBe('The "from" date must not be after the "to" date.');
    const notDay = await api.get(`order/get-customer-orders?userId=${userId}&from=yesterday`);
    expect(notDay.statusCode).toBe(400);
    expect(notDay.json().message).toBe('From must be a date such as 2026-11-24.');
  });
});

describe("a return request's relatives", () => {
  it('names its item, order and customer', async () => {
    const customer = f.customers[3]!;
    const order = await f.place({
      kind: 'water',
      customer,
      status: 'Delivered',
      returnQuantity: 1,
    });
    const request = await requestReturn(s.db, { orderId: order.id, returnedQuantity: 1 });
    const res = await api.get(`return-history/get-return-request/${request.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.returnRequest).toMatchObject({
      order: [{ _id: order.id, orderId: order.orderId }],
      user: { _id: customer.id, firstName: customer.firstName, lastName: customer.lastName },
      item: { _id: f.products.water.id, name: '20 L Jar', litres: 20 },
    });
  });
});

describe('pin codes carry an area and a city', () => {
  it('adds, edits, lists and searches them', async () => {
    const added = await api.post('pincode/add', {
      pinCode: '400058',
      pinType: 'Home',
      area: ' Andheri West ',
      city: 'Mumbai',
    });
    expect(added.statusCode, added.body).toBe(200);
    const pin = added.json().result.pincode;
    expect(pin).toMatchObject({ number: '400058', area: 'Andheri West', city: 'Mumbai' });

    const bare = await api.post('pincode/add', { pinCode: '400059', pinType: 'Home' });
    expect(bare.json().result.pincode).toMatchObject({ area: '', city: '' });

    // Left out, they stay; sent, they change.
    const kept = await api.post(`pincode/edit-pincode/${pin._id}`, { number: '400058' });
    expect(kept.json().result.pincode).toMatchObject({ area: 'Andheri West', city: 'Mumbai' });
    const moved = await api.post(`pincode/edit-pincode/${pin._id}`, {
      number: '400058',
      area: 'Andheri (W)',
    });
    expect(moved.json().result.pincode).toMatchObject({ area: 'Andheri (W)', city: 'Mumbai' });

    const one = await api.get(`pincode/get-pincode/${pin._id}`);
    expect(one.json().result.pincode).toMatchObject({ area: 'Andheri (W)', city: 'Mumbai' });

    const search = async (text: string) =>
      (await api.get(`pincode/get-paginated-pincodes?search=${encodeURIComponent(text)}`))
        .json()
        .result.pincodes.map((p: { number: string }) => p.number);
    expect(await search('andheri')).toEqual(['400058']);
    expect(await search('mumb')).toEqual(['400058']);
    expect(await search('40005')).toEqual(expect.arrayContaining(['400058', '400059']));
    expect(await search('100%')).toEqual([]);
  });

  it('refuses an area or city longer than 80 characters', async () => {
    const long = 'x'.repeat(81);
    const area = await api.post('pincode/add', { pinCode: '400060', area: long });
    expect(area.statusCode).toBe(400);
    expect(area.json().message).toBe('Area must be at most 80 characters.');
    const city = await api.post('pincode/add', { pinCode: '400060', city: long });
    expect(city.statusCode).toBe(400);
    expect(city.json().message).toBe('City must be at most 80 characters.');
  });
});
