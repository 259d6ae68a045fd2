import { and, count, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCounters } from '@server/db/counters';
import { auditLogTable, PERMISSION_GROUPS } from '@server/db/schema';
import { seedDemoAdmins } from '@server/db/seed/admins';
import { allPermissions } from '@server/permissions';
import {
  ADMIN_EMAIL,
  bearer,
  createTestServer,
  type TestServer,
  apiClient,
  withQuery,
} from './helpers';

interface AdminDto {
  _id: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  status: string;
  permissions: Record<string, boolean>;
  createdAt: string;
}

const SUPER_ONLY = 'Only the super-admin can do this.';

let s: TestServer;
let superId: string;
beforeAll(async () => {
  s = await createTestServer();
  const res = await get('view-all-users', { search: ADMIN_EMAIL });
  superId = res.json().result.users[0]._id;
});
afterAll(() => s.close());

const admin = apiClient(() => s, 'admin');
const { post } = admin;
const get = (url: string, query: Record<string, string | number> = {}, token?: string) =>
  admin.get(withQuery(url, query), token);

let counter = 0;
const uniqueEmail = () => `Staff${++counter}-${Date.now()}@Example.com`;

function newAdmin(overrides: Record<string, unknown> = {}) {
  return {
    name: 'priya sharma',
    email: uniqueEmail(),
    phone: '9876543210',
    password: 'Priya-Pass-1',
    status: 'Active',
    permissions: { orders: true },
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const body = newAdmin(overrides);
  const res = await post('create-admin-user', body);
  expect(res.statusCode, res.body).toBe(200);
  return { body, user: res.json().result.user as AdminDto };
}

function editBody(user: AdminDto, overrides: Record<string, unknown> = {}) {
  return {
    userId: user._id,
    name: user.name,
    email: user.email,
    // Admins made outside this call (the super-admin, test rows) have no phone yet.
    phone: user.phone || '9123456780',
    status: user.status,
    permissions: user.permissions,
    ...overrides,
  };
}

describe('seedDemoAdmins', () => {
  it('adds four demo admins when only the super-admin exists, and only then', async () => {
    await seedDemoAdmins(s.db);
    await seedDemoAdmins(s.db);
    const { result } = (await get('view-all-users', { limit: 1000 })).json();
    expect(result.totalRecords).toBe(5);
    const priya = result.users.find((u: AdminDto) => u.email === 'priya.sharma@example.com');
    expect(priya).toMatchObject({ name: 'Priya Sharma', role: 'admin', status: 'Active' });
    expect(priya.permissions).toEqual({
      ...allPermissions(false),
      orders: true,
      assigningJobs: true,
      return: true,
    });
    await expect(s.login('priya.sharma@example.com', 'Demo-Priya-2026')).resolves.toBeTruthy();
  });
});

describe('POST /api/admin/create-admin-user', () => {
  it('creates an admin with the given permissions and all others off', async () => {
    const body = newAdmin();
    const res = await post('create-admin-user', body);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({
      statusCode: 200,
      message: 'Admin user priya sharma created successfully',
      result: {
        user: {
          _id: expect.any(String),
          name: 'priya sharma',
          email: body.email.toLowerCase(),
          phone: '9876543210',
          role: 'admin',
          status: 'Active',
          permissions: { ...allPermissions(false), orders: true },
          createdAt: expect.any(String),
        },
      },
    });
    expect(JSON.stringify(json)).not.toMatch(/passwordHash|password_hash|argon2/);
    // The new admin can sign in with the password given.
    await expect(s.login(body.email, body.password)).resolves.toEqual(expect.any(String));
  });

  it('defaults status to Active and permissions to all off; accepts +91 phones', async () => {
    const { status: _s, permissions: _p, ...rest } = newAdmin({ phone: '+91 98450-12345' });
    const res = await post('create-admin-user', rest);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.user).toMatchObject({
      status: 'Active',
      phone: '+919845012345',
      permissions: allPermissions(false),
    });
  });

  it('refuses a second admin with the same e-mail (any case) with 409', async () => {
    const { body } = await create();
    const res = await post('create-admin-user', newAdmin({ email: body.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      message: 'An admin with this e-mail already exists.',
    });
  });

  it.each([
    [{ email: 'not-an-email' }, 'Email must be a valid e-mail address.'],
    [{ email: '' }, 'Email is required.'],
    [{ name: '  ' }, 'Name is required.'],
    [{ password: 'short' }, 'Password must be at least 8 characters long.'],
    [{ password: undefined }, 'Password is required.'],
    [{ phone: '12345' }, 'Phone must be a 10-digit Indian mobile number, optionally with +91.'],
    [
      { phone: '+1 5551234567' },
      'Phone must be a 10-digit Indian mobile number, optionally with +91.',
    ],
    [{ phone: undefined }, 'Phone is required.'],
    [{ status: 'Blocked' }, 'Status must be Active or Inactive.'],
    [{ permissions: { orders: 'yes' } }, 'Permission orders must be true or false.'],
    [{ permissions: ['orders'] }, 'Permissions must be an object of true/false switches.'],
  ])('refuses %j with 400', async (overrides, message) => {
    const res = await post('create-admin-user', newAdmin(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message });
  });

  it('refuses unknown permission keys', async () => {
    const res = await post('create-admin-user', newAdmin({ permissions: { superPowers: true } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Unknown permission: superPowers\./);
  });
});

describe('GET /api/admin/view-all-users', () => {
  it('pages, searches and filters by status, never showing a hash', async () => {
    const inactive = await create({ name: 'Zubin Inactive', status: 'Inactive' });
    const res = await get('view-all-users', { status: 'All', page: 1, limit: 2 });
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result.users).toHaveLength(2);
    expect(result.currentPage).toBe(1);
    expect(result.totalPages).toBe(Math.ceil(result.totalRecords / 2));
    expect(res.body).not.toMatch(/passwordHash|argon2/);

    const active = await get('view-all-users', { status: 'Active', limit: 1000 });
    const activeEmails = active.json().result.users.map((u: AdminDto) => u.email);
    expect(activeEmails).toContain(ADMIN_EMAIL);
    expect(activeEmails).not.toContain(inactive.user.email);

    const search = await get('view-all-users', { status: 'Inactive', search: 'zubin' });
    expect(search.json().result).toMatchObject({
      users: [{ _id: inactive.user._id, status: 'Inactive' }],
      totalRecords: 1,
      totalPages: 1,
    });
  });

  it('sorts by name', async () => {
    await create({ name: 'Aarav Mehta' });
    const res = await get('view-all-users', { sort: 'name', sortOrder: 'asc', limit: 1000 });
    const names = res.json().result.users.map((u: AdminDto) => u.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('matches % and _ literally in the search', async () => {
    const res = await get('view-all-users', { search: '%' });
    expect(res.json().result.totalRecords).toBe(0);
  });

  it.each([
    [{ page: 0 }, 'Page number should be greater than or equal to 1'],
    [{ limit: 5000 }, 'Limit must be between 1 and 1000.'],
    [{ status: 'Blocked' }, undefined],
    [{ sort: 'passwordHash' }, undefined],
  ])('refuses %j with 400', async (query, message) => {
    const res = await get('view-all-users', query);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });
});

describe('GET /api/admin/get-admin-user/{id}', () => {
  it('reads one admin', async () => {
    const { user } = await create();
    const res = await get(`get-admin-user/${user._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.user).toEqual(user);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await get('get-admin-user/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: 'This admin user does not exist.' });
  });
});

describe('POST /api/admin/edit-admin-user', () => {
  it('updates the fields and permissions', async () => {
    const { user } = await create();
    const email = uniqueEmail();
    const res = await post(
      'edit-admin-user',
      editBody(user, {
        name: 'Rohan Iyer',
        email,
        phone: '+917012345678',
        permissions: { banners: true, supports: true },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Admin user Rohan Iyer updated successfully',
      result: {
        user: {
          _id: user._id,
          name: 'Rohan Iyer',
          email: email.toLowerCase(),
          phone: '+917012345678',
          permissions: { ...allPermissions(false), banners: true, supports: true },
        },
      },
    });
  });

  it('keeps the password when none (or a blank one) is sent, and sets a new one when given', async () => {
    const { body, user } = await create();
    expect((await post('edit-admin-user', editBody(user, { password: '' }))).statusCode).toBe(200);
    await expect(s.login(body.email, body.password)).resolves.toEqual(expect.any(String));

    const short = await post('edit-admin-user', editBody(user, { password: 'short' }));
    expect(short.statusCode).toBe(400);

    const token = await s.login(body.email, body.password);
    const res = await post('edit-admin-user', editBody(user, { password: 'Brand-New-Pass-2' }));
    expect(res.statusCode).toBe(200);
    await expect(s.login(body.email, 'Brand-New-Pass-2')).resolves.toEqual(expect.any(String));
    // The new password ends the sessions signed with the old one.
    expect((await get('view-all-users', {}, token)).statusCode).toBe(401);
  });

  it("making an admin Inactive ends that admin's session at once", async () => {
    const admin = await s.createAdmin({ permissions: { orders: true } });
    const pin = () =>
      s.app.inject({
        method: 'GET',
        url: '/api/pincode/get-paginated-pincodes',
        headers: bearer(admin.token),
      });
    expect((await pin()).statusCode).toBe(200);
    const { json } = await get(`get-admin-user/${admin.id}`);
    const res = await post('edit-admin-user', editBody(json().result.user, { status: 'Inactive' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().result.user.status).toBe('Inactive');
    const after = await pin();
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has ended. Please sign in again.');
    // Made Active again, the old token stays dead (the session version moved on).
    await post('edit-admin-user', editBody(json().result.user, { status: 'Active' }));
    expect((await pin()).statusCode).toBe(401);
  });

  it('a permission removed takes effect on the next request (403)', async () => {
    const admin = await s.createAdmin({ permissions: { others: true, orders: true } });
    const addPin = (pinCode: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/pincode/add',
        headers: bearer(admin.token),
        payload: { pinCode, pinType: 'Home' },
      });
    expect((await addPin('411001')).statusCode).toBe(200);
    const user = (await get(`get-admin-user/${admin.id}`)).json().result.user as AdminDto;
    const res = await post(
      'edit-admin-user',
      editBody(user, { permissions: { ...user.permissions, others: false } }),
    );
    expect(res.statusCode).toBe(200);
    const denied = await addPin('411002');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(
      'You do not have the Others permission. Ask the super-admin to grant it.',
    );
  });

  it('refuses to make the super-admin inactive or an admin', async () => {
    const superUser = (await get(`get-admin-user/${superId}`)).json().result.user as AdminDto;
    // The super-admin editing their own account into Inactive.
    const own = await post('edit-admin-user', editBody(superUser, { status: 'Inactive' }));
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot make your own account inactive.');
    const demote = await post('edit-admin-user', editBody(superUser, { role: 'admin' }));
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toBe(
      'The super-admin cannot be made inactive or turned into an admin.',
    );
    // Editing the super-admin's own name keeps every permission.
    const ok = await post(
      'edit-admin-user',
      editBody(superUser, { name: 'Super Admin', permissions: {} }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.user).toMatchObject({
      role: 'super-admin',
      status: 'Active',
      permissions: allPermissions(true),
    });
    expect((await get('view-all-users')).statusCode).toBe(200);
  });

  it('refuses making an admin super-admin', async () => {
    const { user } = await create();
    const res = await post('edit-admin-user', editBody(user, { role: 'super-admin' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('An admin cannot be made super-admin.');
  });

  it("refuses another admin's e-mail with 409", async () => {
    const a = await create();
    const b = await create();
    const res = await post('edit-admin-user', editBody(b.user, { email: a.user.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An admin with this e-mail already exists.');
  });

  it.each([
    [{ userId: undefined }, 'User id is required.'],
    [{ email: 'bad' }, 'Email must be a valid e-mail address.'],
    [{ phone: '98765' }, 'Phone must be a 10-digit Indian mobile number, optionally with +91.'],
    [{ status: 'Deleted' }, 'Status must be Active or Inactive.'],
    [{ permissions: { orders: true, root: true } }, undefined],
  ])('refuses %j with 400', async (overrides, message) => {
    const { user } = await create();
    const res = await post('edit-admin-user', editBody(user, overrides));
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it('answers 404 for an unknown admin', async () => {
    const { user } = await create();
    const res = await post('edit-admin-user', editBody(user, { userId: 'missing' }));
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('lists the writes newest first with filters by admin, resource and dates', async () => {
    const { user } = await create({ name: 'Audit Target' });
    await post('edit-admin-user', editBody(user, { name: 'Audit Target 2' }));
    const res = await get('audit-log', { adminId: superId, resource: 'admin', limit: 1000 });
    expect(res.statusCode).toBe(200);
    const { entries, totalRecords, currentPage, totalPages } = res.json().result;
    expect(currentPage).toBe(1);
    expect(totalPages).toBe(1);
    expect(entries).toHaveLength(totalRecords);
    expect(entries[0]).toMatchObject({
      _id: expect.any(String),
      at: expect.any(String),
      adminId: superId,
      adminEmail: ADMIN_EMAIL,
      resource: 'admin',
      action: 'edit-admin-user',
      recordId: user._id,
      method: 'POST',
      path: '/api/admin/edit-admin-user',
      statusCode: 200,
    });
    expect(entries[1]).toMatchObject({ action: 'create-admin-user', recordId: user._id });
    const times = entries.map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const today = new Date().toISOString().slice(0, 10);
    const dated = await get('audit-log', { from: today, to: today, resource: 'admin' });
    expect(dated.json().result.totalRecords).toBe(totalRecords);
    const future = await get('audit-log', { from: '2999-01-01' });
    expect(future.json().result).toMatchObject({ entries: [], totalRecords: 0, totalPages: 0 });
    const other = await get('audit-log', { resource: 'category' });
    expect(other.json().result.entries).toEqual([]);
  });

  it('gives the exact total for any admin, resource and dates, after rows come and go', async () => {
    // Rows of two made-up admins across four UTC days, some exactly at midnight, written as
    // any writer would (the counters' trigger keeps the totals).
    const admins = ['audit-total-a', 'audit-total-b'];
    const times = [
      '2031-03-01T00:00:00Z',
      '2031-03-01T09:30:00Z',
      '2031-03-01T23:59:59.999Z',
      '2031-03-02T00:00:00Z',
      '2031-03-02T12:00:00Z',
      '2031-03-03T05:45:00Z',
      '2031-03-03T18:00:00Z',
      '2031-03-04T00:00:00.001Z',
      '2031-03-04T20:00:00Z',
    ];
    const rows = times.flatMap((at, i) =>
      admins.map((adminId, k) => ({
        at: new Date(at),
        adminId,
        adminEmail: `${adminId}@example.com`,
        resource: (i + k) % 3 === 0 ? 'orders' : 'customers',
        action: 'update',
        method: 'POST',
        path: '/api/test',
        statusCode: 200,
      })),
    );
    const ids = (await s.db.insert(auditLogTable).values(rows).returning()).map((r) => r.id);
    // One removed, as a retention job would: the totals follow.
    await s.db.delete(auditLogTable).where(eq(auditLogTable.id, ids[5]!));

    const filters: Record<string, string>[] = [
      { adminId: 'audit-total-a' },
      { adminId: 'audit-total-b', resource: 'orders' },
      { resource: 'customers', from: '2031-03-01' },
      { adminId: 'audit-total-a', from: '2031-03-01', to: '2031-03-03' },
      { adminId: 'audit-total-a', from: '2031-03-01T09:30:00Z', to: '2031-03-04T00:00:00.001Z' },
      { adminId: 'audit-total-b', from: '2031-03-01T10:00:00Z', to: '2031-03-02T06:00:00Z' },
      { adminId: 'audit-total-b', from: '2031-03-02T06:00:00Z', to: '2031-03-02T13:00:00Z' },
      { resource: 'orders', to: '2031-03-03T12:00:00Z' },
      { adminId: 'audit-total-a', resource: 'customers', from: '2031-03-02T00:00:00Z' },
    ];
    for (const f of filters) {
      const res = await get('audit-log', { ...f, limit: 1 });
      expect(res.statusCode, res.body).toBe(200);
      // What the trail holds, counted row by row, as the list's filter reads it.
      const from = f.from ? new Date(f.from) : undefined;
      let to = f.to ? new Date(f.to) : undefined;
      if (to && /^\d{4}-\d{2}-\d{2}$/.test(f.to!)) to = new Date(to.getTime() + 86_400_000);
      const [counted] = await s.db
        .select({ n: count() })
        .from(auditLogTable)
        .where(
          and(
            f.adminId ? eq(auditLogTable.adminId, f.adminId) : undefined,
            f.resource ? eq(auditLogTable.resource, f.resource) : undefined,
            from ? gte(auditLogTable.at, from) : undefined,
            to ? lt(auditLogTable.at, to) : undefined,
          ),
        );
      expect(res.json().result.totalRecords, JSON.stringify(f)).toBe(counted!.n);
    }
    // The rows are the hand-counted ones, not both sides being wrong the same way.
    const a = await get('audit-log', {
      adminId: 'audit-total-a',
      from: '2031-03-01',
      to: '2031-03-03',
    });
    expect(a.json().result.totalRecords).toBe(7);
    expect(await checkCounters(s.db)).toEqual([]);
  });

  it('pages', async () => {
    const res = await get('audit-log', { page: 2, limit: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ currentPage: 2, entries: [expect.any(Object)] });
  });

  it.each([
    [{ from: 'yesterday' }, 'From must be an ISO date such as 2026-11-22.'],
    [{ to: '2026-13-45' }, 'To must be an ISO date such as 2026-11-22.'],
    [{ from: '2026-02-02', to: '2026-01-01' }, 'From must be before To.'],
    [{ limit: 0 }, 'Limit must be between 1 and 1000.'],
  ])('refuses %j with 400', async (query, message) => {
    const res = await get('audit-log', query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('access', () => {
  it('refuses every route to an admin who is not the super-admin (even with every group)', async () => {
    const admin = await s.createAdmin({ permissions: allPermissions(true) });
    const { user } = await create();
    const answers = await Promise.all([
      get('view-all-users', {}, admin.token),
      get(`get-admin-user/${user._id}`, {}, admin.token),
      get('audit-log', {}, admin.token),
      post('create-admin-user', newAdmin(), admin.token),
      post('edit-admin-user', editBody(user), admin.token),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, message: SUPER_ONLY });
    }
  });

  it('refuses callers without a token (401)', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/admin/view-all-users' });
    expect(res.statusCode).toBe(401);
  });

  it('lists the eleven groups in the DTO', async () => {
    const { user } = await create();
    expect(Object.keys(user.permissions)).toEqual([...PERMISSION_GROUPS]);
  });
});
