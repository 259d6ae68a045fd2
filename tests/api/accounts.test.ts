import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountDuesTable,
  accountEntriesTable,
  customersTable,
  deliveryChargesTable,
  ordersTable,
  returnableEntriesTable,
  subscriptionsTable,
} from '@server/db/schema';
import { makeDeliveryDay } from '@server/modules/roster/makeDay';
import { addDays, indiaDay } from '@shared/time';
import { apiClient, createTestServer, type TestAdmin, type TestServer } from './helpers';
import { createOrderFixtures, type FixtureCustomer, type OrderFixtures } from './orderFixtures';
import { ensurePincodes } from './riderFixtures';
import { subscribe } from './rosterFixtures';

/**
 * account/... ledger calls (issue 36): a customer's balance is the sum of its entries, each
 * stamped with the balance after it; payments, refunds, deposits and adjustments as an admin
 * records them; orders paid from the account charged as they are delivered; dues paid oldest
 * first; bad input changing nothing; the roster leaving out a day the balance cannot pay.
 */
let s: TestServer;
let f: OrderFixtures;
let userAdmin: TestAdmin;
let returnsAdmin: TestAdmin;
const account = apiClient(() => s, 'account');
const order = apiClient(() => s, 'order');

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  await s.db
    .insert(deliveryChargesTable)
    .values({ id: 'default', standardCharge: '30.00', emergencyCharge: '80.00', gst: '18.00' });
  await ensurePincodes(s.db, ['560001', '560034', '110001', '400050']);
  userAdmin = await s.createAdmin({ permissions: { userManagement: true } });
  returnsAdmin = await s.createAdmin({ permissions: { return: true } });
}, 60_000);
afterAll(() => s.close());

/** A fresh customer of its own (each test's balance starts at 0). */
async function newCustomer(): Promise<FixtureCustomer> {
  const more = await createOrderFixtures(s.db);
  return more.customers[0]!;
}

