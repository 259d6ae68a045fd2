import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLogTable, ordersTable } from '@server/db/schema';
import { deniedMessage } from '@server/permissions';
import { pinClock } from './clock';
import { apiClient, createTestServer, withQuery, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures, type PlaceOptions } from './orderFixtures';
import {
  assignToRider,
  createRider,
  ensurePincodes,
  freshPhone,
  indiaDays,
  type RiderDto,
} from './riderFixtures';

let s: TestServer;
let f: OrderFixtures;
const api = apiClient(() => s, 'rider');
// Days as the test sees them and the server (in this process) does, just after midnight in India.
pinClock();
afterAll(() => vi.useRealTimers());
const { today, yesterday } = indiaDays();

const PHONE_MESSAGE =
  'Phone must be an Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (e.g. 98450 00101).';
const DAY_MESSAGE = 'Date must be a day as YYYY-MM-DD.';
const SERVICE_AREAS = ['560001', '560002', '560034', '110001', '400050'];

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  await ensurePincodes(s.db, SERVICE_AREAS);
});
afterAll(() => s.close());

const place = async (opts: PlaceOptions) => (await f.place(opts)).id;

const validRider = (over: Record<string, unknown> = {}) => ({
  name: 'Ravi Kumar',
  phone: freshPhone(),
  vehicle: 'KA01 AB 1234 (scooter)',
  pincodes: ['560001'],
  shift: 'Both',
  ...over,
});

const listRiders = (query: Record<string, string | number> = {}, token?: string) =>
  api.get(withQuery('get-riders', query), token);

const latestAudit = async () =>
  (await s.db.select().from(auditLogTable).orderBy(desc(auditLogTable.id)).limit(1))[0];

