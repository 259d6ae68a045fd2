/**
 * The returnable-asset ledger (issue 16, docs/api.md "Jars and cylinders"): orders placed through
 * placeOrder, their statuses changed and their returns approved through the real calls, and the
 * ledger, the outstanding list, corrections, the depot's stock and the dashboard's summary read
 * back through returnable/*. After every step the balances equal the sums of their entries.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accessoriesTable,
  businessSettingsTable,
  productsTable,
  returnableEntriesTable,
} from '@server/db/schema';
import { createReturnableRepository } from '@server/modules/returnables/repository';
import { requestReturn } from '@server/modules/returns/requestReturn';
import { deniedMessage } from '@server/permissions';
import { pinClock } from './clock';
import { apiClient, createTestServer, type TestAdmin, type TestServer } from './helpers';
import { createOrderFixtures, type FixtureCustomer, type OrderFixtures } from './orderFixtures';

interface Balance {
  productId: string;
  itemKind: string;
  name: string;
  serviceId: string;
  issued: number;
  returned: number;
  outstanding: number;
  deposit: number;
  oldestOutstandingAt: string | null;
  daysOutstanding: number | null;
}

interface Entry {
  _id: string;
  at: string;
  kind: string;
  productId: string;
  name: string;
  issued: number;
  returned: number;
  deposit: number;
  order: { _id: string; orderId: string } | null;
  returnRequestId: string | null;
  reason: string | null;
  adminName: string | null;
}

interface Row {
  userId: string;
  name: string;
  phone: string;
  pincode: string | null;
  productId: string;
  productName: string;
  serviceId: string;
  issued: number;
  returned: number;
  outstanding: number;
  deposit: number;
  oldestOutstandingAt: string | null;
  daysOutstanding: number | null;
}

interface Stock {
  productId: string;
  itemKind: string;
  name: string;
  serviceId: string;
  serviceName: string;
  deposit: number;
  full: number;
  empty: number;
  withCustomers: number;
  total: number;
}

const DAY = 86_400_000;
// The test's clock and the in-process server's, set just after midnight in India: days outstanding
// and the ledger's days are counted the same on both sides, where the UTC day is still yesterday.
pinClock();
afterAll(() => vi.useRealTimers());
const WATER_DEPOSIT = 150;
const OXYGEN_DEPOSIT = 2000;
const TAP_DEPOSIT = 40;

/** Makes the fixtures' water jar and oxygen cylinder returnable, with their deposits. */
async function makeReturnable(s: TestServer, fx: OrderFixtures) {
  await s.db
    .update(productsTable)
    .set({ returnable: true, deposit: WATER_DEPOSIT.toFixed(2) })
    .where(eq(productsTable.id, fx.products.water.id));
  await s.db
    .update(productsTable)
    .set({ returnable: true, deposit: OXYGEN_DEPOSIT.toFixed(2) })
    .where(eq(productsTable.id, fx.products.oxygen.id));
}

/** The calls of a test server, as the panel makes them. */
function clientsOf(server: () => TestServer) {
  return {
    returnable: apiClient(server, 'returnable'),
    order: apiClient(server, 'order'),
    returns: apiClient(server, 'return-history'),
  };
}

/**
 * The invariant: every balance is the sum of its entries (issued, returned, outstanding,
 * deposit), its oldest unit is the first-in-first-out one of its entries, and what the depot
 * counts as with customers is the sum of the balances. Checked in the database as a whole.
 */
async function expectBalancesAddUp(s: TestServer) {
  const mismatched = await s.db.execute(sql`
    WITH sums AS (
      SELECT customer_id, item_id, sum(issued)::int AS issued, sum(returned)::int AS returned,
             sum(deposit) AS deposit
        FROM returnable_entries GROUP BY customer_id, item_id
    )
    SELECT coalesce(b.customer_id, x.customer_id) AS customer_id,
           coalesce(b.item_id, x.item_id) AS item_id,
           b.issued, x.issued AS entries_issued, b.returned, x.returned AS entries_returned,
           b.outstanding, b.deposit::text, x.deposit::text AS entries_deposit,
           b.oldest_outstanding_at
      FROM returnable_balances b FULL JOIN sums x
        ON x.customer_id = b.customer_id AND x.item_id = b.item_id
     WHERE b.issued IS DISTINCT FROM x.issued
        OR b.returned IS DISTINCT FROM x.returned
        OR b.outstanding IS DISTINCT FROM x.issued - x.returned
        OR b.deposit IS DISTINCT FROM x.deposit
        OR b.oldest_outstanding_at IS DISTINCT FROM
           CASE WHEN b.outstanding > 0 THEN returnable_oldest_out(b.customer_id, b.item_id) END`);
  expect(mismatched.rows).toEqual([]);
  const stock = await s.db.execute(sql`
    SELECT s.item_id, s.with_customers, coalesce(sum(b.outstanding), 0)::int AS held,
           s.holders, count(b.item_id) FILTER (WHERE b.outstanding > 0)::int AS holding,
           s.deposit_held, coalesce(sum(b.deposit), 0) AS deposits
      FROM returnable_stock s LEFT JOIN returnable_balances b ON b.item_id = s.item_id
     GROUP BY s.item_id, s.with_customers, s.holders, s.deposit_held
    HAVING s.with_customers <> coalesce(sum(b.outstanding), 0)
        OR s.holders <> count(b.item_id) FILTER (WHERE b.outstanding > 0)
        OR s.deposit_held <> coalesce(sum(b.deposit), 0)`);
  expect(stock.rows).toEqual([]);
}