async function getAccount(userId: string, query = '') {
  const res = await account.get(`get-account/${userId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

/** The balance kept on the customer, in paise, beside the sum and the chain of its entries. */
async function books(userId: string) {
  const [c] = await s.db
    .select({ wallet: customersTable.wallet })
    .from(customersTable)
    .where(eq(customersTable.id, userId));
  const entries = await s.db
    .select()
    .from(accountEntriesTable)
    .where(eq(accountEntriesTable.customerId, userId))
    .orderBy(accountEntriesTable.id);
  let running = 0;
  for (const e of entries) {
    running += e.amount;
    expect(e.balanceAfter).toBe(running);
  }
  return { wallet: Math.round(Number(c!.wallet) * 100), sum: running, n: entries.length };
}

async function expectBooksAddUp(userId: string) {
  const b = await books(userId);
  expect(b.wallet).toBe(b.sum);
  return b;
}

const pay = (userId: string, amount: number, method = 'UPI', reference?: string) =>
  account.post('record-payment', { userId, amount, method, reference });

describe('account/record-payment and get-account', () => {
  it('tops up a prepaid account, pays a postpaid one, and answers the entry and balance', async () => {
    const c = await newCustomer();
    const res = await pay(c.id, 500, 'UPI', '4123 5567 1001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Payment recorded',
      result: {
        balance: 500,
        entry: {
          kind: 'topup',
          kindLabel: 'Top-up',
          amount: 500,
          balanceAfter: 500,
          method: 'UPI',
          reference: '4123 5567 1001',
          adminName: 'Super Admin',
        },
      },
    });
    expect((await pay(c.id, 120.5, 'Cash')).statusCode).toBe(200);

    const mode = await account.post('set-billing-mode', {
      userId: c.id,
      billingMode: 'postpaid',
      pauseWhenLow: false,
    });
    expect(mode.json().result).toEqual({
      userId: c.id,
      billingMode: 'postpaid',
      pauseWhenLow: false,
    });
    const paid = await pay(c.id, 79.5, 'Bank transfer', 'UTR-HDFC-0001');
    expect(paid.json().result.entry.kind).toBe('payment');

    const a = await getAccount(c.id, '?page=1&limit=2');
    expect(a).toMatchObject({
      userId: c.id,
      name: `${c.firstName} ${c.lastName}`,
      balance: 700,
      billingMode: 'postpaid',
      pauseWhenLow: false,
      owed: 0,
      owedSince: null,
      depositHeld: 0,
      depositRefundable: 0,
      totalRecords: 3,
      currentPage: 1,
      totalPages: 2,
      limit: 2,
    });
    expect(a.entries.map((e: { amount: number }) => e.amount)).toEqual([79.5, 120.5]);
    const page2 = await getAccount(c.id, '?page=2&limit=2');
    expect(page2.entries.map((e: { amount: number }) => e.amount)).toEqual([500]);
    await expectBooksAddUp(c.id);
  });

  it('refuses a reference used before, however it is spaced or cased, naming the entry (409)', async () => {
    const meera = await newCustomer();
    const other = await newCustomer();
    expect((await pay(meera.id, 500, 'UPI', '412355671234')).statusCode).toBe(200);
    const before = await books(other.id);
    for (const reference of ['412355671234', ' 4123 5567 1234 ', '4123-5567-1234']) {
      const res = await pay(other.id, 200, 'UPI', reference);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        new RegExp(
          `^UPI reference 412355671234 was already recorded on \\d{1,2} \\w{3} \\d{4} for ` +
            `${meera.firstName} ${meera.lastName} \\(₹500\\.00\\)\\.$`,
        ),
      );
    }
    expect((await pay(other.id, 200, 'Bank transfer', 'utr abc 1')).statusCode).toBe(200);
    expect((await pay(meera.id, 50, 'Cheque', 'UTRABC1')).statusCode).toBe(409);
    expect((await books(other.id)).n).toBe(before.n + 1);
  });

  it('keeps the balance equal to its entries with 20 payments at once, and one reference sent twice at once is taken once', async () => {
    const c = await newCustomer();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pay(c.id, 10 + i, 'UPI', `CONC${c.id}${i}`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const b = await expectBooksAddUp(c.id);
    expect(b.n).toBe(20);
    expect(b.sum).toBe((20 * 10 + 190) * 100);
    const twice = await Promise.all([
      pay(c.id, 5, 'UPI', `TWICE${c.id}`),
      pay(c.id, 5, 'UPI', `twice ${c.id}`),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await expectBooksAddUp(c.id)).n).toBe(21);
  });
});

describe('refund, deposits, adjust', () => {
  it('pays a refund out of the balance, never more than it', async () => {
    const c = await newCustomer();
    await pay(c.id, 120, 'Cash');
    const tooMuch = await account.post('refund', {
      userId: c.id,
      amount: 150,
      method: 'Cash',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('The refund is larger than the balance (₹120.00).');
    const res = await account.post('refund', {
      userId: c.id,
      amount: 20,
      method: 'UPI',
      reference: 'RFND-1',
      note: 'Left the area',
    });
    expect(res.json().result).toMatchObject({
      balance: 100,
      entry: { kind: 'refund', amount: -20, reason: 'Left the area', reference: 'RFND-1' },
    });
    await expectBooksAddUp(c.id);
  });

  it('charges a deposit, and refunds only the deposit that jars coming back released', async () => {
    const c = await newCustomer();
    const charged = await account.post('charge-deposit', {
      userId: c.id,
      amount: 300,
      reason: 'Two jars given',
    });
    expect(charged.json().result).toMatchObject({
      balance: -300,
      entry: { kind: 'deposit_taken', amount: -300 },
    });
    const none = await account.post('refund-deposit', { userId: c.id, amount: 100 });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^No deposit is refundable/);

    // Two jars went out with ₹300 of deposit; one came back, releasing ₹150 of it.
    const jar = {
      customerId: c.id,
      itemId: f.products.water.id,
      itemKind: 'product' as const,
      itemName: f.products.water.name,
      categoryId: f.services.water.id,
      pincode: c.address.pincode,
    };
    await s.db
      .insert(returnableEntriesTable)
      .values({ ...jar, kind: 'delivered', issued: 2, deposit: '300.00' });
    await s.db
      .insert(returnableEntriesTable)
      .values({ ...jar, kind: 'returned', returned: 1, deposit: '-150.00' });
    expect(await getAccount(c.id)).toMatchObject({ depositHeld: 150, depositRefundable: 150 });
    const over = await account.post('refund-deposit', { userId: c.id, amount: 150.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'The deposit refund is larger than the deposit refundable (₹150.00).',
    );
    const refunded = await account.post('refund-deposit', { userId: c.id, amount: 150 });
    expect(refunded.json().result).toMatchObject({
      balance: -150,
      entry: { kind: 'deposit_refunded', amount: 150 },
    });
    expect((await getAccount(c.id)).depositRefundable).toBe(0);
    await expectBooksAddUp(c.id);
  });

  it('adjusts either way with a reason', async () => {
    const c = await newCustomer();
    const up = await account.post('adjust', { userId: c.id, amount: 25.5, reason: 'Goodwill' });
    expect(up.json().result).toMatchObject({ balance: 25.5, entry: { kind: 'adjustment' } });
    const down = await account.post('adjust', {
      userId: c.id,
      amount: -5.5,
      reason: 'Typo in the top-up',
    });
    expect(down.json().result.balance).toBe(20);
    await expectBooksAddUp(c.id);
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const c = await newCustomer();
    await pay(c.id, 100, 'Cash');
    const before = await books(c.id);
    const refused: [string, object, number, string | RegExp][] = [
      ['record-payment', { amount: 0, method: 'Cash' }, 400, 'Amount must be more than 0.'],
      ['record-payment', { amount: -5, method: 'Cash' }, 400, 'Amount must be more than 0.'],
      [
        'record-payment',
        { amount: 10.005, method: 'Cash' },
        400,
        'Amount must be a number of rupees with at most two decimals.',
      ],
      ['record-payment', { amount: 10, method: 'UPI' }, 400, 'Enter the UPI reference.'],
      [
        'record-payment',
        { amount: 10, method: 'UPI', reference: '  ' },
        400,
        'Enter the UPI reference.',
      ],
      ['record-payment', { amount: 10, method: 'Bitcoin' }, 400, /^Method must be one of/],
      [
        'record-payment',
        { amount: 2_000_000, method: 'Cash' },
        400,
        'Amount must be at most ₹10,00,000.',
      ],
      [
        'refund',
        { amount: 100.01, method: 'Cash' },
        400,
        'The refund is larger than the balance (₹100.00).',
      ],
      ['refund-deposit', { amount: 1 }, 400, /^No deposit is refundable/],
      ['adjust', { amount: 10 }, 400, 'Reason is required.'],
      ['adjust', { amount: 10, reason: 'ok' }, 400, /^Reason must be at least 3 characters/],
      ['adjust', { amount: 0, reason: 'Nothing' }, 400, /^Amount must not be 0/],
      ['charge-deposit', { amount: 10 }, 400, 'Reason is required.'],
    ];
    for (const [call, body, status, message] of refused) {
      const res = await account.post(call, { userId: c.id, ...body });
      expect(res.statusCode, `${call} ${JSON.stringify(body)}`).toBe(status);
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
    }
    for (const call of ['record-payment', 'refund', 'adjust']) {
      const res = await account.post(call, {
        userId: 'no-such-customer',
        amount: 10,
        method: 'Cash',
        reason: 'Because',
      });
      expect(res.json()).toEqual({ statusCode: 404, message: 'This customer does not exist.' });
    }
    expect((await account.get('get-account/no-such-customer')).statusCode).toBe(404);
    expect((await account.get('export-ledger/no-such-customer')).statusCode).toBe(404);
    expect(
      (await account.post('set-billing-mode', { userId: c.id, billingMode: 'monthly' })).statusCode,
    ).toBe(400);
    expect(await books(c.id)).toEqual(before);
  });

  it('never lets an entry be changed or deleted', async () => {
    const c = await newCustomer();
    await pay(c.id, 10, 'Cash');
    await expect(
      s.db.execute(sql`UPDATE account_entries SET amount = 1 WHERE customer_id = ${c.id}`),
    ).rejects.toThrow();
    await expect(
      s.db.execute(sql`DELETE FROM account_entries WHERE customer_id = ${c.id}`),
    ).rejects.toThrow();
    expect((await books(c.id)).sum).toBe(1000);
  });

  it('keeps the balance to its entries: a wallet written directly is refused, one a customer is added with opens the account', async () => {
    const c = await newCustomer();
    await pay(c.id, 10, 'Cash');
    await expect(
      s.db.execute(sql`UPDATE customers SET wallet = 999 WHERE id = ${c.id}`),
    ).rejects.toThrow();
    expect(await books(c.id)).toMatchObject({ wallet: 1000, sum: 1000 });

    const [added] = await s.db
      .insert(customersTable)
      .values({
        firstName: 'Imported',
        lastName: 'Household',
        email: `imported-${Date.now()}@example.com`,
        phone: '9876501234',
        wallet: '250.75',
      })
      .returning({ id: customersTable.id });
    expect(await books(added!.id)).toMatchObject({ wallet: 25075, sum: 25075, n: 1 });
    expect((await getAccount(added!.id)).entries).toMatchObject([
      { kind: 'opening', amount: 250.75, balanceAfter: 250.75 },
    ]);
  });

  it('is for the orders group: user management may read, others are refused (403)', async () => {
    const c = await newCustomer();
    expect((await account.get(`get-account/${c.id}`, userAdmin.token)).statusCode).toBe(200);
    expect(
      (
        await account.post(
          'record-payment',
          { userId: c.id, amount: 5, method: 'Cash' },
          userAdmin.token,
        )
      ).statusCode,
    ).toBe(403);
    expect((await account.get(`get-account/${c.id}`, returnsAdmin.token)).statusCode).toBe(403);
    expect(
      (
        await account.post(
          'adjust',
          { userId: c.id, amount: 5, reason: 'Test' },
          returnsAdmin.token,
        )
      ).statusCode,
    ).toBe(403);
    expect((await books(c.id)).n).toBe(0);
  });

  it('exports the ledger as CSV, oldest first', async () => {
    const c = await newCustomer();
    await pay(c.id, 10, 'UPI', `CSV-${c.id}`);
    await account.post('adjust', { userId: c.id, amount: -2, reason: '=cmd' });
    const res = await account.get(`export-ledger/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date (IST),What,Method,Reference,Order,Reason,Amount,Balance after,By,Entry ID',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',Top-up,UPI,');
    expect(lines[2]).toContain(",Adjustment,,,,'=cmd,-2,8,Super Admin,");
  });
});

