import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriesTable, customersTable, returnRequestsTable } from '@server/db/schema';
import { placeOrder } from '@server/modules/orders/placeOrder';
import { requestReturn } from '@server/modules/returns/requestReturn';
import { deniedMessage } from '@server/permissions';
import { createTestServer, type TestAdmin, type TestServer, apiClient } from './helpers';

interface ReturnDto {
  _id: string;
  order: { _id: string; orderId: string; quantity: number; status: string }[];
  returnInfo: { orderId: string };
  user: { _id: string; email: string; firstName: string; lastName: string };
  serviceId: string;
  returnedQuantity: number;
  status: string;
  requestedAt: string;
  approvedAt: string | null;
  settledAt: string | null;
  settledBy: { _id: string; name: string } | null;
  reason: string | null;
}

let s: TestServer;
let returnManager: TestAdmin;
let otherGroup: TestAdmin;
const category: Record<string, string> = {};
const customer: Record<string, string> = {};
/** Return request ids by a short name used in the tests. */
const req: Record<string, string> = {};
const orderIds: Record<string, string> = {};

const day = (d: number, h = 10) => new Date(Date.UTC(2025, 2, d, h));

beforeAll(async () => {
  s = await createTestServer();
  returnManager = await s.createAdmin({ name: 'Meera Nair', permissions: { return: true } });
  otherGroup = await s.createAdmin({ permissions: { orders: true, supports: true } });
  for (const c of await s.db.select().from(categoriesTable)) category[c.kind] = c.id;

  const people = await s.db
    .insert(customersTable)
    .values([
      {
        firstName: 'Aarav',
        lastName: 'Sharma',
        email: 'aarav.sharma@example.in',
        phone: '9876543210',
      },
      { firstName: 'Priya', lastName: 'Iyer', email: 'priya.iyer@example.in', phone: '9123456780' },
    ])
    .returning();
  for (const p of people) customer[p.firstName] = p.id;

  const address = { fullAddress: '12 MG Road', city: 'Bengaluru', state: 'KA', pincode: '560001' };
  async function order(name: string, who: string, kind: string, quantity: number) {
    const row = await placeOrder(s.db, {
      orderId: name,
      customerId: customer[who]!,
      categoryId: category[kind]!,
      quantity,
      price: 90,
      address,
      createdAt: day(1),
      later: [{ status: 'Delivered', at: day(2) }],
    });
    orderIds[name] = row.id;
    return row.id;
  }

  // Water: four requests on three days; oxygen: one.
  req.waterOld = (
    await requestReturn(s.db, {
      orderId: await order('OD250301WATER1', 'Aarav', 'water', 4),
      returnedQuantity: 3,
      requestedAt: day(3),
    })
  ).id;
  req.waterMid = (
    await requestReturn(s.db, {
      orderId: await order('OD250302WATER2', 'Priya', 'water', 2),
      returnedQuantity: 1,
      requestedAt: day(4),
    })
  ).id;
  req.waterNew = (
    await requestReturn(s.db, {
      orderId: await order('OD250303WATER3', 'Aarav', 'water', 5),
      returnedQuantity: 5,
      requestedAt: day(6),
    })
  ).id;
  // Settled late in the evening UTC on 5 March: already 6 March in India; the spec's dates are UTC.
  req.waterSettled = (
    await requestReturn(s.db, {
      orderId: await order('OD250304WATER4', 'Priya', 'water', 2),
      returnedQuantity: 2,
      requestedAt: day(5, 9),
      status: 'Approved',
      reason: 'Empties collected.',
      settledAt: day(5, 23),
      settledBy: returnManager.id,
    })
  ).id;
  req.oxygen = (
    await requestReturn(s.db, {
      orderId: await order('OD250305OXYGN1', 'Priya', 'oxygen', 1),
      returnedQuantity: 1,
      requestedAt: day(7),
    })
  ).id;
});
afterAll(() => s.close());

const { get, postForm } = apiClient(() => s);

const list = (query: string, token?: string) =>
  get(`return-history/get-all-return-requests?${query}`, token);