/**
 * The same invariant as the panel sees it: the customer's ledger answer, whose balances are the
 * sums of its entries. Answers the balances by item id.
 */
async function ledgerAddsUp(
  s: TestServer,
  customerId: string,
): Promise<{ balances: Record<string, Balance>; entries: Entry[] }> {
  await expectBalancesAddUp(s);
  const res = await clientsOf(() => s).returnable.get(`ledger/${customerId}?limit=200`);
  expect(res.statusCode).toBe(200);
  const result = res.json().result as { balances: Balance[]; entries: Entry[] };
  expect(result.entries.length).toBeLessThan(200);
  const sums = new Map<string, { issued: number; returned: number; deposit: number }>();
  for (const e of result.entries) {
    const sum = sums.get(e.productId) ?? { issued: 0, returned: 0, deposit: 0 };
    sum.issued += e.issued;
    sum.returned += e.returned;
    sum.deposit = Math.round((sum.deposit + e.deposit) * 100) / 100;
    sums.set(e.productId, sum);
  }
  const balances: Record<string, Balance> = {};
  for (const b of result.balances) {
    const sum = sums.get(b.productId);
    expect(sum, b.name).toBeDefined();
    expect({ issued: b.issued, returned: b.returned, deposit: b.deposit }, b.name).toEqual(sum);
    expect(b.outstanding, b.name).toBe(b.issued - b.returned);
    balances[b.productId] = b;
  }
  expect(result.balances.length).toBe(sums.size);
  return { balances, entries: result.entries };
}

