import { desc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogTable,
  ordersTable,
  orderStatusHistoryTable,
  returnRequestsTable,
  type OrderStatus,
} from '@server/db/schema';
import { requestReturn } from '@server/modules/returns/requestReturn';
import { apiClient, bearer, createTestServer, multipart, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';
import { assignToRider, createRider } from './riderFixtures';

/*
 * Guarded order changes (issue 37): taking an order back from Delivered, changing an invoiced
 * order and cancelling need a reason (400 without one), kept in the status history; the bulk
 * call is all or nothing; bulk rejection of return requests takes one reason for all. And
 * get-order's relatives: the rider with a phone, the return requests, the invoice.
 */

let s: TestServer;
let f: OrderFixtures;
const api = apiClient(() => s);
const order = apiClient(() => s, 'order');

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  // Business details saved: every delivery from now on is numbered a tax invoice.
  const saved = await apiClient(() => s, 'settings').post('save-business', {
    legalName: 'Jalasri Water Services Private Limited',
    tradeName: 'Jalasri Water',
    gstin: '29AABCU9603R1ZJ',
    address: '14 3rd Cross, Jayanagar 4th Block',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560011',
    phone: '080 2345 6789',
    email: 'accounts@jalasri.example.in',
    invoicePrefix: 'JW',
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(() => s.close());

const place = async (status: OrderStatus = 'Pending') =>
  (await f.place({ kind: 'water', status })).id;

/** The spec's call: multipart { orderId, status } and, now, an optional reason. */
function updateStatus(fields: Record<string, string>) {
  const { payload, headers } = multipart(fields);
  return s.app.inject({
    method: 'POST',
    url: '/api/order/update-status',
    headers: { ...headers, ...bearer(s.superToken) },
    payload,
  });
}

const statusOf = async (id: string) =>
  (await order.get(`get-order/${id}`)).json().result.order.status as OrderStatus;
const historyOf = (ids: string[]) =>
  s.db.select().from(orderStatusHistoryTable).where(inArray(orderStatusHistoryTable.orderId, ids));
const auditCount = async () => (await s.db.select().from(auditLogTable)).length;

describe('order/update-status: the guards', () => {
  it('needs no reason for the everyday steps (the spec calls as they were)', async () => {
    const id = await place();
    for (const status of ['Out for Delivery', 'Pending', 'Delivered']) {
      const res = await updateStatus({ orderId: id, status });
      expect(res.json(), status).toMatchObject({ statusCode: 200 });
    }
  });

  it('refuses to take an order back from Delivered without a reason, and keeps the reason', async () => {
    const id = await place('Delivered');
    const orderNo = (await order.get(`get-order/${id}`)).json().result.order.orderId;
    const before = await historyOf([id]);
    for (const reason of [undefined, '', '   ']) {
      const fields: Record<string, string> = { orderId: id, status: 'Pending' };
      if (reason !== undefined) fields.reason = reason;
      expect((await updateStatus(fields)).json()).toEqual({
        statusCode: 400,
        message: `Give a reason for taking order ${orderNo} back from Delivered.`,
      });
    }
    expect(await statusOf(id)).toBe('Delivered');
    expect(await historyOf([id])).toEqual(before);

    const res = await updateStatus({
      orderId: id,
      status: 'Pending',
      reason: '  Customer was not home; jars came back  ',
    });
    expect(res.json()).toMatchObject({ statusCode: 200, result: { order: { status: 'Pending' } } });
    const history = (await order.get(`get-order/${id}`)).json().result.order.statusHistory;
    // (The fixture's delivery is dated an hour after placing: find the step by its change.)
    const step = history.find((h: { fromStatus: string }) => h.fromStatus === 'Delivered');
    expect(step).toMatchObject({
      fromStatus: 'Delivered',
      toStatus: 'Pending',
      note: 'Customer was not home; jars came back',
      by: { name: expect.any(String) },
    });
  });

  it('asks a reason for any change of an invoiced order, even once it is no longer Delivered', async () => {
    const id = await place('Delivered');
    const got = (await order.get(`get-order/${id}`)).json().result.order;
    expect(got.invoice).toEqual({
      invoiceNo: expect.stringMatching(/^JW\//),
      issuedAt: expect.any(String),
      // Issue 38: its notes and what each line has left to credit.
      creditNotes: 0,
      lines: [
        {
          line: 1,
          description: '20 L Jar',
          hsn: '',
          ratePercent: 0,
          taxable: 90,
          credited: 0,
          left: 90,
        },
        {
          line: 2,
          description: 'Delivery charge',
          hsn: '',
          ratePercent: 0,
          taxable: 30,
          credited: 0,
          left: 30,
        },
      ],
    });
    const back = await updateStatus({ orderId: id, status: 'Pending', reason: 'Wrong address' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await updateStatus({ orderId: id, status: 'Out for Delivery' })).json()).toEqual({
      statusCode: 400,
      message:
        `Order ${got.orderId} has tax invoice ${got.invoice.invoiceNo}: give a reason for ` +
        'changing its status.',
    });
    const res = await updateStatus({
      orderId: id,
      status: 'Out for Delivery',
      reason: 'Re-sent to the right address',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('asks a reason to cancel, and refuses one over 500 characters', async () => {
    const id = await place();
    const orderNo = (await order.get(`get-order/${id}`)).json().result.order.orderId;
    expect((await updateStatus({ orderId: id, status: 'Cancelled' })).json()).toEqual({
      statusCode: 400,
      message: `Give a reason for cancelling order ${orderNo}.`,
    });
    expect(
      (await updateStatus({ orderId: id, status: 'Cancelled', reason: 'x'.repeat(501) })).json(),
    ).toEqual({ statusCode: 400, message: 'Reason must be at most 500 characters.' });
    expect(await statusOf(id)).toBe('Pending');
    const res = await order.post('update-status', {
      orderId: id,
      status: 'Cancelled',
      reason: 'Ordered twice by mistake',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [step] = (await historyOf([id])).filter((h) => h.toStatus === 'Cancelled');
    expect(step!.note).toBe('Ordered twice by mistake');
  });

  it('keeps a reason given where none is needed', async () => {
    const id = await place();
    await updateStatus({ orderId: id, status: 'Out for Delivery', reason: 'Rider left early' });
    const [step] = (await historyOf([id])).filter((h) => h.toStatus === 'Out for Delivery');
    expect(step!.note).toBe('Rider left early');
  });
});

describe('order/bulk-update-status: the guards', () => {
  it('changes nothing if any order needs a reason and none is given', async () => {
    const pending = await place();
    const delivered = await place('Delivered');
    const ids = [pending, delivered];
    const history = await historyOf(ids);
    const audits = await auditCount();
    const res = await order.post('bulk-update-status', {
      orderIds: ids,
      status: 'Out for Delivery',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^1 of the 2 orders \(.+\) needs a reason: taken back from Delivered, invoiced or cancelled\. Give one reason for all\. Nothing was changed\.$/,
    );
    expect([await statusOf(pending), await statusOf(delivered)]).toEqual(['Pending', 'Delivered']);
    expect(await historyOf(ids)).toEqual(history);
    expect(await auditCount()).toBe(audits);

    const ok = await order.post('bulk-update-status', {
      orderIds: ids,
      status: 'Out for Delivery',
      reason: 'Second round after the van broke down',
    });
    expect(ok.json()).toMatchObject({ statusCode: 200, result: { updated: 2, unchanged: 0 } });
    const steps = (await historyOf(ids)).filter((h) => h.toStatus === 'Out for Delivery');
    expect(steps.map((h) => h.note)).toEqual([
      'Second round after the van broke down',
      'Second round after the van broke down',
    ]);
  });

  it('asks a reason to cancel in bulk, naming the single order when only one is sent', async () => {
    const id = await place();
    const orderNo = (await order.get(`get-order/${id}`)).json().result.order.orderId;
    expect(
      (await order.post('bulk-update-status', { orderIds: [id], status: 'Cancelled' })).json(),
    ).toEqual({
      statusCode: 400,
      message: `Give a reason for cancelling order ${orderNo}. Nothing was changed.`,
    });
  });
});

describe('return-history/bulk-update-status: rejecting takes one reason for all', () => {
  const requests = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const orderId = await place('Delivered');
      ids.push((await requestReturn(s.db, { orderId, returnedQuantity: 1 })).id);
    }
    return ids;
  };
  const returnsOf = (ids: string[]) =>
    s.db.select().from(returnRequestsTable).where(inArray(returnRequestsTable.id, ids));

  it('refuses to reject without a reason (400) and keeps the reason on each request', async () => {
    const ids = await requests(2);
    for (const reason of [undefined, ' ']) {
      const res = await api.post('return-history/bulk-update-status', {
        returnIds: ids,
        status: 'Rejected',
        ...(reason === undefined ? {} : { reason }),
      });
      expect(res.json()).toEqual({
        statusCode: 400,
        message: 'Give a reason for rejecting the return requests: one reason is kept on each.',
      });
    }
    expect((await returnsOf(ids)).map((r) => r.status)).toEqual(['Pending', 'Pending']);
    const res = await api.post('return-history/bulk-update-status', {
      returnIds: ids,
      status: 'Rejected',
      reason: 'The jars returned were not ours',
    });
    expect(res.json()).toMatchObject({ statusCode: 200, message: '2 return requests rejected.' });
    for (const r of await returnsOf(ids)) {
      expect(r).toMatchObject({ status: 'Rejected', reason: 'The jars returned were not ours' });
    }
    // The single call shows it as it shows its own reason.
    const one = (await api.get(`return-history/get-return-request/${ids[0]}`)).json();
    expect(one.result.returnRequest.reason).toBe('The jars returned were not ours');
  });

  it('still approves without a reason', async () => {
    const ids = await requests(1);
    const res = await api.post('return-history/bulk-update-status', {
      returnIds: ids,
      status: 'Approved',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("order/get-order: the order's relatives", () => {
  it('names the rider with a phone, the return requests and the invoice', async () => {
    const id = await place();
    const bare = (await order.get(`get-order/${id}`)).json().result.order;
    expect(bare).toMatchObject({ rider: null, returnRequests: [], invoice: null });

    const rider = await createRider(s, { name: 'Ravi Kumar', phone: '9845012345' });
    await assignToRider(s.db, [id], rider._id);
    expect((await updateStatus({ orderId: id, status: 'Delivered' })).statusCode).toBe(200);
    const first = await requestReturn(s.db, {
      orderId: id,
      returnedQuantity: 1,
      requestedAt: new Date(Date.now() - 60_000),
    });
    const second = await requestReturn(s.db, { orderId: id, returnedQuantity: 2 });

    const got = (await order.get(`get-order/${id}`)).json().result.order;
    expect(got.rider).toEqual({ _id: rider._id, name: 'Ravi Kumar', phone: '9845012345' });
    expect(got.returnRequests).toEqual([
      { _id: second.id, status: 'Pending', returnedQuantity: 2, requestedAt: expect.any(String) },
      { _id: first.id, status: 'Pending', returnedQuantity: 1, requestedAt: expect.any(String) },
    ]);
    expect(got.invoice.invoiceNo).toMatch(/^JW\/\d\d-\d\d\/\d{6}$/);
    // The lists' record is unchanged: no relatives there.
    const listed = (await order.get('view-all-orders?limit=50')).json().result.orders;
    const row = listed.find((o: { _id: string }) => o._id === id);
    expect(row.rider).toEqual({ _id: rider._id, name: 'Ravi Kumar' });
    expect(row).not.toHaveProperty('invoice');
  });
});

it('leaves the newest audit rows to the changed orders', async () => {
  const ids = [await place(), await place()];
  await order.post('bulk-update-status', {
    orderIds: ids,
    status: 'Cancelled',
    reason: 'Shop shut',
  });
  const newest = await s.db.select().from(auditLogTable).orderBy(desc(auditLogTable.id)).limit(2);
  expect(newest.map((a) => a.recordId).sort()).toEqual([...ids].sort());
  expect(
    (await s.db.select().from(ordersTable).where(inArray(ordersTable.id, ids))).map(
      (o) => o.status,
    ),
  ).toEqual(['Cancelled', 'Cancelled']);
});