describe('orders paid from the account', () => {
  it('charges a Wallet order as it is delivered and reverses it when it leaves Delivered', async () => {
    const c = await newCustomer();
    await pay(c.id, 1000, 'Cash');
    const placed = await f.place({ kind: 'water', customer: c, paymentMethod: 'Wallet' });
    const total = Number(placed.totalAmount);
    const deliver = await order.post('update-status', { orderId: placed.id, status: 'Delivered' });
    expect(deliver.statusCode, deliver.body).toBe(200);
    let a = await getAccount(c.id);
    expect(a.balance).toBe(1000 - total);
    expect(a.entries[0]).toMatchObject({
      kind: 'order_charged',
      amount: -total,
      orderId: placed.id,
      orderNo: placed.orderId,
    });
    await order.post('update-status', {
      orderId: placed.id,
      status: 'Out for Delivery',
      reason: 'Delivered to the wrong flat',
    });
    a = await getAccount(c.id);
    expect(a.balance).toBe(1000);
    expect(a.entries[0]).toMatchObject({ kind: 'charge_reversed', amount: total });
    await expectBooksAddUp(c.id);
  });

  it('moves what is owed and since when oldest first as payments come in', async () => {
    const c = await newCustomer();
    await account.post('set-billing-mode', { userId: c.id, billingMode: 'postpaid' });
    await account.post('adjust', { userId: c.id, amount: -100, reason: 'October milk' });
    await account.post('adjust', { userId: c.id, amount: -50, reason: 'November milk' });
    let a = await getAccount(c.id);
    const [november, october] = a.entries;
    expect(a).toMatchObject({ owed: 150, owedSince: october.at, balance: -150 });
    const [due] = await s.db
      .select()
      .from(accountDuesTable)
      .where(eq(accountDuesTable.customerId, c.id));
    expect(due).toMatchObject({ owed: 15000, billingMode: 'postpaid' });

    await pay(c.id, 100, 'Cash');
    a = await getAccount(c.id);
    expect(a).toMatchObject({ owed: 50, owedSince: november.at });
    await pay(c.id, 60, 'Cash');
    a = await getAccount(c.id);
    expect(a).toMatchObject({ owed: 0, owedSince: null, balance: 10 });
    await expectBooksAddUp(c.id);
  });
});

