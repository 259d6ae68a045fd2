import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServiceAreas } from '@server/db/seed/service-areas';
import { bearer, createTestServer, type TestServer } from './helpers';

interface PincodeDto {
  _id: string;
  number: string;
  pinType: string;
  status: string;
  createdAt: string;
}

const NO_OTHERS = 'You do not have the Others permission. Ask the super-admin to grant it.';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

function post(url: string, payload?: Record<string, unknown>, token = s.superToken) {
  return s.app.inject({
    method: 'POST',
    url: `/api/pincode/${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

function list(query: Record<string, string | number> = {}, token = s.superToken) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return s.app.inject({
    method: 'GET',
    url: `/api/pincode/get-paginated-pincodes?${qs}`,
    headers: bearer(token),
  });
}

async function add(pinCode: string, pinType = 'Home'): Promise<PincodeDto> {
  const res = await post('add', { pinCode, pinType });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.pincode;
}

describe('POST /api/pincode/add', () => {
  it('adds a pin code with its type', async () => {
    const res = await post('add', { pinCode: '560034', pinType: 'Office' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Pin code 560034 added successfully',
      result: {
        pincode: {
          _id: expect.any(String),
          number: '560034',
          pinType: 'Office',
          status: 'Active',
          createdAt: expect.any(String),
        },
      },
    });
  });

  it.each([
    ['5600341', '7 digits'],
    ['56003', '5 digits'],
    ['56O034', 'a letter'],
    ['abcdef', 'no digits'],
    ['060034', 'a leading zero'],
    ['560 34', 'a space'],
  ])('refuses %s (%s)', async (pinCode) => {
    const res = await post('add', { pinCode, pinType: 'Home' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'The pin code must be exactly 6 digits.',
    });
  });

  it('requires the pin code and a known pin type', async () => {
    const missing = await post('add', { pinType: 'Home' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Pin code is required.');
    const badType = await post('add', { pinCode: '560035', pinType: 'Shop' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe('Pin type must be Home, Office, Other.');
  });

  it('accepts the number as a JSON number and trims text', async () => {
    expect((await add(' 560036 ')).number).toBe('560036');
    const res = await post('add', { pinCode: 560037, pinType: 'Other' });
    expect(res.json().result.pincode).toMatchObject({ number: '560037', pinType: 'Other' });
  });

  it('answers 409 for a pin code that already exists', async () => {
    await add('110001');
    const res = await post('add', { pinCode: '110001', pinType: 'Office' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, message: 'This pin code already exists.' });
  });

  it('needs the Others permission', async () => {
    const reader = await s.createAdmin({ permissions: { orders: true } });
    const res = await post('add', { pinCode: '400001', pinType: 'Home' }, reader.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, message: NO_OTHERS });
    const allowed = await s.createAdmin({ permissions: { others: true } });
    expect((await post('add', { pinCode: '400001' }, allowed.token)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/pincode/add',
      payload: { pinCode: '400002' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/pincode/edit-pincode/{id}', () => {
  it('changes the number and the type', async () => {
    const pin = await add('400050');
    const res = await post(`edit-pincode/${pin._id}`, { number: '400051', pinType: 'Office' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Pin code 400051 updated successfully',
      result: { pincode: { _id: pin._id, number: '400051', pinType: 'Office' } },
    });
  });

  it('keeps the type when none is sent', async () => {
    const pin = await add('400052', 'Other');
    const res = await post(`edit-pincode/${pin._id}`, { number: '400053' });
    expect(res.json().result.pincode).toMatchObject({ number: '400053', pinType: 'Other' });
  });

  it('validates the number, refuses duplicates and unknown ids', async () => {
    const pin = await add('400054');
    await add('400055');
    const bad = await post(`edit-pincode/${pin._id}`, { number: '40005', pinType: 'Home' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The pin code must be exactly 6 digits.');
    const dup = await post(`edit-pincode/${pin._id}`, { number: '400055', pinType: 'Home' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This pin code already exists.');
    const unknown = await post('edit-pincode/no-such-id', { number: '400056', pinType: 'Home' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'This pin code does not exist.' });
  });

  it('needs the Others permission', async () => {
    const pin = await add('400057');
    const reader = await s.createAdmin({ permissions: { tiffinPlan: true } });
    const res = await post(`edit-pincode/${pin._id}`, { number: '400058' }, reader.token);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/pincode/delete-pincode/{id}', () => {
  it('deletes with an empty body, then the id is unknown', async () => {
    const pin = await add('400060');
    const res = await post(`delete-pincode/${pin._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Pin code 400060 deleted successfully',
    });
    const again = await post(`delete-pincode/${pin._id}`, {});
    expect(again.statusCode).toBe(404);
    const get = await s.app.inject({
      method: 'GET',
      url: `/api/pincode/get-pincode/${pin._id}`,
      headers: bearer(s.superToken),
    });
    expect(get.statusCode).toBe(404);
  });

  it('needs the Others permission', async () => {
    const pin = await add('400061');
    const reader = await s.createAdmin({ permissions: {} });
    expect((await post(`delete-pincode/${pin._id}`, {}, reader.token)).statusCode).toBe(403);
  });
});

