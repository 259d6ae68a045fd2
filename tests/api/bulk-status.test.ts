import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogTable,
  customersTable,
  ordersTable,
  orderStatusHistoryTable,
  returnRequestsTable,
  type OrderStatus,
} from '@server/db/schema';
import { requestReturn } from '@server/modules/returns/requestReturn';
import { deniedMessage } from '@server/permissions';
import { apiClient, createTestServer, type TestAdmin, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';

/*
 * The bulk status calls (additions, docs/api.md): order/bulk-update-status,
 * return-history/bulk-update-status and user/bulk-update-status. Each does in one transaction
 * what its single call does per record, history and audit rows included.
 */

let s: TestServer;
let f: OrderFixtures;
let dispatcher: TestAdmin;
let outsider: TestAdmin;
const api = apiClient(() => s);

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  dispatcher = await s.createAdmin({
    name: 'Meera Nair',
    permissions: { assigningJobs: true },
  });
  outsider = await s.createAdmin({ permissions: { banners: true } });
});
afterAll(() => s.close());

/** Places `n` water orders in `status`; answers their `_id`s. */
async function placeOrders(n: number, status: OrderStatus = 'Pending'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await f.place({ kind: 'water', status })).id);
  return ids;
}

const statusesOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      await s.db
        .select({ id: ordersTable.id, status: ordersTable.status })
        .from(ordersTable)
        .where(inArray(ordersTable.id, ids))
    ).map((r) => [r.id, r.status]),
  );

const historyOf = (ids: string[]) =>
  s.db
    .select()
    .from(orderStatusHistoryTable)
    .where(inArray(orderStatusHistoryTable.orderId, ids))
    .orderBy(asc(orderStatusHistoryTable.id));

const auditOf = (recordIds: string[]) =>
  s.db
    .select()
    .from(auditLogTable)
    .where(inArray(auditLogTable.recordId, recordIds))
    .orderBy(asc(auditLogTable.id));

const auditCount = async () =>
  (await s.db.select({ id: auditLogTable.id }).from(auditLogTable)).length;

/** 501 ids that look real; none need exist, the size is refused first. */
const tooMany = Array.from({ length: 501 }, (_, i) => `order-${i}`);

