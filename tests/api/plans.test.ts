import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures } from './orderFixtures';

interface PlanDto {
  _id: string;
  name: string;
  duration: number;
  price: number;
  status: string;
}

const NO_PLANS = 'You do not have the Plans permission. Ask the super-admin to grant it.';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

function post(url: string, payload?: Record<string, unknown>, token = s.superToken) {
  return s.app.inject({
    method: 'POST',
    url: `/api/plan/${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

function get(url: string, token = s.superToken) {
  return s.app.inject({ method: 'GET', url: `/api/plan/${url}`, headers: bearer(token) });
}

async function create(name: string, duration = 30, price = 3999): Promise<PlanDto> {
  const res = await post('create-plan', { name, duration, price });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result.plan;
}

describe('POST /api/plan/create-plan', () => {
  it('answers 201, in the body too, with the plan', async () => {
    const res = await post('create-plan', { name: 'Monthly', duration: 30, price: 3999.5 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      statusCode: 201,
      message: 'Plan Monthly created successfully',
      result: {
        plan: { _id: expect.any(String), name: 'Monthly', duration: 30, price: 3999.5 },
      },
    });
  });

  it('reads numbers sent as text (form bodies)', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/plan/create-plan',
      headers: { ...bearer(s.superToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Weekly&duration=7&price=1050',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().result.plan).toMatchObject({ duration: 7, price: 1050 });
  });

  it.each([
    [{ duration: 7, price: 10 }, 'Name is required.'],
    [{ name: 'A', price: 10 }, 'Duration is required.'],
    [{ name: 'A', duration: 0, price: 10 }, 'Duration must be at least 1 day.'],
    [{ name: 'A', duration: -3, price: 10 }, 'Duration must be at least 1 day.'],
    [{ name: 'A', duration: 1.5, price: 10 }, 'Duration must be a whole number of days.'],
    [{ name: 'A', duration: 'ten', price: 10 }, 'Duration must be a number.'],
    [{ name: 'A', duration: 7 }, 'Price is required.'],
    [{ name: 'A', duration: 7, price: -1 }, 'Price must be 0 or more.'],
    [{ name: 'A', duration: 7, price: 1e12 }, 'Price must be at most ₹1,00,00,000.'],
  ])('refuses %j: %s', async (body, message) => {
    const res = await post('create-plan', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
  });

  it('accepts a free plan (price 0)', async () => {
    expect((await create('Trial', 1, 0)).price).toBe(0);
  });

  it('needs the Plans permission', async () => {
    const other = await s.createAdmin({ permissions: { others: true } });
    const res = await post('create-plan', { name: 'X', duration: 7, price: 1 }, other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, message: NO_PLANS });
    const allowed = await s.createAdmin({ permissions: { tiffinPlan: true } });
    const ok = await post('create-plan', { name: 'X', duration: 7, price: 1 }, allowed.token);
    expect(ok.statusCode).toBe(201);
  });
});

describe('POST /api/plan/update-plan', () => {
  it('answers a success flag with the message and the plan', async () => {
    const plan = await create('Fortnight', 14, 1900);
    const res = await post('update-plan', {
      planId: plan._id,
      name: 'Fortnightly',
      duration: 15,
      price: 2000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Plan Fortnightly updated successfully',
      result: { plan: { _id: plan._id, name: 'Fortnightly', duration: 15, price: 2000 } },
    });
  });

  it('answers success false with a 4xx on failure', async () => {
    const plan = await create('Bad Update', 7, 100);
    const bad = await post('update-plan', { planId: plan._id, name: 'X', duration: 0, price: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      statusCode: 400,
      message: 'Duration must be at least 1 day.',
    });
    const negative = await post('update-plan', {
      planId: plan._id,
      name: 'X',
      duration: 7,
      price: -5,
    });
    expect(negative.json()).toMatchObject({ success: false, message: 'Price must be 0 or more.' });
    const unknown = await post('update-plan', { planId: 'nope', name: 'X', duration: 7, price: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      success: false,
      statusCode: 404,
      message: 'This plan does not exist.',
    });
    const noId = await post('update-plan', { name: 'X', duration: 7, price: 1 });
    expect(noId.json()).toMatchObject({ success: false, message: 'Plan id is required.' });
  });

  it('answers success false on 403 too', async () => {
    const plan = await create('Locked', 7, 100);
    const other = await s.createAdmin({ permissions: { others: true } });
    const res = await post(
      'update-plan',
      { planId: plan._id, name: 'X', duration: 7, price: 1 },
      other.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, statusCode: 403, message: NO_PLANS });
  });
});

describe('POST /api/plan/delete-plan/{id}', () => {
  it('deletes with the id in the path and in bannerId', async () => {
    const plan = await create('Gone', 7, 100);
    const res = await post(`delete-plan/${plan._id}`, { bannerId: plan._id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Plan Gone deleted successfully',
    });
    expect((await get(`get-plan/${plan._id}`)).statusCode).toBe(404);
  });

  it('deletes with the path id alone', async () => {
    const plan = await create('Gone Too', 7, 100);
    expect((await post(`delete-plan/${plan._id}`)).statusCode).toBe(200);
  });

  it('refuses a bannerId that differs from the path, and unknown ids', async () => {
    const plan = await create('Kept', 7, 100);
    const mismatch = await post(`delete-plan/${plan._id}`, { bannerId: 'another-id' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      statusCode: 400,
      message: 'The plan id in the body does not match the one in the address.',
    });
    expect((await get(`get-plan/${plan._id}`)).statusCode).toBe(200);
    const unknown = await post('delete-plan/nope', { bannerId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This plan does not exist.');
  });

  it('needs the Plans permission', async () => {
    const plan = await create('Guarded', 7, 100);
    const other = await s.createAdmin({ permissions: { others: true } });
    expect((await post(`delete-plan/${plan._id}`, {}, other.token)).statusCode).toBe(403);
  });
});

describe('GET /api/plan/get-all-plans and get-plan/{id}', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
    for (const [name, duration, price] of [
      ['Weekly', 7, 1050],
      ['Monthly', 30, 3999],
      ['Quarterly', 90, 11499],
      ['Half-yearly', 180, 21999],
      ['Yearly', 365, 41999],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/plan/create-plan',
        headers: bearer(t.superToken),
        payload: { name, duration, price },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());
  const list = (query: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/plan/get-all-plans?${query}`,
      headers: bearer(token ?? t.superToken),
    });

  it('puts data and paging at the top level', async () => {
    const res = await list('page=2&limit=2&sort=duration&sortOrder=asc');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 200,
      totalRecords: 5,
      currentPage: 2,
      totalPages: 3,
    });
    expect(body.result).toBeUndefined();
    expect((body.data as PlanDto[]).map((p) => p.name)).toEqual(['Quarterly', 'Half-yearly']);
    expect(body.data[0]).toMatchObject({ duration: 90, price: 11499, status: 'Active' });
  });

  it('searches by name and sorts by price descending', async () => {
    const res = await list('search=ly&sort=price&sortOrder=desc&limit=10');
    const names = (res.json().data as PlanDto[]).map((p) => p.name);
    expect(names).toEqual(['Yearly', 'Half-yearly', 'Quarterly', 'Monthly', 'Weekly']);
    const one = await list('search=month');
    expect(one.json()).toMatchObject({ totalRecords: 1, data: [{ name: 'Monthly' }] });
    expect((await list('sort=secret')).statusCode).toBe(400);
    expect((await list('page=0')).statusCode).toBe(400);
  });

  it('is readable by any signed-in admin', async () => {
    const other = await t.createAdmin({ permissions: { orders: true } });
    expect((await list('', other.token)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/plan/get-all-plans' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads one plan by id (addition)', async () => {
    const [first] = (await list('limit=1')).json().data as PlanDto[];
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/plan/get-plan/${first!._id}`,
      headers: bearer(t.superToken),
    });
    expect(res.json()).toMatchObject({ statusCode: 200, result: { plan: first } });
  });
});

describe('POST /api/plan/delete-plan/{id} of a plan in orders', () => {
  it('answers 409 with the number of orders and keeps the plan', async () => {
    const t = await createTestServer();
    try {
      const f = await createOrderFixtures(t.db);
      await f.place({ kind: 'tiffin' });
      await f.place({ kind: 'tiffin', customer: 1, status: 'Delivered' });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/plan/delete-plan/${f.plan.id}`,
        headers: bearer(t.superToken),
        payload: { bannerId: f.plan.id },
      });
      expect(res.json()).toEqual({
        statusCode: 409,
        message: 'This plan is in 2 orders and cannot be deleted. Set it Inactive instead.',
      });
      const kept = await t.app.inject({
        method: 'GET',
        url: `/api/plan/get-plan/${f.plan.id}`,
        headers: bearer(t.superToken),
      });
      expect(kept.json()).toMatchObject({ statusCode: 200, result: { plan: { name: 'Monthly' } } });
    } finally {
      await t.close();
    }
  });
});