describe('GET /api/pincode/get-paginated-pincodes and get-pincode/{id}', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
    await seedServiceAreas(t.db);
  });
  afterAll(() => t.close());
  const get = (query: Record<string, string | number> = {}, token?: string) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    return t.app.inject({
      method: 'GET',
      url: `/api/pincode/get-paginated-pincodes?${qs}`,
      headers: bearer(token ?? t.superToken),
    });
  };

  it('pages the seeded pin codes inside result', async () => {
    const all = (await get({ limit: 1000, status: 'Active' })).json();
    const total = all.result.totalRecords as number;
    expect(total).toBeGreaterThanOrEqual(30);
    const res = await get({ page: 2, limit: 10, sort: 'number', sortOrder: 'asc' });
    expect(res.statusCode).toBe(200);
    const { pincodes, ...paging } = res.json().result;
    expect(paging).toEqual({
      totalRecords: total,
      currentPage: 2,
      totalPages: Math.ceil(total / 10),
    });
    expect(pincodes).toHaveLength(10);
    const numbers = (pincodes as PincodeDto[]).map((p) => p.number);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('searches by the start of the number', async () => {
    const res = await get({ search: '5600', limit: 1000 });
    const numbers = (res.json().result.pincodes as PincodeDto[]).map((p) => p.number);
    expect(numbers.length).toBeGreaterThan(5);
    expect(numbers.every((n) => n.startsWith('5600'))).toBe(true);
    const middle = await get({ search: '0001', limit: 1000 });
    expect(middle.json().result).toMatchObject({ pincodes: [], totalRecords: 0 });
    const letters = await get({ search: 'abc' });
    expect(letters.json().result).toMatchObject({ pincodes: [], totalRecords: 0 });
  });

  it('sorts descending and refuses unknown sorts and limits over 1000', async () => {
    const res = await get({ sort: 'number', sortOrder: 'desc', limit: 1 });
    expect(res.json().result.pincodes[0].number).toBe('560102');
    expect((await get({ sort: 'password' })).statusCode).toBe(400);
    const big = await get({ limit: 1001 });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Limit must be between 1 and 1000.');
  });

  it('is readable by any signed-in admin, not without a session', async () => {
    const other = await t.createAdmin({ permissions: { assigningJobs: true } });
    expect((await get({ limit: 1000 }, other.token)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/pincode/get-paginated-pincodes',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads one pin code by id (addition), 404 for an unknown id', async () => {
    const [first] = (await get({ limit: 1 })).json().result.pincodes as PincodeDto[];
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pincode/get-pincode/${first!._id}`,
      headers: bearer(t.superToken),
    });
    expect(res.json()).toMatchObject({ statusCode: 200, result: { pincode: first } });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/pincode/get-pincode/nope',
      headers: bearer(t.superToken),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('seeds only once', async () => {
    const before = (await get()).json().result.totalRecords;
    await seedServiceAreas(t.db);
    expect((await get()).json().result.totalRecords).toBe(before);
  });
});

it('lists the pin codes added in this file', async () => {
  const res = await list({ limit: 1000 });
  expect(res.statusCode).toBe(200);
  const numbers = (res.json().result.pincodes as PincodeDto[]).map((p) => p.number);
  expect(numbers).toContain('560034');
  expect(numbers).not.toContain('400060');
});