describe('POST rider/create-rider', () => {
  it('adds a rider: phone stored as its 10 digits, pin codes once each and sorted, Active', async () => {
    const res = await api.post('create-rider', {
      name: '  Ravi Kumar ',
      phone: '+91 98450-12345',
      pincodes: ['560034', '560001', '560034'],
      shift: 'Morning',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 200,
      message: 'Rider added successfully!',
      result: {
        rider: {
          _id: expect.any(String),
          name: 'Ravi Kumar',
          phone: '9845012345',
          vehicle: '',
          pincodes: ['560001', '560034'],
          shift: 'Morning',
          status: 'Active',
          jobs: 0,
          openJobs: 0,
        },
      },
    });
    expect(body.result.rider).not.toHaveProperty('serves');
    const audit = await latestAudit();
    expect(audit).toMatchObject({
      resource: 'rider',
      action: 'create-rider',
      recordId: body.result.rider._id,
    });
  });

  it('accepts a 0 before the number and an Inactive status', async () => {
    const res = await api.post(
      'create-rider',
      validRider({ phone: '09876 500001', status: 'Inactive', vehicle: 'Van' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.rider).toMatchObject({
      phone: '9876500001',
      status: 'Inactive',
      vehicle: 'Van',
    });
  });

  it('refuses a second rider with the same phone number, however it is written', async () => {
    await createRider(s, { phone: '9845099999' });
    const res = await api.post('create-rider', validRider({ phone: '+91 98450 99999' }));
    expect(res.json()).toEqual({
      statusCode: 409,
      message: 'A rider with this phone number already exists.',
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no name', { name: '   ' }, 'Name is required.'],
    ['a one-letter name', { name: 'R' }, 'Name must be at least 2 characters.'],
    ['a long name', { name: 'R'.repeat(81) }, 'Name must be at most 80 characters.'],
    ['no phone', { phone: undefined }, 'Phone is required.'],
    ['a short phone', { phone: '98450' }, PHONE_MESSAGE],
    ['a toll-free number', { phone: '1800 123 4567' }, PHONE_MESSAGE],
    ['a phone starting 5', { phone: '5845012345' }, PHONE_MESSAGE],
    ['a long vehicle', { vehicle: 'V'.repeat(61) }, 'Vehicle must be at most 60 characters.'],
    ['no pin codes', { pincodes: undefined }, 'Choose the pin codes the rider serves.'],
    ['an empty list', { pincodes: [] }, 'Choose at least one pin code the rider serves.'],
    ['a 5-digit pin code', { pincodes: ['560001', '56001'] }, 'Pin code 56001 must be 6 digits.'],
    ['an object', { pincodes: { a: 1 } }, 'Pin codes must be a list of 6-digit pin codes.'],
    [
      '51 pin codes',
      { pincodes: Array.from({ length: 51 }, (_, i) => String(560100 + i)) },
      'A rider can serve at most 50 pin codes.',
    ],
    [
      'a pin code that is no service area',
      { pincodes: ['560001', '560099'] },
      'Pin code 560099 is not a service area. Add it under Pin Codes first.',
    ],
    [
      'two pin codes that are no service areas',
      { pincodes: ['560098', '560099'] },
      'Pin codes 560098, 560099 are not service areas. Add them under Pin Codes first.',
    ],
    ['an unknown shift', { shift: 'Night' }, 'Shift must be one of: Morning, Evening, Both.'],
    ['no shift', { shift: undefined }, 'Shift must be one of: Morning, Evening, Both.'],
    ['an unknown status', { status: 'Away' }, 'Status must be Active or Inactive.'],
    ['a NUL in the name', { name: 'Ra\u0000vi' }, 'Name must not contain control characters.'],
  ])('refuses %s', async (_what, over, message) => {
    const res = await api.post('create-rider', validRider(over));
    expect(res.json()).toEqual({ statusCode: 400, message });
  });

  it('takes a form body with the pin codes separated by commas', async () => {
    const res = await api.postForm('create-rider', {
      name: 'Form Rider',
      phone: freshPhone(),
      pincodes: '560002, 560001',
      shift: 'Evening',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.rider.pincodes).toEqual(['560001', '560002']);
  });
});

describe('GET rider/get-rider/{id}', () => {
  it('answers the rider with its jobs of the day and its open jobs', async () => {
    const rider = await createRider(s, { name: 'Get Rider' });
    const todays = [await place({ kind: 'water' }), await place({ kind: 'water' })];
    const earlier = await place({ kind: 'water' });
    await assignToRider(s.db, todays, rider._id, { date: today });
    await assignToRider(s.db, [earlier], rider._id, { date: yesterday });
    const res = await api.get(`get-rider/${rider._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Rider',
      result: { rider: { _id: rider._id, name: 'Get Rider', jobs: 2, openJobs: 3 } },
    });
    const then = await api.get(withQuery(`get-rider/${rider._id}`, { date: yesterday }));
    expect(then.json().result.rider).toMatchObject({ jobs: 1, openJobs: 3 });
  });

  it('answers 404 for an unknown rider, 400 for a bad date', async () => {
    expect((await api.get('get-rider/no-such-rider')).json()).toEqual({
      statusCode: 404,
      message: 'This rider does not exist.',
    });
    const rider = await createRider(s);
    expect((await api.get(`get-rider/${rider._id}?date=2026-02-30`)).json()).toEqual({
      statusCode: 400,
      message: DAY_MESSAGE,
    });
  });
});

describe('POST rider/edit-rider', () => {
  it('changes the rider; a vehicle and status left out are kept', async () => {
    const rider = await createRider(s, { name: 'Edit Me', vehicle: 'Scooter', status: 'Inactive' });
    const res = await api.post('edit-rider', {
      riderId: rider._id,
      name: 'Edited Rider',
      phone: rider.phone,
      pincodes: ['560002'],
      shift: 'Evening',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Rider updated successfully!',
      result: {
        rider: {
          _id: rider._id,
          name: 'Edited Rider',
          vehicle: 'Scooter',
          status: 'Inactive',
          pincodes: ['560002'],
          shift: 'Evening',
        },
      },
    });
    expect(await latestAudit()).toMatchObject({
      resource: 'rider',
      action: 'edit-rider',
      recordId: rider._id,
    });
    const again = await api.post('edit-rider', {
      riderId: rider._id,
      name: 'Edited Rider',
      phone: rider.phone,
      pincodes: ['560002'],
      shift: 'Evening',
      vehicle: '',
      status: 'Active',
    });
    expect(again.json().result.rider).toMatchObject({ vehicle: '', status: 'Active' });
  });

  it('answers 404, 409 and 400 as create does', async () => {
    const a = await createRider(s);
    const b = await createRider(s);
    const edit = (over: Record<string, unknown>) =>
      api.post('edit-rider', { ...validRider({ phone: b.phone }), riderId: b._id, ...over });
    expect((await edit({ riderId: 'no-such-rider' })).json()).toEqual({
      statusCode: 404,
      message: 'This rider does not exist.',
    });
    expect((await edit({ riderId: undefined })).json()).toEqual({
      statusCode: 400,
      message: 'Rider id is required.',
    });
    expect((await edit({ phone: a.phone })).json()).toEqual({
      statusCode: 409,
      message: 'A rider with this phone number already exists.',
    });
    expect((await edit({ pincodes: ['560099'] })).json()).toEqual({
      statusCode: 400,
      message: 'Pin code 560099 is not a service area. Add it under Pin Codes first.',
    });
    expect((await edit({ shift: 'Both', name: '' })).json()).toEqual({
      statusCode: 400,
      message: 'Name is required.',
    });
  });
});

describe('GET rider/get-riders', () => {
  // Riders of their own: names starting "Zed" and a vehicle tag that no other test uses.
  const riders: Record<string, RiderDto> = {};
  beforeAll(async () => {
    riders.anil = await createRider(s, {
      name: 'Zed Anil',
      vehicle: 'ZTAG van',
      pincodes: ['560001', '560002'],
      shift: 'Morning',
    });
    riders.bala = await createRider(s, {
      name: 'Zed Bala',
      vehicle: 'ZTAG scooter',
      pincodes: ['110001'],
      shift: 'Evening',
      phone: '7012345678',
    });
    riders.chitra = await createRider(s, {
      name: 'Zed Chitra',
      vehicle: 'ZTAG bike',
      pincodes: ['560034'],
      status: 'Inactive',
    });
    riders.dev = await createRider(s, {
      name: 'Zed Dev',
      vehicle: 'ZTAG tempo',
      pincodes: ['400050', '560002'],
    });
  });

  const names = (res: { json(): { result: { riders: RiderDto[] } } }) =>
    res.json().result.riders.map((r) => r.name);

  it('lists by name with paging, and sorts', async () => {
    const page1 = await listRiders({ search: 'ZTAG', limit: 3 });
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().result).toMatchObject({ totalRecords: 4, currentPage: 1, totalPages: 2 });
    expect(names(page1)).toEqual(['Zed Anil', 'Zed Bala', 'Zed Chitra']);
    expect(names(await listRiders({ search: 'ZTAG', limit: 3, page: 2 }))).toEqual(['Zed Dev']);
    expect(names(await listRiders({ search: 'ZTAG', sortOrder: 'desc' }))).toEqual([
      'Zed Dev',
      'Zed Chitra',
      'Zed Bala',
      'Zed Anil',
    ]);
    expect(names(await listRiders({ search: 'ZTAG', sort: 'shift' }))).toEqual([
      'Zed Chitra',
      'Zed Dev',
      'Zed Bala',
      'Zed Anil',
    ]);
    expect(names(await listRiders({ search: 'ZTAG', sort: 'status' })).at(-1)).toBe('Zed Chitra');
  });

  it('filters by status and searches name, vehicle and phone', async () => {
    expect(names(await listRiders({ search: 'ZTAG', status: 'Inactive' }))).toEqual(['Zed Chitra']);
    expect(names(await listRiders({ search: 'ZTAG', status: 'Active' }))).toHaveLength(3);
    expect(names(await listRiders({ search: 'ZTAG', status: '' }))).toHaveLength(4);
    expect(names(await listRiders({ search: 'zed bal' }))).toEqual(['Zed Bala']);
    expect(names(await listRiders({ search: 'ztag tempo' }))).toEqual(['Zed Dev']);
    expect(names(await listRiders({ search: '+91 70123 45678' }))).toEqual(['Zed Bala']);
    expect(names(await listRiders({ search: '7012345' }))).toEqual(['Zed Bala']);
  });

  it('keeps to the riders serving a pin code', async () => {
    expect(names(await listRiders({ search: 'ZTAG', pincode: '560002' }))).toEqual([
      'Zed Anil',
      'Zed Dev',
    ]);
    expect(names(await listRiders({ search: 'ZTAG', pincode: '110002' }))).toEqual([]);
  });

  it('puts the riders serving a preferred pin code first, saying which serve', async () => {
    const res = await listRiders({ search: 'ZTAG', prefer: '110001,400050' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.riders.map((r: RiderDto) => [r.name, r.serves])).toEqual([
      ['Zed Bala', true],
      ['Zed Dev', true],
      ['Zed Anil', false],
      ['Zed Chitra', false],
    ]);
    // Within each part the sort holds.
    const desc = await listRiders({ search: 'ZTAG', prefer: '560034', sortOrder: 'desc' });
    expect(names(desc)).toEqual(['Zed Chitra', 'Zed Dev', 'Zed Bala', 'Zed Anil']);
    // The parameter repeated reads as one list.
    const repeated = await api.get('get-riders?search=ZTAG&prefer=110001&prefer=400050');
    expect(names(repeated).slice(0, 2)).toEqual(['Zed Bala', 'Zed Dev']);
    // Without prefer, no serves.
    const plain = await listRiders({ search: 'ZTAG' });
    expect(plain.json().result.riders[0]).not.toHaveProperty('serves');
  });

  it("counts each rider's jobs of the day asked and open jobs of any day", async () => {
    const anil = riders.anil!;
    const bala = riders.bala!;
    const todays = [
      await place({ kind: 'water' }),
      await place({ kind: 'water', status: 'Out for Delivery' }),
      await place({ kind: 'water', status: 'Delivered' }),
    ];
    const yesterdays = [await place({ kind: 'water' }), await place({ kind: 'oxygen' })];
    await assignToRider(s.db, todays, anil._id, { date: today });
    await assignToRider(s.db, yesterdays, anil._id, { date: yesterday });
    await assignToRider(s.db, [await place({ kind: 'water', status: 'Cancelled' })], bala._id, {
      date: today,
    });
    const load = async (query: Record<string, string>) =>
      Object.fromEntries(
        (await listRiders({ search: 'ZTAG', ...query }))
          .json()
          .result.riders.map((r: RiderDto) => [r.name, [r.jobs, r.openJobs]]),
      );
    expect(await load({})).toEqual({
      'Zed Anil': [3, 4],
      'Zed Bala': [1, 0],
      'Zed Chitra': [0, 0],
      'Zed Dev': [0, 0],
    });
    expect(await load({ date: yesterday })).toMatchObject({
      'Zed Anil': [2, 4],
      'Zed Bala': [0, 0],
    });
  });

  it.each<[Record<string, string | number>, string]>([
    [{ pincode: '5600' }, 'Pin code must be 6 digits.'],
    [{ prefer: '560001,abc' }, 'Prefer must be 6-digit pin codes separated by commas.'],
    [{ prefer: '560001,056001' }, 'Prefer must be 6-digit pin codes separated by commas.'],
    [
      { prefer: Array.from({ length: 51 }, (_, i) => String(560100 + i)).join(',') },
      'Prefer takes at most 50 pin codes.',
    ],
    [{ date: '2026-02-30' }, DAY_MESSAGE],
    [{ date: 'today' }, DAY_MESSAGE],
    [{ sort: 'phone' }, 'Sort must be one of: name, createdAt, status, shift.'],
    [{ status: 'Busy' }, 'Status must be Active or Inactive.'],
    [{ limit: 1001 }, 'Limit must be between 1 and 1000.'],
    [{ search: 'x'.repeat(101) }, 'Search must be at most 100 characters.'],
  ])('refuses %j', async (query, message) => {
    expect((await listRiders(query)).json()).toEqual({ statusCode: 400, message });
  });
});

describe('POST rider/delete-rider/{id}', () => {
  it('refuses while jobs are open with the rider, then deletes and keeps the delivered orders', async () => {
    const rider = await createRider(s, { name: 'Leaving Rider' });
    const open = [await place({ kind: 'water' }), await place({ kind: 'oxygen' })];
    const done = await place({ kind: 'water', status: 'Delivered' });
    await assignToRider(s.db, [...open, done], rider._id);

    const refused = await api.post(`delete-rider/${rider._id}`, {});
    expect(refused.json()).toEqual({
      statusCode: 409,
      message: 'Leaving Rider has 2 open jobs. Reassign or unassign them first.',
    });
    await assignToRider(s.db, [open[0]!], null);
    expect((await api.post(`delete-rider/${rider._id}`, {})).json().message).toBe(
      'Leaving Rider has 1 open job. Reassign or unassign them first.',
    );
    await s.db.update(ordersTable).set({ status: 'Cancelled' }).where(eq(ordersTable.id, open[1]!));

    const res = await api.post(`delete-rider/${rider._id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Rider deleted successfully!',
      result: { rider: { _id: rider._id, name: 'Leaving Rider', jobs: 2, openJobs: 0 } },
    });
    expect(await latestAudit()).toMatchObject({
      resource: 'rider',
      action: 'delete-rider',
      recordId: rider._id,
    });
    const [kept] = await s.db.select().from(ordersTable).where(eq(ordersTable.id, done));
    expect(kept).toMatchObject({ status: 'Delivered', riderId: null, runDate: today });
    expect((await api.get(`get-rider/${rider._id}`)).statusCode).toBe(404);
    expect((await api.post(`delete-rider/${rider._id}`, {})).json()).toEqual({
      statusCode: 404,
      message: 'This rider does not exist.',
    });
  });
});

describe('GET rider/run/{riderId}', () => {
  it("answers the rider's jobs of the day: emergencies first, then pin code, then oldest", async () => {
    const rider = await createRider(s, { name: 'Run Rider', pincodes: ['560001', '560034'] });
    const hour = (h: number) => new Date(Date.now() - (10 - h) * 3_600_000);
    const late34 = await place({ kind: 'water', pincode: '560034', createdAt: hour(3) });
    const early34 = await place({ kind: 'water', pincode: '560034', createdAt: hour(1) });
    const early01 = await place({ kind: 'water', pincode: '560001', createdAt: hour(2) });
    const urgent34 = await place({
      kind: 'oxygen',
      pincode: '560034',
      isEmergency: true,
      createdAt: hour(4),
    });
    const evening = await place({ kind: 'laundry', pincode: '560001', createdAt: hour(0) });
    const otherDay = await place({ kind: 'water', pincode: '560001' });
    await assignToRider(s.db, [late34, early34, early01, urgent34], rider._id, {
      shift: 'Morning',
    });
    await assignToRider(s.db, [evening], rider._id, { shift: 'Evening' });
    await assignToRider(s.db, [otherDay], rider._id, { date: yesterday });

    const res = await api.get(`run/${rider._id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.result.rider).toMatchObject({ _id: rider._id, jobs: 5, openJobs: 6 });
    expect(body.result.totalRecords).toBe(5);
    expect(body.result.jobs.map((j: { _id: string }) => j._id)).toEqual([
      urgent34,
      evening,
      early01,
      early34,
      late34,
    ]);
    expect(body.result.jobs[0]).toMatchObject({
      isEmergency: true,
      pincode: '560034',
      service: { kind: 'oxygen' },
      user: { name: 'Aarav Sharma' },
      rider: { _id: rider._id, name: 'Run Rider' },
      runDate: today,
      runShift: 'Morning',
    });
    expect(body.result.jobs[1]).toMatchObject({ runShift: 'Evening' });

    const morning = await api.get(withQuery(`run/${rider._id}`, { shift: 'Morning' }));
    expect(morning.json().result.jobs.map((j: { _id: string }) => j._id)).toEqual([
      urgent34,
      early01,
      early34,
      late34,
    ]);
    const before = await api.get(withQuery(`run/${rider._id}`, { date: yesterday, shift: '' }));
    expect(before.json().result).toMatchObject({ totalRecords: 1, jobs: [{ _id: otherDay }] });
  });

  it('answers 404 for an unknown rider and 400 for a bad shift or date', async () => {
    expect((await api.get('run/no-such-rider')).json()).toEqual({
      statusCode: 404,
      message: 'This rider does not exist.',
    });
    const rider = await createRider(s);
    expect((await api.get(`run/${rider._id}?shift=Night`)).json()).toEqual({
      statusCode: 400,
      message: 'Shift must be one of: Morning, Evening.',
    });
    expect((await api.get(`run/${rider._id}?date=24-11-2026`)).json()).toEqual({
      statusCode: 400,
      message: DAY_MESSAGE,
    });
  });
});

describe('permissions', () => {
  it('refuses every rider call to an admin without Assigning Jobs, and lets one with it in', async () => {
    const ordersOnly = await s.createAdmin({ permissions: { orders: true, others: true } });
    const dispatcher = await s.createAdmin({ permissions: { assigningJobs: true } });
    const rider = await createRider(s, {}, dispatcher.token);
    const denied = { statusCode: 403, message: deniedMessage('assigningJobs') };
    const t = ordersOnly.token;
    const calls = [
      api.get('get-riders', t),
      api.get(`get-rider/${rider._id}`, t),
      api.get(`run/${rider._id}`, t),
      api.get('cash', t),
      api.get('dispatch-summary', t),
      api.post('create-rider', validRider(), t),
      api.post('edit-rider', { ...validRider(), riderId: rider._id }, t),
      api.post(`delete-rider/${rider._id}`, {}, t),
      api.post('settle-cash', { riderId: rider._id, date: today, amount: 10 }, t),
    ];
    for (const res of await Promise.all(calls)) expect(res.json()).toEqual(denied);

    const d = dispatcher.token;
    for (const url of ['get-riders', `get-rider/${rider._id}`, `run/${rider._id}`]) {
      expect((await api.get(url, d)).statusCode, url).toBe(200);
    }
    expect((await api.get('get-riders', null)).json()).toEqual({
      statusCode: 401,
      message: 'Please sign in to continue.',
    });
  });
});