describe('the roster and low balances', () => {
  const D = addDays(indiaDay(), 5);

  it('charges a delivered subscription day, and leaves out a day the balance cannot pay', async () => {
    const c = await newCustomer();
    await account.post('set-billing-mode', {
      userId: c.id,
      billingMode: 'prepaid',
      pauseWhenLow: true,
    });
    const subs = [
      await subscribe(s.db, f, { customer: c, startDate: D }),
      await subscribe(s.db, f, { customer: c, startDate: D }),
    ];
    await s.db
      .update(subscriptionsTable)
      .set({ paymentMethod: 'Wallet' })
      .where(eq(subscriptionsTable.customerId, c.id));

    // Nothing in the account: neither is made.
    const empty = await makeDeliveryDay(s.db, D, { trigger: 'clock' });
    expect(empty.skipped).toMatchObject({ balance: 2 });
    expect(empty.generated).toBe(0);

    // Plenty: both are made; then the day is charged as it is delivered.
    await pay(c.id, 10_000, 'Cash');
    const D1 = addDays(D, 1);
    const full = await makeDeliveryDay(s.db, D1, { trigger: 'clock' });
    expect(full.generated).toBe(2);
    const made = await s.db.select().from(ordersTable).where(eq(ordersTable.customerId, c.id));
    const cost = Math.round(Number(made[0]!.totalAmount) * 100);
    const res = await order.post('update-status', { orderId: made[0]!.id, status: 'Delivered' });
    expect(res.statusCode).toBe(200);
    expect((await getAccount(c.id)).entries[0]).toMatchObject({
      kind: 'subscription_day_charged',
      kindLabel: 'Subscription day charged',
      amount: -cost / 100,
    });

    // Enough for one more day's order but not two (counted together within the run).
    const { balance } = await getAccount(c.id);
    await account.post('adjust', {
      userId: c.id,
      amount: -(balance - cost / 100 - 1),
      reason: 'Leave one day',
    });
    const one = await makeDeliveryDay(s.db, addDays(D, 2), { trigger: 'clock' });
    expect(one.generated).toBe(1);
    expect(one.skipped).toMatchObject({ balance: 1 });
    expect(subs).toHaveLength(2);
    await expectBooksAddUp(c.id);
  });
});
