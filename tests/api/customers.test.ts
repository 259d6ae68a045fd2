import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddressesTable, customersTable } from '@server/db/schema';
import { seedCustomers } from '@server/db/seed/customers';
import { verifyPassword } from '@server/lib/passwords';
import { deniedMessage } from '@server/permissions';
import { bearer, createTestServer, multipart, type TestAdmin, type TestServer } from './helpers';

interface UserDto {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  wallet: number;
  status: string;
}

let s: TestServer;
let noGroup: TestAdmin;
let userManager: TestAdmin;
const ids: Record<string, string> = {};

beforeAll(async () => {
  s = await createTestServer();
  noGroup = await s.createAdmin({ permissions: { others: true } });
  userManager = await s.createAdmin({ permissions: { userManagement: true } });
  const rows = await s.db
    .insert(customersTable)
    .values([
      {
        firstName: 'Aarav',
        lastName: 'Sharma',
        userName: 'aarav.s',
        email: 'aarav.sharma@example.in',
        phone: '9876543210',
        wallet: '1250.50',
        isEmailVerified: true,
        createdAt: new Date('2025-03-01T10:00:00Z'),
      },
      {
        firstName: 'Priya',
        lastName: 'Iyer',
        email: 'priya.iyer@example.in',
        phone: '9123456780',
        wallet: '0',
        createdAt: new Date('2025-03-02T10:00:00Z'),
      },
      {
        firstName: 'Rohan',
        lastName: 'Mehta',
        email: 'rohan.mehta@example.in',
        phone: '9988776655',
        wallet: '300',
        status: 'Blocked',
        createdAt: new Date('2025-03-03T10:00:00Z'),
      },
      {
        firstName: 'Kavya',
        lastName: 'Reddy',
        userName: 'kavya_r',
        email: 'kavya.reddy@example.in',
        phone: '9012345678',
        status: 'Inactive',
        createdAt: new Date('2025-03-04T10:00:00Z'),
      },
    ])
    .returning();
  for (const r of rows) ids[r.firstName] = r.id;
});
afterAll(() => s.close());

function get(url: string, token = s.superToken) {
  return s.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(token) });
}