describe('POST /api/order/bulk-update-status', () => {
  const bulk = (body: unknown, token?: string | null) =>
    api.post('order/bulk-update-status', body, token);

  it('sets the status of every order, each with its history and audit rows', async () => {
    const pending = await placeOrders(3);
    const [already] = await placeOrders(1, 'Delivered');
    const ids = [...pending, already!];
    const historyBefore = await historyOf(ids);

    const res = await bulk({ orderIds: ids, status: 'Delivered' }, dispatcher.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: '3 orders updated to Delivered. 1 other was already Delivered.',
      result: { updated: 3, unchanged: 1 },
    });
    expect(await statusesOf(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 'Delivered'])));

    // As order/update-status writes them: from, to, the admin by id and name.
    const added = (await historyOf(ids)).slice(historyBefore.length);
    expect(added.map((h) => [h.orderId, h.fromStatus, h.toStatus, h.adminId, h.adminName])).toEqual(
      [...pending].sort().map((id) => [id, 'Pending', 'Delivered', dispatcher.id, 'Meera Nair']),
    );
    // The order already Delivered: no new history row, no audit row.
    expect(added.some((h) => h.orderId === already)).toBe(false);

    const audit = await auditOf(ids);
    expect(audit.map((a) => a.recordId).sort()).toEqual([...pending].sort());
    for (const row of audit) {
      expect(row).toMatchObject({
        adminId: dispatcher.id,
        adminEmail: dispatcher.email,
        resource: 'order',
        action: 'update-status',
        method: 'POST',
        path: '/api/order/bulk-update-status',
        statusCode: 200,
      });
    }
  });

  it('writes the same audit row for an order as order/update-status does', async () => {
    const [one, two] = await placeOrders(2);
    const reason = 'Customer called to cancel';
    await api.post('order/update-status', { orderId: one, status: 'Cancelled', reason });
    await bulk({ orderIds: [two], status: 'Cancelled', reason });
    const [single, fromBulk] = await auditOf([one!, two!]);
    const comparable = (row: typeof single) => ({
      ...row,
      id: undefined,
      at: undefined,
      recordId: undefined,
      path: undefined,
      // Each names its own order (issue 37): 'Marked order #OD… as Cancelled'.
      summary: undefined,
    });
    expect(comparable(fromBulk)).toEqual(comparable(single));
    expect(fromBulk!.recordId).toBe(two);
    expect(fromBulk!.summary).toMatch(/^Marked order #\S+ as Cancelled$/);
    expect(fromBulk!.changes).toEqual([{ field: 'Status', from: 'Pending', to: 'Cancelled' }]);
  });

  it('says so when every order already has the status', async () => {
    const ids = await placeOrders(2, 'Out for Delivery');
    const res = await bulk({ orderIds: ids, status: 'Out for Delivery' });
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'All 2 orders are already Out for Delivery.',
      result: { updated: 0, unchanged: 2 },
    });
    expect(await auditOf(ids)).toEqual([]);
  });

  it('counts an id sent twice once', async () => {
    const [id] = await placeOrders(1);
    const res = await bulk({ orderIds: [id, id], status: 'Cancelled', reason: 'Duplicate order' });
    expect(res.json()).toMatchObject({
      message: '1 order updated to Cancelled.',
      result: { updated: 1, unchanged: 0 },
    });
    expect((await historyOf([id!])).filter((h) => h.toStatus === 'Cancelled')).toHaveLength(1);
  });

  it('changes nothing when some ids do not exist, and says how many (404)', async () => {
    const ids = await placeOrders(2);
    const before = await historyOf(ids);
    const audits = await auditCount();
    const res = await bulk({
      orderIds: [...ids, 'no-such-order', 'gone-too'],
      status: 'Delivered',
    });
    expect(res.json()).toEqual({
      statusCode: 404,
      message: '2 of the 4 orders were not found (deleted, or a wrong id). Nothing was changed.',
    });
    expect(await statusesOf(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 'Pending'])));
    expect(await historyOf(ids)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('takes 1 to 500 orders: none or 501 is a 400 that says so', async () => {
    expect((await bulk({ orderIds: [], status: 'Delivered' })).json()).toEqual({
      statusCode: 400,
      message: 'Choose at least one order.',
    });
    expect((await bulk({ orderIds: tooMany, status: 'Delivered' })).json()).toEqual({
      statusCode: 400,
      message: 'At most 500 orders can be changed at once (501 were sent).',
    });
    expect((await bulk({ status: 'Delivered' })).json()).toEqual({
      statusCode: 400,
      message: 'Send the orders to change as a list of ids.',
    });
    expect((await bulk({ orderIds: 'one-id', status: 'Delivered' })).statusCode).toBe(400);
    expect((await bulk({ orderIds: [''], status: 'Delivered' })).json()).toEqual({
      statusCode: 400,
      message: 'Order id is required.',
    });
  });

  it('changes 500 orders in one call', async () => {
    const ids = (await placeOrders(500)).sort();
    const res = await bulk({ orderIds: ids, status: 'Out for Delivery' });
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: '500 orders updated to Out for Delivery.',
      result: { updated: 500, unchanged: 0 },
    });
    const rows = await s.db
      .select({ n: orderStatusHistoryTable.id })
      .from(orderStatusHistoryTable)
      .where(
        and(
          inArray(orderStatusHistoryTable.orderId, ids),
          eq(orderStatusHistoryTable.toStatus, 'Out for Delivery'),
        ),
      );
    expect(rows).toHaveLength(500);
    expect(await auditOf(ids)).toHaveLength(500);
  }, 60_000);

  it('refuses an unknown status (400) and changes nothing', async () => {
    const ids = await placeOrders(1);
    for (const status of ['Shipped', '', 'delivered', undefined]) {
      expect((await bulk({ orderIds: ids, status })).json()).toEqual({
        statusCode: 400,
        message: 'Status must be one of: Pending, Out for Delivery, Delivered, Cancelled.',
      });
    }
    expect(await statusesOf(ids)).toEqual({ [ids[0]!]: 'Pending' });
  });

  it('needs the permission of order/update-status (403) and a session (401)', async () => {
    const ids = await placeOrders(1);
    expect((await bulk({ orderIds: ids, status: 'Delivered' }, outsider.token)).json()).toEqual({
      statusCode: 403,
      message: deniedMessage(['orders', 'assigningJobs']),
    });
    expect((await bulk({ orderIds: ids, status: 'Delivered' }, null)).statusCode).toBe(401);
    const orders = await s.createAdmin({ permissions: { orders: true } });
    expect((await bulk({ orderIds: ids, status: 'Delivered' }, orders.token)).statusCode).toBe(200);
  });
});