const orderNumbers = (res: { json(): { data: ReturnDto[] } }) =>
  res.json().data.map((r) => r.returnInfo.orderId);
const settle = (fields: Record<string, string>, token?: string) =>
  postForm('return-history/update-return-request-status', fields, token);

async function storedRequest(id: string) {
  const [row] = await s.db.select().from(returnRequestsTable).where(eq(returnRequestsTable.id, id));
  return row!;
}

describe('GET /api/return-history/get-all-return-requests', () => {
  it('lists the water requests, newest first, with paging at the top level', async () => {
    const res = await list('categoryType=0&page=1&limit=10');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['data', 'message', 'page', 'statusCode', 'totalPage', 'totalRecords'].sort(),
    );
    expect(body).toMatchObject({ statusCode: 200, totalRecords: 4, page: 1, totalPage: 1 });
    expect(orderNumbers(res)).toEqual([
      'OD250303WATER3',
      'OD250304WATER4',
      'OD250302WATER2',
      'OD250301WATER1',
    ]);
  });

  it('answers each request with its order, customer and settlement', async () => {
    const res = await list('categoryType=0');
    const settled = res.json().data.find((r: ReturnDto) => r._id === req.waterSettled);
    expect(settled).toEqual({
      _id: req.waterSettled,
      order: [
        {
          _id: orderIds.OD250304WATER4,
          orderId: 'OD250304WATER4',
          quantity: 2,
          status: 'Delivered',
        },
      ],
      returnInfo: { orderId: 'OD250304WATER4' },
      user: {
        _id: customer.Priya,
        email: 'priya.iyer@example.in',
        firstName: 'Priya',
        lastName: 'Iyer',
      },
      serviceId: category.water,
      returnedQuantity: 2,
      status: 'Approved',
      requestedAt: '2025-03-05T09:00:00.000Z',
      approvedAt: '2025-03-05T23:00:00.000Z',
      settledAt: '2025-03-05T23:00:00.000Z',
      settledBy: { _id: returnManager.id, name: 'Meera Nair' },
      reason: 'Empties collected.',
    });
  });

  it('filters by status (the requests still to settle), with the total and the export', async () => {
    const pending = await list('categoryType=0&status=Pending');
    expect(pending.json()).toMatchObject({ totalRecords: 3 });
    expect(orderNumbers(pending)).toEqual(['OD250303WATER3', 'OD250302WATER2', 'OD250301WATER1']);
    const approved = await list('categoryType=0&status=Approved');
    expect(orderNumbers(approved)).toEqual(['OD250304WATER4']);
    expect(approved.json().totalRecords).toBe(1);
    expect((await list('categoryType=0&status=Rejected')).json()).toMatchObject({
      data: [],
      totalRecords: 0,
    });
    const csv = await get('return-history/export-return-requests?categoryType=0&status=Approved');
    expect(csv.body).toContain('OD250304WATER4');
    expect(csv.body).not.toContain('OD250303WATER3');
    expect((await list('categoryType=0&status=Done')).json()).toEqual({
      statusCode: 400,
      message: 'Status must be one of: Pending, Approved, Rejected.',
    });
  });

  it('categoryType 1 lists the oxygen requests only', async () => {
    const res = await list('categoryType=1');
    expect(res.statusCode).toBe(200);
    expect(orderNumbers(res)).toEqual(['OD250305OXYGN1']);
    expect(res.json()).toMatchObject({ totalRecords: 1, totalPage: 1 });
    expect(res.json().data[0].serviceId).toBe(category.oxygen);
  });

  it('refuses a missing or unknown category type', async () => {
    for (const query of ['', 'categoryType=2', 'categoryType=water']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        message: 'Category type must be 0 (water) or 1 (oxygen).',
      });
    }
  });

  it('pages: page 2 of 2 holds the oldest requests', async () => {
    const res = await list('categoryType=0&page=2&limit=3');
    expect(res.json()).toMatchObject({ totalRecords: 4, page: 2, totalPage: 2 });
    expect(orderNumbers(res)).toEqual(['OD250301WATER1']);
    const past = await list('categoryType=0&page=3&limit=3');
    expect(past.json()).toMatchObject({ data: [], totalRecords: 4, page: 3, totalPage: 2 });
  });

  it('refuses page 0 and a limit over 1000', async () => {
    expect((await list('categoryType=0&page=0')).json()).toEqual({
      statusCode: 400,
      message: 'Page number should be greater than or equal to 1',
    });
    expect((await list('categoryType=0&limit=1001')).statusCode).toBe(400);
  });

  it('searches by part of the order number or the customer e-mail, case-insensitively', async () => {
    const byOrder = await list('categoryType=0&search=water3');
    expect(orderNumbers(byOrder)).toEqual(['OD250303WATER3']);
    expect(byOrder.json().totalRecords).toBe(1);

    const byEmail = await list(`categoryType=0&search=${encodeURIComponent('PRIYA.IYER@')}`);
    expect(orderNumbers(byEmail)).toEqual(['OD250304WATER4', 'OD250302WATER2']);
    expect(byEmail.json()).toMatchObject({ totalRecords: 2, totalPage: 1 });

    // Priya's oxygen request is not in the water list.
    const otherService = await list('categoryType=1&search=aarav');
    expect(otherService.json()).toMatchObject({ data: [], totalRecords: 0, totalPage: 0 });
  });

  it('treats % and _ in the search as plain characters', async () => {
    const res = await list(`categoryType=0&search=${encodeURIComponent('%')}`);
    expect(res.json()).toMatchObject({ data: [], totalRecords: 0 });
  });

  it('sorts by returned quantity both ways and refuses an unknown sort field', async () => {
    const asc = await list('categoryType=0&sort=returnedQuantity&sortOrder=asc');
    expect(asc.json().data.map((r: ReturnDto) => r.returnedQuantity)).toEqual([1, 2, 3, 5]);
    const desc = await list('categoryType=0&sort=returnedQuantity&sortOrder=-1');
    expect(desc.json().data.map((r: ReturnDto) => r.returnedQuantity)).toEqual([5, 3, 2, 1]);
    const oldestFirst = await list('categoryType=0&sort=requestedAt&sortOrder=asc');
    expect(orderNumbers(oldestFirst)[0]).toBe('OD250301WATER1');

    const bad = await list('categoryType=0&sort=customerEmail');
    expect(bad.json()).toEqual({
      statusCode: 400,
      message: 'Sort must be one of: requestedAt, returnedQuantity, status.',
    });
  });
});