function postForm(url: string, fields: Record<string, string>, token = s.superToken) {
  return s.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

function postMultipart(url: string, fields: Record<string, string>, token = s.superToken) {
  const { payload, headers } = multipart(fields);
  return s.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

const names = (res: { json(): { result: { users: UserDto[] } } }) =>
  res.json().result.users.map((u) => u.firstName);

describe('GET /api/user/all-users', () => {
  it('lists Active users by default, newest first, with the spec fields and paging', async () => {
    const res = await get('user/all-users?page=1&limit=10');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.result).toMatchObject({ totalRecords: 2, currentPage: 1, totalPages: 1 });
    expect(names(res)).toEqual(['Priya', 'Aarav']);
    expect(body.result.users[1]).toEqual({
      _id: ids.Aarav,
      firstName: 'Aarav',
      lastName: 'Sharma',
      email: 'aarav.sharma@example.in',
      phone: '9876543210',
      wallet: 1250.5,
      status: 'Active',
      isEmailVerified: true,
      isPhoneVerified: false,
      imageUrl: null,
      createdAt: '2025-03-01T10:00:00.000Z',
    });
  });

  it('lists Blocked users, and every status with status=All', async () => {
    expect(names(await get('user/all-users?status=Blocked'))).toEqual(['Rohan']);
    const all = await get('user/all-users?status=All&sort=firstName&sortOrder=asc');
    expect(names(all)).toEqual(['Aarav', 'Kavya', 'Priya', 'Rohan']);
    expect(all.json().result.totalRecords).toBe(4);
  });

  it('sorts by wallet and pages', async () => {
    const res = await get('user/all-users?status=All&sort=wallet&sortOrder=desc&limit=2&page=1');
    expect(names(res)).toEqual(['Aarav', 'Rohan']);
    expect(res.json().result).toMatchObject({ totalRecords: 4, totalPages: 2 });
  });

  it('searches by last name, e-mail and phone (also written with +91 and spaces)', async () => {
    expect(names(await get('user/all-users?status=All&search=iyer'))).toEqual(['Priya']);
    expect(names(await get('user/all-users?status=All&search=MEHTA'))).toEqual(['Rohan']);
    expect(names(await get('user/all-users?status=All&search=kavya.reddy@'))).toEqual(['Kavya']);
    expect(names(await get('user/all-users?status=All&search=98765'))).toEqual(['Aarav']);
    expect(names(await get(`user/all-users?search=${encodeURIComponent('+91 98765')}`))).toEqual([
      'Aarav',
    ]);
    // A full name as typed: first name then last name, either in part.
    expect(names(await get('user/all-users?status=All&search=Kavya%20Reddy'))).toEqual(['Kavya']);
    expect(names(await get('user/all-users?status=All&search=%20kav%20%20red%20'))).toEqual([
      'Kavya',
    ]);
    expect(names(await get('user/all-users?status=All&search=Kavya%20Mehta'))).toEqual([]);
    // The Family Id as the lists show it (the id's last 10 hex digits), or the whole id.
    const familyId = ids.Priya!.replace(/-/g, '').slice(-10);
    expect(names(await get(`user/all-users?status=All&search=${familyId}`))).toEqual(['Priya']);
    expect(names(await get(`user/all-users?status=All&search=${familyId.toUpperCase()}`))).toEqual([
      'Priya',
    ]);
    expect(names(await get(`user/all-users?status=All&search=${ids.Priya}`))).toEqual(['Priya']);
    // The status filter still applies to the matches; a search that matches nothing is empty.
    expect(names(await get('user/all-users?search=mehta'))).toEqual([]);
    expect(names(await get('user/all-users?status=All&search=50%25'))).toEqual([]);
  });

  it('rejects a bad page, sort or status with a readable message', async () => {
    const page = await get('user/all-users?page=0');
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toContain('Page number should be greater than or equal to 1');
    expect((await get('user/all-users?sort=password')).statusCode).toBe(400);
    expect((await get('user/all-users?status=Deleted')).statusCode).toBe(400);
  });

  it('needs the User Management or (for New order, issue 37) the Orders permission', async () => {
    const denied = await get('user/all-users', noGroup.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(deniedMessage(['userManagement', 'orders']));
    expect((await get('user/all-users', userManager.token)).statusCode).toBe(200);
    const anonymous = await s.app.inject({ method: 'GET', url: '/api/user/all-users' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/admin/get-users', () => {
  it('lists Inactive users in the inactive-user shape', async () => {
    const res = await get('admin/get-users?status=Inactive&page=1&limit=10');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({
      users: [
        {
          _id: ids.Kavya,
          userName: 'kavya_r',
          fullName: 'Kavya Reddy',
          email: 'kavya.reddy@example.in',
          status: 'Inactive',
        },
      ],
      totalRecords: 1,
      currentPage: 1,
      totalPages: 1,
    });
    const search = await get('admin/get-users?status=Inactive&search=sharma');
    expect(search.json().result.users).toEqual([]);
  });

  it('needs the User Management permission', async () => {
    expect((await get('admin/get-users?status=Inactive', noGroup.token)).statusCode).toBe(403);
  });
});

describe('GET /api/user/get-user/{id} (addition)', () => {
  it('reads one user with the addresses, default first', async () => {
    await s.db.insert(customerAddressesTable).values({
      customerId: ids.Priya!,
      fullAddress: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      isDefault: true,
    });
    const res = await get(`user/get-user/${ids.Priya}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.user).toMatchObject({
      _id: ids.Priya,
      lastName: 'Iyer',
      addresses: [{ fullAddress: '12 MG Road', city: 'Bengaluru', pincode: '560001' }],
    });
  });

  it('answers 404 for an unknown id and 403 without the permission', async () => {
    const res = await get('user/get-user/no-such-user');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, message: 'This user does not exist.' });
    expect((await get(`user/get-user/${ids.Priya}`, noGroup.token)).statusCode).toBe(403);
  });
});

describe('POST /api/user/update-user-status', () => {
  it('blocks and unblocks with the spec messages (form body)', async () => {
    const block = await postForm('user/update-user-status', {
      status: 'Blocked',
      userId: ids.Priya!,
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json()).toMatchObject({
      statusCode: 200,
      message: 'User blocked successfully',
      result: { user: { _id: ids.Priya, status: 'Blocked' } },
    });
    const blocked = await get('user/all-users?status=Blocked');
    expect(names(blocked)).toContain('Priya');
    // The totals follow at once (they come from the per-status counters).
    expect(blocked.json().result.totalRecords).toBe(2);
    expect((await get('user/all-users')).json().result.totalRecords).toBe(1);
    const unblock = await postForm('user/update-user-status', {
      status: 'Active',
      userId: ids.Priya!,
    });
    expect(unblock.json().message).toBe('User unblocked successfully');
    expect(names(await get('user/all-users'))).toContain('Priya');
  });

  it('rejects an unknown id, a bad status and a caller without the permission', async () => {
    const unknown = await postForm('user/update-user-status', { status: 'Blocked', userId: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This user does not exist.');
    const bad = await postForm('user/update-user-status', {
      status: 'Inactive',
      userId: ids.Priya!,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Status must be Active or Blocked.');
    const missing = await postForm('user/update-user-status', { status: 'Blocked' });
    expect(missing.statusCode).toBe(400);
    const denied = await postForm(
      'user/update-user-status',
      { status: 'Blocked', userId: ids.Priya! },
      noGroup.token,
    );
    expect(denied.statusCode).toBe(403);
  });
});

describe('POST /api/user/update-user', () => {
  const base = () => ({
    userId: ids.Aarav!,
    email: 'aarav.sharma@example.in',
    firstName: 'Aarav',
    lastName: 'Sharma',
    phone: '9876543210',
    status: 'Active',
  });

  it('updates the fields (multipart), leaving the password alone when blank', async () => {
    const res = await postMultipart('user/update-user', {
      ...base(),
      lastName: 'Sharma-Kapoor',
      email: 'Aarav.K@Example.in',
      phone: '+91 98765 43211',
      password: '',
      address: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'User updated successfully',
      result: {
        user: { lastName: 'Sharma-Kapoor', email: 'aarav.k@example.in', phone: '9876543211' },
      },
    });
    const [row] = await s.db.select().from(customersTable).where(eq(customersTable.id, ids.Aarav!));
    expect(row!.passwordHash).toBeNull();
  });

  it('hashes a new password and stores an address as the new default', async () => {
    await s.db.insert(customerAddressesTable).values({
      customerId: ids.Aarav!,
      fullAddress: 'Old flat',
      city: 'Delhi',
      state: 'Delhi',
      pincode: '110001',
      isDefault: true,
    });
    const res = await postMultipart('user/update-user', {
      ...base(),
      password: 'new-secret-123',
      address: '4th Floor, 221 Linking Road, Bandra West, Mumbai 400050',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await s.db.select().from(customersTable).where(eq(customersTable.id, ids.Aarav!));
    expect(row!.passwordHash).not.toBe('new-secret-123');
    expect(await verifyPassword(row!.passwordHash!, 'new-secret-123')).toBe(true);
    const user = (await get(`user/get-user/${ids.Aarav}`)).json().result.user;
    expect(user.addresses).toMatchObject([
      { fullAddress: '4th Floor, 221 Linking Road, Bandra West, Mumbai 400050', isDefault: true },
      { fullAddress: 'Old flat', isDefault: false },
    ]);
  });

  it('can block through the form', async () => {
    const res = await postMultipart('user/update-user', { ...base(), status: 'Blocked' });
    expect(res.json().result.user.status).toBe('Blocked');
    await postMultipart('user/update-user', base());
  });

  it.each([
    [{ email: 'not-an-email' }, 'Email must be a valid e-mail address.'],
    [{ firstName: ' ' }, 'First name is required.'],
    [{ lastName: '' }, 'Last name is required.'],
    [{ phone: '12345' }, 'Phone must be a 10-digit Indian mobile number'],
    [{ phone: '5876543210' }, 'Phone must be a 10-digit Indian mobile number'],
    [{ status: 'Inactive' }, 'Status must be Active or Blocked.'],
    [{ password: 'short' }, 'Password must be at least 8 characters long.'],
  ])('rejects %o', async (change, message) => {
    const res = await postMultipart('user/update-user', { ...base(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 409 for an e-mail another user has (any letter case)', async () => {
    const res = await postMultipart('user/update-user', {
      ...base(),
      email: 'PRIYA.IYER@example.in',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      message: 'Another user already has this e-mail address.',
    });
  });

  it('answers 404 for an unknown user and 403 without the permission', async () => {
    const unknown = await postMultipart('user/update-user', { ...base(), userId: 'nobody' });
    expect(unknown.statusCode).toBe(404);
    const denied = await postMultipart('user/update-user', base(), noGroup.token);
    expect(denied.statusCode).toBe(403);
    expect((await postMultipart('user/update-user', base(), userManager.token)).statusCode).toBe(
      200,
    );
  });
});

describe('seedCustomers (demo data)', () => {
  it('adds customers with addresses to an empty table only', async () => {
    const fresh = await createTestServer();
    try {
      await seedCustomers(fresh.db, 40);
      const customers = await fresh.db.select().from(customersTable);
      expect(customers).toHaveLength(40);
      expect(new Set(customers.map((c) => c.email)).size).toBe(40);
      expect(customers.every((c) => /^[6-9]\d{9}$/.test(c.phone))).toBe(true);
      expect(customers.filter((c) => c.status === 'Active').length).toBeGreaterThan(20);
      const addresses = await fresh.db.select().from(customerAddressesTable);
      expect(addresses.length).toBeGreaterThanOrEqual(40);
      expect(addresses.every((a) => /^(560|110|400)\d{3}$/.test(a.pincode))).toBe(true);
      await seedCustomers(fresh.db, 40);
      expect(await fresh.db.select().from(customersTable)).toHaveLength(40);
      // The API reads them.
      const res = await fresh.app.inject({
        method: 'GET',
        url: '/api/user/all-users?status=All&limit=50',
        headers: bearer(fresh.superToken),
      });
      expect(res.json().result.totalRecords).toBe(40);
    } finally {
      await fresh.close();
    }
  });
});