describe('POST /api/return-history/bulk-update-status', () => {
  let manager: TestAdmin;
  beforeAll(async () => {
    manager = await s.createAdmin({ name: 'Ravi Kumar', permissions: { return: true } });
  });
  const bulk = (body: unknown, token?: string | null) =>
    api.post('return-history/bulk-update-status', body, token ?? manager.token);

  /** `n` Pending return requests of delivered water orders; answers their ids. */
  async function requests(n: number, status: 'Pending' | 'Approved' = 'Pending') {
    const ids: string[] = [];
    for (const orderId of await placeOrders(n, 'Delivered')) {
      ids.push((await requestReturn(s.db, { orderId, returnedQuantity: 1, status })).id);
    }
    return ids;
  }
  const returnsOf = (ids: string[]) =>
    s.db
      .select()
      .from(returnRequestsTable)
      .where(inArray(returnRequestsTable.id, ids))
      .orderBy(asc(returnRequestsTable.id));

  it('approves every request as the single call does, with an audit row each', async () => {
    const ids = await requests(3);
    const res = await bulk({ returnIds: ids, status: 'Approved' });
    expect(res.json()).toEqual({
      statusCode: 200,
      message: '3 return requests approved.',
      result: { updated: 3 },
    });
    for (const r of await returnsOf(ids)) {
      expect(r).toMatchObject({ status: 'Approved', settledBy: manager.id });
      expect(r.settledAt).toBeInstanceOf(Date);
      expect(r.approvedAt).toEqual(r.settledAt);
    }
    const audit = await auditOf(ids);
    expect(audit.map((a) => a.recordId).sort()).toEqual([...ids].sort());
    expect(audit[0]).toMatchObject({
      adminId: manager.id,
      resource: 'return-history',
      action: 'update-return-request-status',
      path: '/api/return-history/bulk-update-status',
    });
  });

  it('rejects without setting approvedAt', async () => {
    const ids = await requests(2);
    const res = await bulk({ returnIds: ids, status: 'Rejected', reason: 'Jars were damaged' });
    expect(res.json()).toMatchObject({ message: '2 return requests rejected.' });
    for (const r of await returnsOf(ids)) {
      expect(r).toMatchObject({
        status: 'Rejected',
        approvedAt: null,
        settledBy: manager.id,
        reason: 'Jars were damaged',
      });
    }
  });

  it('refuses requests no longer Pending (409), naming how many, and changes nothing', async () => {
    const pending = await requests(2);
    const settled = await requests(1, 'Approved');
    const before = await returnsOf([...pending, ...settled]);
    const audits = await auditCount();
    const res = await bulk({
      returnIds: [...pending, ...settled],
      status: 'Rejected',
      reason: 'Not collected',
    });
    expect(res.json()).toEqual({
      statusCode: 409,
      message:
        '1 of the 3 return requests is no longer Pending (already approved or rejected). ' +
        'Nothing was changed.',
    });
    expect(await returnsOf([...pending, ...settled])).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses unknown ids (404), an empty list, 501 ids and other statuses (400)', async () => {
    const ids = await requests(1);
    expect((await bulk({ returnIds: [...ids, 'nope'], status: 'Approved' })).json()).toEqual({
      statusCode: 404,
      message:
        '1 of the 2 return requests was not found (deleted, or a wrong id). Nothing was changed.',
    });
    expect((await returnsOf(ids))[0]!.status).toBe('Pending');
    expect((await bulk({ returnIds: [], status: 'Approved' })).json()).toEqual({
      statusCode: 400,
      message: 'Choose at least one return request.',
    });
    expect((await bulk({ returnIds: tooMany, status: 'Approved' })).json()).toEqual({
      statusCode: 400,
      message: 'At most 500 return requests can be changed at once (501 were sent).',
    });
    for (const status of ['Pending', 'approved', '']) {
      expect((await bulk({ returnIds: ids, status })).json()).toEqual({
        statusCode: 400,
        message: 'Status must be Approved or Rejected.',
      });
    }
  });

  it('needs the Return Management permission (403)', async () => {
    const ids = await requests(1);
    expect((await bulk({ returnIds: ids, status: 'Approved' }, outsider.token)).json()).toEqual({
      statusCode: 403,
      message: deniedMessage('return'),
    });
    expect((await returnsOf(ids))[0]!.status).toBe('Pending');
  });
});