describe('GET /api/return-history/get-return-request/:id', () => {
  it('answers one request', async () => {
    const res = await get(`return-history/get-return-request/${req.oxygen}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.returnRequest).toMatchObject({
      _id: req.oxygen,
      returnInfo: { orderId: 'OD250305OXYGN1' },
      status: 'Pending',
      approvedAt: null,
      settledAt: null,
      settledBy: null,
      reason: null,
    });
  });

  it('answers 404 for an unknown id', async () => {
    const res = await get('return-history/get-return-request/no-such-request');
    expect(res.json()).toEqual({ statusCode: 404, message: 'This return request does not exist.' });
  });
});

describe('POST /api/return-history/update-return-request-status', () => {
  it('approves a pending request: approvedAt, settledAt and who settled it are recorded', async () => {
    const before = Date.now();
    const res = await settle(
      { returnHistoryId: req.waterOld, status: 'Approved', reason: '  3 jars collected.  ' },
      returnManager.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, message: 'Return request approved.' });
    const dto = res.json().result.returnRequest as ReturnDto;
    expect(dto).toMatchObject({
      status: 'Approved',
      reason: '3 jars collected.',
      settledBy: { _id: returnManager.id, name: 'Meera Nair' },
    });
    expect(Date.parse(dto.approvedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(dto.settledAt).toBe(dto.approvedAt);

    const row = await storedRequest(req.waterOld);
    expect(row.status).toBe('Approved');
    expect(row.approvedAt).not.toBeNull();
    expect(row.settledBy).toBe(returnManager.id);

    const listed = await list('categoryType=0&search=WATER1');
    expect(listed.json().data[0]).toMatchObject({
      status: 'Approved',
      reason: '3 jars collected.',
    });
  });

  it('rejects a pending request without setting approvedAt', async () => {
    const res = await settle({ returnHistoryId: req.waterMid, status: 'Rejected' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Return request rejected.');
    const row = await storedRequest(req.waterMid);
    expect(row).toMatchObject({ status: 'Rejected', approvedAt: null, reason: null });
    expect(row.settledAt).toBeInstanceOf(Date);
  });

  it('refuses to change a settled request (409 with the UTC day), leaving it as it was', async () => {
    const before = await storedRequest(req.waterSettled);
    const res = await settle({
      returnHistoryId: req.waterSettled,
      status: 'Rejected',
      reason: 'Changed my mind',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      message: 'This return request was already approved on 5, Mar 2025.',
    });
    expect(await storedRequest(req.waterSettled)).toEqual(before);

    const rejected = await settle({ returnHistoryId: req.waterMid, status: 'Approved' });
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json().message).toMatch(
      /^This return request was already rejected on \d+, \w{3} \d{4}\.$/,
    );
    expect((await storedRequest(req.waterMid)).status).toBe('Rejected');
  });

  it('lets only one of two admins settle the same request', async () => {
    const [a, b] = await Promise.all([
      settle({ returnHistoryId: req.waterNew, status: 'Approved' }),
      settle({ returnHistoryId: req.waterNew, status: 'Rejected' }, returnManager.token),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Approved' : 'Rejected';
    expect((await storedRequest(req.waterNew)).status).toBe(winner);
  });

  it('asks for a status when it is missing or not Approved / Rejected', async () => {
    const id = req.oxygen!;
    const cases: Record<string, string>[] = [
      { returnHistoryId: id },
      { returnHistoryId: id, status: '' },
      { returnHistoryId: id, status: 'Pending' },
      { returnHistoryId: id, status: 'approved' },
    ];
    for (const fields of cases) {
      const res = await settle(fields);
      expect(res.json(), JSON.stringify(fields)).toEqual({
        statusCode: 400,
        message: 'Please select the status',
      });
    }
    expect((await storedRequest(req.oxygen)).status).toBe('Pending');
  });

  it('refuses a reason over 500 characters and a missing id', async () => {
    const long = await settle({
      returnHistoryId: req.oxygen,
      status: 'Approved',
      reason: 'x'.repeat(501),
    });
    expect(long.json()).toEqual({
      statusCode: 400,
      message: 'Reason must be at most 500 characters.',
    });
    const noId = await settle({ status: 'Approved' });
    expect(noId.json()).toEqual({ statusCode: 400, message: 'Return request id is required.' });
    expect((await storedRequest(req.oxygen)).status).toBe('Pending');
  });

  it('answers 404 for an unknown request', async () => {
    const res = await settle({ returnHistoryId: 'no-such-request', status: 'Approved' });
    expect(res.json()).toEqual({ statusCode: 404, message: 'This return request does not exist.' });
  });
});

describe('permissions', () => {
  it('refuses an admin without Return Management (403) and accepts one with it', async () => {
    const denied = { statusCode: 403, message: deniedMessage('return') };
    expect((await list('categoryType=0', otherGroup.token)).json()).toEqual(denied);
    expect(
      (await get(`return-history/get-return-request/${req.oxygen}`, otherGroup.token)).json(),
    ).toEqual(denied);
    const write = await settle(
      { returnHistoryId: req.oxygen, status: 'Approved' },
      otherGroup.token,
    );
    expect(write.statusCode).toBe(403);
    expect((await storedRequest(req.oxygen)).status).toBe('Pending');

    expect((await list('categoryType=1', returnManager.token)).statusCode).toBe(200);
    const allowed = await settle(
      { returnHistoryId: req.oxygen, status: 'Approved' },
      returnManager.token,
    );
    expect(allowed.statusCode).toBe(200);
  });

  it('asks for a sign-in without a token', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/return-history/get-all-return-requests?categoryType=0',
    });
    expect(res.statusCode).toBe(401);
  });
});