/** `Error: Failed query ...` and its causes, as one text. */
function messagesOf(err: unknown): string {
  const parts: string[] = [];
  for (let e = err as { message?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    parts.push(String(e.message));
  }
  return parts.join(' / ');
}

describe('the ledger of one customer', () => {
  let s: TestServer;
  let fx: OrderFixtures;
  let manager: TestAdmin;
  const api = clientsOf(() => s);
  let aarav: FixtureCustomer;

  beforeAll(async () => {
    s = await createTestServer();
    fx = await createOrderFixtures(s.db);
    await makeReturnable(s, fx);
    await s.db
      .update(accessoriesTable)
      .set({ returnable: true, deposit: TAP_DEPOSIT.toFixed(2) })
      .where(eq(accessoriesTable.id, fx.tap.id));
    manager = await s.createAdmin({ name: 'Meera Nair', permissions: { return: true } });
    aarav = fx.customers[0]!;
  });
  afterAll(() => s?.close());

  // A reason with every change: taking a delivery back, changing an invoiced order and
  // cancelling need one (issue 37); where none is needed it is only kept in the history.
  const reason = 'Correcting the status';
  const setStatus = async (orderId: string, status: string) => {
    const res = await api.order.post('update-status', { orderId, status, reason });
    expect(res.statusCode, res.body).toBe(200);
  };
  const setStatuses = async (orderIds: string[], status: string) => {
    const res = await api.order.post('bulk-update-status', { orderIds, status, reason });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('follows an order delivered, undone, delivered again, returned and corrected', async () => {
    const jar = fx.products.water.id;
    const order = await fx.place({ kind: 'water', quantity: 3, returnQuantity: 1, taps: 2 });
    let ledger = await ledgerAddsUp(s, aarav.id);
    expect(ledger.balances).toEqual({});
    expect(ledger.entries).toEqual([]);

    // Delivered: 3 jars out, 1 empty taken back; the taps (a returnable accessory) too.
    await setStatus(order.id, 'Delivered');
    ledger = await ledgerAddsUp(s, aarav.id);
    expect(ledger.balances[jar]).toMatchObject({
      itemKind: 'product',
      name: '20 L Jar',
      serviceId: fx.services.water.id,
      issued: 3,
      returned: 1,
      outstanding: 2,
      deposit: 2 * WATER_DEPOSIT,
      daysOutstanding: 0,
    });
    expect(ledger.balances[jar]!.oldestOutstandingAt).not.toBeNull();
    expect(ledger.balances[fx.tap.id]).toMatchObject({
      itemKind: 'accessory',
      outstanding: 2,
      deposit: 2 * TAP_DEPOSIT,
    });
    const delivered = ledger.entries.find((e) => e.productId === jar)!;
    expect(delivered).toMatchObject({
      kind: 'delivered',
      issued: 3,
      returned: 1,
      deposit: 300,
      order: { _id: order.id, orderId: order.orderId },
      returnRequestId: null,
      reason: null,
      adminName: null,
    });

    // Back to Out for Delivery: the delivery is reversed, nothing is held.
    await setStatus(order.id, 'Out for Delivery');
    ledger = await ledgerAddsUp(s, aarav.id);
    expect(ledger.balances[jar]).toMatchObject({
      outstanding: 0,
      deposit: 0,
      oldestOutstandingAt: null,
      daysOutstanding: null,
    });
    expect(ledger.balances[fx.tap.id]!.outstanding).toBe(0);
    expect(ledger.entries[0]).toMatchObject({ kind: 'reversed', order: { _id: order.id } });
    expect(
      ledger.entries.filter((e) => e.productId === jar).map((e) => [e.kind, e.issued, e.returned]),
    ).toEqual([
      ['reversed', -3, -1],
      ['delivered', 3, 1],
    ]);

    // Delivered again: issued again.
    await setStatus(order.id, 'Delivered');
    ledger = await ledgerAddsUp(s, aarav.id);
    expect(ledger.balances[jar]).toMatchObject({ issued: 3, returned: 1, outstanding: 2 });

    // Back and forth through the bulk call and the single one: it always adds up.
    const second = await fx.place({ kind: 'water', quantity: 2 });
    for (const status of ['Cancelled', 'Delivered', 'Pending', 'Delivered', 'Delivered']) {
      await setStatuses([order.id, second.id], status);
      ledger = await ledgerAddsUp(s, aarav.id);
      expect(ledger.balances[jar]!.outstanding).toBe(status === 'Delivered' ? 4 : 0);
    }
    for (const status of ['Pending', 'Delivered', 'Cancelled', 'Delivered']) {
      await setStatus(second.id, status);
      ledger = await ledgerAddsUp(s, aarav.id);
      expect(ledger.balances[jar]!.outstanding).toBe(status === 'Delivered' ? 4 : 2);
    }

    // An approved return request takes jars back; a rejected one does not.
    const back = await requestReturn(s.db, { orderId: order.id, returnedQuantity: 3 });
    const rejected = await requestReturn(s.db, { orderId: second.id, returnedQuantity: 1 });
    const approve = await api.returns.post('update-return-request-status', {
      returnHistoryId: back.id,
      status: 'Approved',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const reject = await api.returns.post('update-return-request-status', {
      returnHistoryId: rejected.id,
      status: 'Rejected',
    });
    expect(reject.statusCode).toBe(200);
    ledger = await ledgerAddsUp(s, aarav.id);
    expect(ledger.balances[jar]).toMatchObject({
      outstanding: 1,
      returned: 4,
      deposit: WATER_DEPOSIT,
    });
    expect(ledger.entries[0]).toMatchObject({
      kind: 'returned',
      issued: 0,
      returned: 3,
      deposit: -3 * WATER_DEPOSIT,
      order: { _id: order.id, orderId: order.orderId },
      returnRequestId: back.id,
    });

    // The bulk approval of return requests too.
    const third = await requestReturn(s.db, { orderId: second.id, returnedQuantity: 1 });
    const bulk = await api.returns.post('bulk-update-status', {
      returnIds: [third.id],
      status: 'Approved',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    ledger = await ledgerAddsUp(s, aarav.id);
    expect(ledger.balances[jar]!.outstanding).toBe(0);

    // Nothing left to take back: approving one more is refused, singly and in bulk, and
    // changes nothing (the request stays Pending, the ledger as it was).
    const tooMany = await requestReturn(s.db, { orderId: second.id, returnedQuantity: 1 });
    const refused = await api.returns.post('update-return-request-status', {
      returnHistoryId: tooMany.id,
      status: 'Approved',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      'Aarav Sharma holds 0 × 20 L Jar, fewer than the 1 this return takes back. If they did ' +
        'hand them in, record a correction under Jars & cylinders first. Nothing was changed.',
    );
    const refusedBulk = await api.returns.post('bulk-update-status', {
      returnIds: [tooMany.id],
      status: 'Approved',
    });
    expect(refusedBulk.statusCode, refusedBulk.body).toBe(409);
    const entriesBefore = ledger.entries.length;
    ledger = await ledgerAddsUp(s, aarav.id);
    expect(ledger.entries.length).toBe(entriesBefore);
    expect(ledger.balances[jar]!.outstanding).toBe(0);
    const still = await s.db.execute<{ status: string }>(
      sql`select status from return_requests where id = ${tooMany.id}`,
    );
    expect(still.rows[0]!.status).toBe('Pending');
    // Rejecting is always possible.
    const rejectedToo = await api.returns.post('update-return-request-status', {
      returnHistoryId: tooMany.id,
      status: 'Rejected',
    });
    expect(rejectedToo.statusCode).toBe(200);

    // A correction: a new entry with its reason and who made it.
    const corrected = await api.returnable.post(
      'adjust',
      { userId: aarav.id, productId: jar, quantity: 2, reason: 'Two jars found at the flat' },
      manager.token,
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().message).toBe(
      'Correction recorded: Aarav Sharma now holds 2 × 20 L Jar.',
    );
    expect(corrected.json().result.entry).toMatchObject({
      kind: 'correction',
      productId: jar,
      issued: 2,
      returned: 0,
      deposit: 2 * WATER_DEPOSIT,
      order: null,
      returnRequestId: null,
      reason: 'Two jars found at the flat',
      adminName: 'Meera Nair',
    });
    expect(corrected.json().result.balance).toMatchObject({ outstanding: 2, daysOutstanding: 0 });
    ledger = await ledgerAddsUp(s, aarav.id);
    expect(ledger.entries[0]!._id).toBe(corrected.json().result.entry._id);
    expect(ledger.balances[jar]!.outstanding).toBe(2);

    const minus = await api.returnable.post('adjust', {
      userId: aarav.id,
      productId: jar,
      quantity: -1,
      reason: 'One was counted twice',
    });
    expect(minus.statusCode).toBe(200);
    expect(minus.json().result.entry).toMatchObject({ issued: 0, returned: 1, deposit: -150 });
    ledger = await ledgerAddsUp(s, aarav.id);
    expect(ledger.balances[jar]).toMatchObject({ outstanding: 1, deposit: WATER_DEPOSIT });

    // The correction is in the audit trail.
    const audit = await s.db.execute<{ admin_id: string; action: string }>(
      sql`SELECT admin_id, action FROM audit_log WHERE resource = 'returnable' ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      { admin_id: manager.id, action: 'adjust' },
      expect.objectContaining({ action: 'adjust' }),
    ]);
  });

  it("changes a delivered order's quantity by the difference", async () => {
    const rohan = fx.customers[2]!;
    const order = await fx.place({ kind: 'water', customer: rohan, quantity: 2 });
    await setStatus(order.id, 'Delivered');
    await s.db.execute(
      sql`UPDATE orders SET quantity = 5, return_quantity = 1 WHERE id = ${order.id}`,
    );
    const ledger = await ledgerAddsUp(s, rohan.id);
    expect(ledger.balances[fx.products.water.id]).toMatchObject({
      issued: 5,
      returned: 1,
      outstanding: 4,
    });
    expect(ledger.entries.map((e) => [e.kind, e.issued, e.returned])).toEqual([
      ['delivered', 3, 1],
      ['delivered', 2, 0],
    ]);
  });

  it('issues the accessories of an order written as Delivered, dated by its delivery', async () => {
    const rohan = fx.customers[2]!;
    const createdAt = new Date(Date.now() - 3 * DAY);
    const order = await fx.place({
      kind: 'water',
      customer: rohan,
      quantity: 1,
      taps: 3,
      status: 'Delivered',
      createdAt,
    });
    const ledger = await ledgerAddsUp(s, rohan.id);
    expect(ledger.balances[fx.tap.id]).toMatchObject({ outstanding: 3, daysOutstanding: 2 });
    expect(ledger.entries.filter((e) => e.order?._id === order.id).map((e) => e.at)).toEqual([
      order.updatedAt.toISOString(),
      order.updatedAt.toISOString(),
    ]);
    await setStatus(order.id, 'Cancelled');
    expect((await ledgerAddsUp(s, rohan.id)).balances[fx.tap.id]!.outstanding).toBe(0);
  });

  it('moves what a delivered order issued when it changes hands', async () => {
    const rohan = fx.customers[2]!;
    const order = await fx.place({ kind: 'oxygen', customer: aarav, quantity: 2 });
    await setStatus(order.id, 'Delivered');
    await s.db.execute(sql`UPDATE orders SET customer_id = ${rohan.id} WHERE id = ${order.id}`);
    const cylinder = fx.products.oxygen.id;
    expect((await ledgerAddsUp(s, aarav.id)).balances[cylinder]!.outstanding).toBe(0);
    expect((await ledgerAddsUp(s, rohan.id)).balances[cylinder]!.outstanding).toBe(2);
    await setStatus(order.id, 'Pending');
    expect((await ledgerAddsUp(s, rohan.id)).balances[cylinder]!.outstanding).toBe(0);
  });

  it('pages the entries newest first, 50 by default and at most 200', async () => {
    const priya = fx.customers[1]!;
    const orders = [];
    for (let i = 0; i < 3; i += 1) {
      orders.push((await fx.place({ kind: 'water', customer: priya, quantity: i + 1 })).id);
    }
    await setStatuses(orders, 'Delivered');
    const all = await api.returnable.get(`ledger/${priya.id}`);
    expect(all.json().result).toMatchObject({ totalRecords: 3, currentPage: 1, totalPages: 1 });
    const page2 = await api.returnable.get(`ledger/${priya.id}?page=2&limit=2`);
    expect(page2.statusCode).toBe(200);
    expect(page2.json().result).toMatchObject({ totalRecords: 3, currentPage: 2, totalPages: 2 });
    expect(page2.json().result.entries.map((e: Entry) => e._id)).toEqual([
      all.json().result.entries[2]._id,
    ]);
    const ids = all.json().result.entries.map((e: Entry) => Number(e._id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    for (const [query, message] of [
      ['limit=201', 'Limit must be between 1 and 200.'],
      ['limit=0', 'Limit must be between 1 and 200.'],
      ['page=0', 'Page number should be greater than or equal to 1'],
      ['page=1000001', 'Page must be between 1 and 1000000.'],
      ['page=two', 'Page must be a number.'],
    ]) {
      const res = await api.returnable.get(`ledger/${priya.id}?${query}`);
      expect(res.json(), query).toEqual({ statusCode: 400, message });
    }
    const unknown = await api.returnable.get('ledger/no-such-customer');
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'This customer does not exist.' });
  });

  it('never changes or removes an entry', async () => {
    const [entry] = await s.db.select().from(returnableEntriesTable).limit(1);
    expect(entry).toBeDefined();
    const refused = 'Ledger entries are never changed or removed: add a correction instead.';
    await expect(
      s.db.execute(sql`UPDATE returnable_entries SET issued = 99 WHERE id = ${entry!.id}`),
    ).rejects.toSatisfy((err) => messagesOf(err).includes(refused));
    await expect(
      s.db.execute(sql`DELETE FROM returnable_entries WHERE id = ${entry!.id}`),
    ).rejects.toSatisfy((err) => messagesOf(err).includes(refused));
    const [after] = await s.db
      .select()
      .from(returnableEntriesTable)
      .where(eq(returnableEntriesTable.id, entry!.id));
    expect(after).toEqual(entry);
    await expectBalancesAddUp(s);
  });

  describe('corrections (returnable/adjust)', () => {
    const snapshot = async () => ({
      entries: (await s.db.execute(sql`SELECT count(*)::int AS n FROM returnable_entries`)).rows,
      balances: (
        await s.db.execute(sql`SELECT * FROM returnable_balances ORDER BY customer_id, item_id`)
      ).rows,
      audit: (await s.db.execute(sql`SELECT count(*)::int AS n FROM audit_log`)).rows,
    });

    it('refuses bad input, unknown records and taking off more than is held, changing nothing', async () => {
      const kavya = fx.customers[3]!;
      const jar = fx.products.water.id;
      const order = await fx.place({ kind: 'water', customer: kavya, quantity: 2 });
      await setStatus(order.id, 'Delivered');
      const valid = {
        userId: kavya.id,
        productId: jar,
        quantity: -1,
        reason: 'Counted at the door',
      };
      const before = await snapshot();
      const cases: [Record<string, unknown>, number, string][] = [
        [
          { quantity: 0 },
          400,
          'Quantity must not be 0: more than 0 when the customer holds more, less when fewer.',
        ],
        [{ quantity: 1001 }, 400, 'Quantity must be between -1000 and 1000.'],
        [{ quantity: -1001 }, 400, 'Quantity must be between -1000 and 1000.'],
        [{ quantity: 1.5 }, 400, 'Quantity must be a whole number.'],
        [{ quantity: 'two' }, 400, 'Quantity must be a number.'],
        [{ quantity: undefined }, 400, 'Quantity is required.'],
        [{ reason: undefined }, 400, 'Reason is required.'],
        [{ reason: '   ' }, 400, 'Reason is required.'],
        [{ reason: 'ok' }, 400, 'Reason must be at least 3 characters.'],
        [{ reason: 'x'.repeat(501) }, 400, 'Reason must be at most 500 characters.'],
        [{ userId: undefined }, 400, 'Customer id is required.'],
        [{ productId: '' }, 400, 'Product id is required.'],
        [{ userId: 'no-such-customer' }, 404, 'This customer does not exist.'],
        [{ productId: 'no-such-item' }, 404, 'This product or accessory does not exist.'],
        [
          { productId: fx.products.laundry.id },
          400,
          'Shirt Wash & Iron is not returnable. Switch on "Returnable (jar or cylinder)" on its edit form first.',
        ],
        [
          { quantity: -3 },
          409,
          'Kavya Reddy holds 2 × 20 L Jar: a correction of -3 would leave fewer than none. Take off at most 2.',
        ],
        [
          { productId: fx.products.oxygen.id, quantity: -1 },
          409,
          'Kavya Reddy holds no 10 L Cylinder: there is nothing to take off.',
        ],
      ];
      for (const [change, status, message] of cases) {
        const res = await api.returnable.post('adjust', { ...valid, ...change });
        expect(res.json(), JSON.stringify(change)).toEqual({ statusCode: status, message });
      }
      expect(await snapshot()).toEqual(before);
      // Exactly all that is held can be taken off.
      const all = await api.returnable.post('adjust', { ...valid, quantity: -2 });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().result.balance).toMatchObject({ outstanding: 0, deposit: 0 });
      await ledgerAddsUp(s, kavya.id);
    });
  });

  it('moves the depot stock with deliveries, returns, refills and receipts', async () => {
    const cylinder = fx.products.oxygen.id;
    const stockOf = async () => {
      const res = await api.returnable.get('stock');
      expect(res.statusCode).toBe(200);
      return (res.json().result.stock as Stock[]).find((r) => r.productId === cylinder)!;
    };
    const first = await api.returnable.get('stock');
    expect(first.statusCode, first.body).toBe(200);
    const listed = first.json().result.stock as Stock[];
    // Every returnable item, with zeros before anything moved; nothing that is not returnable.
    expect(listed.map((r) => r.name).sort()).toEqual(['10 L Cylinder', '20 L Jar', 'Tap']);
    expect(await stockOf()).toEqual({
      productId: cylinder,
      itemKind: 'product',
      name: '10 L Cylinder',
      serviceId: fx.services.oxygen.id,
      serviceName: fx.services.oxygen.name,
      deposit: OXYGEN_DEPOSIT,
      full: 0,
      empty: 0,
      withCustomers: 0,
      total: 0,
    });

    const received = await api.returnable.post('receive', { productId: cylinder, quantity: 6 });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().message).toBe('6 × 10 L Cylinder received.');
    expect(received.json().result.stock).toMatchObject({
      full: 6,
      empty: 0,
      withCustomers: 0,
      total: 6,
    });

    const rohan = fx.customers[2]!;
    const order = await fx.place({
      kind: 'oxygen',
      customer: rohan,
      quantity: 3,
      returnQuantity: 1,
    });
    await setStatus(order.id, 'Delivered');
    expect(await stockOf()).toMatchObject({ full: 3, empty: 1, withCustomers: 2, total: 6 });

    const back = await requestReturn(s.db, { orderId: order.id, returnedQuantity: 1 });
    await api.returns.post('update-return-request-status', {
      returnHistoryId: back.id,
      status: 'Approved',
    });
    expect(await stockOf()).toMatchObject({ full: 3, empty: 2, withCustomers: 1, total: 6 });

    // A correction changes what the customer holds, not what the depot counts.
    await api.returnable.post('adjust', {
      userId: rohan.id,
      productId: cylinder,
      quantity: 1,
      reason: 'Handed over by the rider without an order',
    });
    expect(await stockOf()).toMatchObject({ full: 3, empty: 2, withCustomers: 2, total: 7 });

    const refilled = await api.returnable.post('refill', { productId: cylinder, quantity: 2 });
    expect(refilled.statusCode, refilled.body).toBe(200);
    expect(refilled.json().message).toBe('2 × 10 L Cylinder refilled.');
    expect(refilled.json().result.stock).toMatchObject({ full: 5, empty: 0, withCustomers: 2 });

    // Undoing the delivery puts the full ones back and takes the empty one out again.
    await setStatus(order.id, 'Pending');
    expect(await stockOf()).toMatchObject({ full: 8, empty: -1, withCustomers: 0 });
    await setStatus(order.id, 'Delivered');
    expect(await stockOf()).toMatchObject({ full: 5, empty: 0, withCustomers: 2 });
    await expectBalancesAddUp(s);

    const before = await stockOf();
    for (const [path, body, status, message] of [
      [
        'refill',
        { productId: cylinder, quantity: 1 },
        409,
        'The depot has no empty 10 L Cylinder to refill.',
      ],
      ['refill', { productId: cylinder, quantity: 0 }, 400, 'Quantity must be more than 0.'],
      ['receive', { productId: cylinder, quantity: -2 }, 400, 'Quantity must be more than 0.'],
      [
        'receive',
        { productId: cylinder, quantity: 100_001 },
        400,
        'Quantity must be at most 100000.',
      ],
      ['receive', { productId: cylinder, quantity: 'many' }, 400, 'Quantity must be a number.'],
      ['receive', { productId: cylinder }, 400, 'Quantity is required.'],
      [
        'receive',
        { productId: 'no-such-item', quantity: 1 },
        404,
        'This product or accessory does not exist.',
      ],
      [
        'refill',
        { productId: fx.products.laundry.id, quantity: 1 },
        400,
        'Shirt Wash & Iron is not returnable. Switch on "Returnable (jar or cylinder)" on its edit form first.',
      ],
    ] as const) {
      const res = await api.returnable.post(path, body);
      expect(res.json(), `${path} ${JSON.stringify(body)}`).toEqual({
        statusCode: status,
        message,
      });
    }
    expect(await stockOf()).toEqual(before);

    // Returned empties can be refilled up to how many there are.
    const second = await requestReturn(s.db, { orderId: order.id, returnedQuantity: 1 });
    await api.returns.post('update-return-request-status', {
      returnHistoryId: second.id,
      status: 'Approved',
    });
    const tooMany = await api.returnable.post('refill', { productId: cylinder, quantity: 2 });
    expect(tooMany.json()).toEqual({
      statusCode: 409,
      message: 'The depot has only 1 empty 10 L Cylinder: 2 cannot be refilled.',
    });
    expect(
      (await api.returnable.post('refill', { productId: cylinder, quantity: 1 })).statusCode,
    ).toBe(200);
    expect(await stockOf()).toMatchObject({ full: 6, empty: 0, withCustomers: 1, total: 7 });
  });

  it('rebuilds to the same balances from the entries alone', async () => {
    const read = async () =>
      (
        await s.db.execute(sql`SELECT customer_id, item_id, issued, returned, outstanding,
            deposit::text, oldest_outstanding_at FROM returnable_balances
          ORDER BY customer_id, item_id`)
      ).rows;
    const stock = async () =>
      (await s.db.execute(sql`SELECT * FROM returnable_stock ORDER BY item_id`)).rows.map((r) => ({
        ...r,
        updated_at: undefined,
      }));
    const [balances, depot] = [await read(), await stock()];
    expect(balances.length).toBeGreaterThan(3);
    await s.db.execute(sql`SELECT rebuild_returnable_balances()`);
    expect(await read()).toEqual(balances);
    expect(await stock()).toEqual(depot);
  });

  describe('who may call', () => {
    it('needs a session, and Return Management (the ledger: or User Management)', async () => {
      const customer = aarav.id;
      const calls: [string, string, unknown?][] = [
        ['GET', `ledger/${customer}`],
        ['GET', 'outstanding'],
        ['GET', 'export-outstanding'],
        ['GET', 'stock'],
        ['GET', 'summary'],
        [
          'POST',
          'adjust',
          { userId: customer, productId: fx.products.water.id, quantity: 1, reason: 'Test' },
        ],
        ['POST', 'refill', { productId: fx.products.water.id, quantity: 1 }],
        ['POST', 'receive', { productId: fx.products.water.id, quantity: 1 }],
      ];
      const ordersOnly = await s.createAdmin({ permissions: { orders: true, settings: true } });
      const users = await s.createAdmin({ permissions: { userManagement: true } });
      const call = (method: string, path: string, body: unknown, token: string | null) =>
        method === 'GET' ? api.returnable.get(path, token) : api.returnable.post(path, body, token);
      const before = await s.db.execute(sql`SELECT count(*)::int AS n FROM returnable_entries`);
      for (const [method, path, body] of calls) {
        const anonymous = await call(method, path, body, null);
        expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
        const denied = await call(method, path, body, ordersOnly.token);
        expect(denied.json(), `${method} ${path}`).toEqual({
          statusCode: 403,
          message: deniedMessage(
            path.startsWith('ledger') ? ['return', 'userManagement'] : 'return',
          ),
        });
        const asUsers = await call(method, path, body, users.token);
        expect(asUsers.statusCode, `${method} ${path}`).toBe(path.startsWith('ledger') ? 200 : 403);
      }
      expect(
        (await s.db.execute(sql`SELECT count(*)::int AS n FROM returnable_entries`)).rows,
      ).toEqual(before.rows);
    });
  });
});

describe('the outstanding list, its export and the summary', () => {
  let s: TestServer;
  let fx: OrderFixtures;
  const api = clientsOf(() => s);
  /** Placed `createdAt`, delivered an hour later: `days` whole days ago and a little more. */
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 2 * 60 * 60 * 1000);
  let people: Record<'aarav' | 'priya' | 'rohan' | 'kavya', FixtureCustomer>;

  beforeAll(async () => {
    s = await createTestServer();
    fx = await createOrderFixtures(s.db);
    await makeReturnable(s, fx);
    const [aarav, priya, rohan, kavya] = fx.customers as [
      FixtureCustomer,
      FixtureCustomer,
      FixtureCustomer,
      FixtureCustomer,
    ];
    people = { aarav, priya, rohan, kavya };
    const delivered = (
      kind: 'water' | 'oxygen',
      customer: FixtureCustomer,
      days: number,
      quantity: number,
      returnQuantity = 0,
    ) =>
      fx.place({
        kind,
        customer,
        quantity,
        returnQuantity,
        createdAt: daysAgo(days),
        status: 'Delivered',
      });
    await delivered('water', aarav, 100, 3);
    await delivered('oxygen', aarav, 20, 1);
    // Priya's two empties returned with her second order use up her oldest jars first.
    await delivered('water', priya, 50, 2);
    await delivered('water', priya, 5, 2, 2);
    await delivered('water', rohan, 40, 4);
    const kavyas = await delivered('oxygen', kavya, 10, 2);
    const back = await requestReturn(s.db, { orderId: kavyas.id, returnedQuantity: 2 });
    const approved = await api.returns.post('update-return-request-status', {
      returnHistoryId: back.id,
      status: 'Approved',
    });
    expect(approved.statusCode).toBe(200);
    await fx.place({ kind: 'water', customer: kavya, quantity: 1 });
    await expectBalancesAddUp(s);
  });
  afterAll(() => s?.close());

  const list = async (query = '') => {
    const res = await api.returnable.get(`outstanding${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as {
      customers: Row[];
      totalRecords: number;
      currentPage: number;
      totalPages: number;
    };
  };
  const who = (rows: Row[]) => rows.map((r) => `${r.name}: ${r.productName}`);

  it('lists each customer and item held, the most overdue first', async () => {
    const all = await list();
    expect(who(all.customers)).toEqual([
      'Aarav Sharma: 20 L Jar',
      'Rohan Mehta: 20 L Jar',
      'Aarav Sharma: 10 L Cylinder',
      'Priya Iyer: 20 L Jar',
    ]);
    expect(all).toMatchObject({ totalRecords: 4, currentPage: 1, totalPages: 1 });
    expect(all.customers[0]).toEqual({
      userId: people.aarav.id,
      name: 'Aarav Sharma',
      phone: '9876543210',
      pincode: '560001',
      productId: fx.products.water.id,
      productName: '20 L Jar',
      serviceId: fx.services.water.id,
      issued: 3,
      returned: 0,
      outstanding: 3,
      deposit: 3 * WATER_DEPOSIT,
      oldestOutstandingAt: expect.any(String),
      daysOutstanding: 100,
    });
    // First in, first out: Priya's oldest jars went back, the ones of 5 days ago are out.
    expect(all.customers[3]).toMatchObject({
      issued: 4,
      returned: 2,
      outstanding: 2,
      daysOutstanding: 5,
    });
    expect(all.customers.map((r) => r.daysOutstanding)).toEqual([100, 40, 20, 5]);

    const newest = await list('sortOrder=desc');
    expect(who(newest.customers)).toEqual([...who(all.customers)].reverse());
  });

  it('filters by service, pin code, days outstanding and search', async () => {
    const water = await list(`serviceId=${fx.services.water.id}`);
    expect(who(water.customers)).toEqual([
      'Aarav Sharma: 20 L Jar',
      'Rohan Mehta: 20 L Jar',
      'Priya Iyer: 20 L Jar',
    ]);
    expect(water.totalRecords).toBe(3);
    const oxygen = await list(`serviceId=${fx.services.oxygen.id}`);
    expect(who(oxygen.customers)).toEqual(['Aarav Sharma: 10 L Cylinder']);
    expect((await list(`serviceId=${fx.services.laundry.id}`)).totalRecords).toBe(0);

    const delhi = await list('pincode=110001');
    expect(who(delhi.customers)).toEqual(['Rohan Mehta: 20 L Jar']);
    expect(delhi.totalRecords).toBe(1);

    expect(who((await list('minDays=30')).customers)).toEqual([
      'Aarav Sharma: 20 L Jar',
      'Rohan Mehta: 20 L Jar',
    ]);
    expect(who((await list('minDays=40')).customers)).toEqual([
      'Aarav Sharma: 20 L Jar',
      'Rohan Mehta: 20 L Jar',
    ]);
    expect(who((await list('minDays=41')).customers)).toEqual(['Aarav Sharma: 20 L Jar']);
    expect((await list('minDays=0')).totalRecords).toBe(4);
    const overdueWater = await list(`minDays=30&serviceId=${fx.services.water.id}&sortOrder=desc`);
    expect(who(overdueWater.customers)).toEqual([
      'Rohan Mehta: 20 L Jar',
      'Aarav Sharma: 20 L Jar',
    ]);
    expect(overdueWater.totalRecords).toBe(2);

    expect(who((await list('search=Iyer')).customers)).toEqual(['Priya Iyer: 20 L Jar']);
    expect(who((await list('search=%2B91%2099887%2076655')).customers)).toEqual([
      'Rohan Mehta: 20 L Jar',
    ]);
    const familyId = people.aarav.id.replace(/-/g, '').slice(-10);
    const aarav = await list(`search=${familyId}`);
    expect(who(aarav.customers)).toEqual(['Aarav Sharma: 20 L Jar', 'Aarav Sharma: 10 L Cylinder']);
    expect(aarav.totalRecords).toBe(2);
    const sharmaOxygen = await list(`search=Sharma&serviceId=${fx.services.oxygen.id}`);
    expect(who(sharmaOxygen.customers)).toEqual(['Aarav Sharma: 10 L Cylinder']);
    // The total of a search counts the matched customers' balances apart from the page's rows.
    expect(sharmaOxygen.totalRecords).toBe(1);
    expect((await list('search=Sharma&minDays=41')).totalRecords).toBe(1);
    // Kavya returned her cylinders and has not had her jar yet: she holds nothing.
    expect(await list('search=Kavya')).toMatchObject({ customers: [], totalRecords: 0 });
  });

  it('pages with the total, and refuses what it cannot read', async () => {
    const all = await list();
    const page2 = await list('page=2&limit=3');
    expect(page2).toMatchObject({ totalRecords: 4, currentPage: 2, totalPages: 2 });
    expect(who(page2.customers)).toEqual([who(all.customers)[3]]);
    expect(await list('page=3&limit=3')).toMatchObject({ customers: [], totalRecords: 4 });

    for (const [query, message] of [
      ['page=1000001', 'Page must be between 1 and 1000000.'],
      ['page=0', 'Page number should be greater than or equal to 1'],
      ['limit=1001', 'Limit must be between 1 and 1000.'],
      ['minDays=soon', 'minDays must be a whole number of days from 0 to 3650.'],
      ['minDays=-1', 'minDays must be a whole number of days from 0 to 3650.'],
      ['minDays=3651', 'minDays must be a whole number of days from 0 to 3650.'],
      ['minDays=1.5', 'minDays must be a whole number of days from 0 to 3650.'],
      ['sortOrder=sideways', 'Sort order must be asc or desc.'],
      ['pincode=5600', 'Pin code must be 6 digits.'],
      [`search=${'x'.repeat(101)}`, 'Search must be at most 100 characters.'],
    ]) {
      const res = await api.returnable.get(`outstanding?${query}`);
      expect(res.json(), query).toEqual({ statusCode: 400, message });
      const exported = await api.returnable.get(`export-outstanding?${query}`);
      if (!/^(page|limit)=/.test(query)) {
        expect(exported.json(), `export ${query}`).toEqual({ statusCode: 400, message });
      }
    }
  });

  it('exports the list with its filters as CSV', async () => {
    const res = await api.returnable.get(
      `export-outstanding?serviceId=${fx.services.water.id}&sortOrder=desc`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="outstanding-returnables-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Family ID,Customer,Phone,Pin code,Service,Item,Issued,Returned,Outstanding,Deposit held,' +
        'Out since (IST),Days outstanding',
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(
      rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[11]]),
    ).toEqual([
      [
        people.priya.id,
        'Priya Iyer',
        '9123456780',
        '560034',
        fx.services.water.name,
        '20 L Jar',
        '4',
        '2',
        '2',
        '300.00',
        '5',
      ],
      [
        people.rohan.id,
        'Rohan Mehta',
        '9988776655',
        '110001',
        fx.services.water.name,
        '20 L Jar',
        '4',
        '0',
        '4',
        '600.00',
        '40',
      ],
      [
        people.aarav.id,
        'Aarav Sharma',
        '9876543210',
        '560001',
        fx.services.water.name,
        '20 L Jar',
        '3',
        '0',
        '3',
        '450.00',
        '100',
      ],
    ]);
    expect(rows[0]![10]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const none = await api.returnable.get('export-outstanding?search=Kavya');
    expect(none.body.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
  });

  it("reads an export batch after batch in the list's order (its keyset)", async () => {
    const repo = createReturnableRepository(s.db);
    for (const order of ['asc', 'desc'] as const) {
      const all = await list(`limit=1000&sortOrder=${order}`);
      for (const size of [1, 3]) {
        const read: string[] = [];
        const batches = repo.exportRows({ order, now: new Date() }, size);
        for await (const batch of batches) {
          expect(batch.length).toBeLessThanOrEqual(size);
          read.push(...batch.map((r) => `${r.balance.customerId}/${r.balance.itemId}`));
        }
        expect(read, `${order} by ${size}`).toEqual(
          all.customers.map((r) => `${r.userId}/${r.productId}`),
        );
      }
    }
  });

  it('sums jars and cylinders out, the deposits and the overdue for the dashboard', async () => {
    const summary = async () => {
      const res = await api.returnable.get('summary');
      expect(res.statusCode).toBe(200);
      return res.json().result;
    };
    // Without business details: overdue after 30 days (Aarav's 3 jars, Rohan's 4).
    expect(await summary()).toEqual({
      jarsOut: 9,
      cylindersOut: 1,
      overdueUnits: 7,
      overdueCustomers: 2,
      overdueDays: 30,
      depositHeld: 9 * WATER_DEPOSIT + OXYGEN_DEPOSIT,
    });
    const business = {
      id: 'default',
      legalName: 'Jalseva Services Private Limited',
      gstin: '29ABCDE1234F1Z5',
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      stateCode: '29',
      pincode: '560001',
      invoicePrefix: 'JS',
      overdueDays: 45,
    };
    await s.db.insert(businessSettingsTable).values(business);
    expect(await summary()).toMatchObject({
      overdueUnits: 3,
      overdueCustomers: 1,
      overdueDays: 45,
    });
    await s.db.update(businessSettingsTable).set({ overdueDays: 10 });
    // Aarav's jars and cylinder count once as a customer.
    expect(await summary()).toMatchObject({
      overdueUnits: 8,
      overdueCustomers: 2,
      overdueDays: 10,
    });
  });
});