describe('POST /api/user/bulk-update-status', () => {
  const bulk = (body: unknown, token?: string | null) =>
    api.post('user/bulk-update-status', body, token);

  async function customers(n: number, status: 'Active' | 'Blocked' = 'Active') {
    const tag = Math.random().toString(36).slice(2, 8);
    const rows = await s.db
      .insert(customersTable)
      .values(
        Array.from({ length: n }, (_, i) => ({
          firstName: 'Bulk',
          lastName: `Customer ${i}`,
          email: `bulk.${tag}.${i}@example.in`,
          phone: '9876500000',
          status,
        })),
      )
      .returning({ id: customersTable.id });
    return rows.map((r) => r.id);
  }
  const statusOf = async (ids: string[]) =>
    (
      await s.db
        .select({ status: customersTable.status })
        .from(customersTable)
        .where(inArray(customersTable.id, ids))
    ).map((r) => r.status);

  it('blocks and unblocks customers, with the audit row of update-user-status each', async () => {
    const active = await customers(2);
    const [blocked] = await customers(1, 'Blocked');
    const ids = [...active, blocked!];
    const res = await bulk({ userIds: ids, status: 'Blocked' });
    expect(res.json()).toEqual({
      statusCode: 200,
      message: '2 users blocked. 1 other was already blocked.',
      result: { updated: 2, unchanged: 1 },
    });
    expect(await statusOf(ids)).toEqual(['Blocked', 'Blocked', 'Blocked']);
    const audit = await auditOf(ids);
    expect(audit.map((a) => a.recordId).sort()).toEqual([...active].sort());
    expect(audit[0]).toMatchObject({
      resource: 'user',
      action: 'update-user-status',
      path: '/api/user/bulk-update-status',
    });

    const back = await bulk({ userIds: ids, status: 'Active' });
    expect(back.json()).toMatchObject({
      message: '3 users unblocked.',
      result: { updated: 3, unchanged: 0 },
    });
    expect(await statusOf(ids)).toEqual(['Active', 'Active', 'Active']);
  });

  it('refuses unknown ids (404) changing nothing, and bad lists and statuses (400)', async () => {
    const ids = await customers(1);
    expect((await bulk({ userIds: [...ids, 'x1', 'x2'], status: 'Blocked' })).json()).toEqual({
      statusCode: 404,
      message: '2 of the 3 users were not found (deleted, or a wrong id). Nothing was changed.',
    });
    expect(await statusOf(ids)).toEqual(['Active']);
    expect((await bulk({ userIds: [], status: 'Blocked' })).json()).toEqual({
      statusCode: 400,
      message: 'Choose at least one user.',
    });
    expect((await bulk({ userIds: tooMany, status: 'Blocked' })).json()).toEqual({
      statusCode: 400,
      message: 'At most 500 users can be changed at once (501 were sent).',
    });
    expect((await bulk({ userIds: ids, status: 'Inactive' })).json()).toEqual({
      statusCode: 400,
      message: 'Status must be Active or Blocked.',
    });
  });

  it('needs the User Management permission (403)', async () => {
    const ids = await customers(1);
    expect((await bulk({ userIds: ids, status: 'Blocked' }, outsider.token)).json()).toEqual({
      statusCode: 403,
      message: deniedMessage('userManagement'),
    });
    expect(await statusOf(ids)).toEqual(['Active']);
  });
});

describe('the audit trail of a bulk call', () => {
  it('is written with the changes: the newest rows are the changed records', async () => {
    const ids = await placeOrders(2);
    const res = await api.post('order/bulk-update-status', {
      orderIds: ids,
      status: 'Cancelled',
      reason: 'Customer moved away',
    });
    expect(res.statusCode, res.body).toBe(200);
    const newest = await s.db.select().from(auditLogTable).orderBy(desc(auditLogTable.id)).limit(2);
    expect(newest.map((a) => a.recordId).sort()).toEqual([...ids].sort());
  });
});
