/**
 * Dues, low balances, the accounts summary and the low-balance setting (issue 36): customers
 * with charges and payments entered with past dates (through SQL, as the ledger's trigger takes
 * them), then the lists, their ageing, filters, totals and CSV as an admin reads them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddressesTable, customersTable } from '@server/db/schema';
import { addDays, indiaDay } from '@shared/time';
import { apiClient, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';
import { createRider } from './riderFixtures';

let s: TestServer;
let f: OrderFixtures;
const api = apiClient(() => s, 'account');
const DAY_MS = 86_400_000;

interface Person {
  id: string;
  addressId: string;
  name: string;
  phone: string;
  pincode: string;
}
const people: Record<string, Person> = {};
/** Every entry the test made: [customer, paise, days ago, kind]. */
const made: { customer: string; amount: number; at: Date; kind: string }[] = [];

async function person(
  key: string,
  first: string,
  last: string,
  phone: string,
  pincode: string,
  billingMode: 'prepaid' | 'postpaid' = 'prepaid',
) {
  const [c] = await s.db
    .insert(customersTable)
    .values({
      firstName: first,
      lastName: last,
      email: `${key}.dues@example.in`,
      phone,
      billingMode,
    })
    .returning();
  const [a] = await s.db
    .insert(customerAddressesTable)
    .values({
      customerId: c!.id,
      fullAddress: `${key} street`,
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode,
      isDefault: true,
    })
    .returning();
  people[key] = { id: c!.id, addressId: a!.id, name: `${first} ${last}`, phone, pincode };
}

/** An entry `daysAgo` days back (rupees; negative: a charge). */
async function entry(key: string, rupees: number, daysAgo: number, kind?: string) {
  const at = new Date(Date.now() - daysAgo * DAY_MS);
  const amount = Math.round(rupees * 100);
  const k = kind ?? (amount < 0 ? 'order_charged' : 'payment');
  await s.db.execute(sql`
    insert into account_entries (customer_id, kind, amount, at)
    values (${people[key]!.id}, ${k}, ${amount}, ${at.toISOString()})`);
  made.push({ customer: key, amount, at, kind: k });
}

async function subscription(
  key: string,
  opts: {
    kind?: 'daily' | 'alternate' | 'weekdays';
    weekdays?: number[];
    quantity?: number;
    plan?: boolean;
    payment?: string;
    accessories?: { accessoryId: string; quantity: number }[];
  } = {},
) {
  const p = people[key]!;
  const kind = opts.kind ?? 'daily';
  const { rows } = await s.db.execute<{ id: string }>(sql`
    insert into subscriptions (id, customer_id, category_id, product_id, plan_id, accessories,
      quantity, schedule_kind, weekdays, interval_days, slot, address_id, pincode, start_date,
      payment_method, status)
    values (gen_random_uuid()::text, ${p.id},
      ${opts.plan ? f.services.tiffin.id : f.services.water.id},
      ${opts.plan ? null : f.products.water.id}, ${opts.plan ? f.plan.id : null},
      ${JSON.stringify(opts.accessories ?? [])}::jsonb, ${opts.quantity ?? 1}, ${kind},
      ${sql.param(opts.weekdays ?? [])}::int[], ${kind === 'alternate' ? 2 : 1},
      '7:00 AM - 9:00 AM', ${p.addressId}, ${p.pincode}, ${indiaDay()},
      ${opts.payment ?? 'Wallet'}, 'Active')
    returning id`);
  return rows[0]!.id;
}

const dailySpend = async (key: string) => {
  const { rows } = await s.db.execute<{ daily_spend: string }>(
    sql`select daily_spend from customers where id = ${people[key]!.id}`,
  );
  return Number(rows[0]!.daily_spend);
};

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  await s.db.execute(sql`
    insert into delivery_charges (id, standard_charge, emergency_charge, gst)
    values ('default', 10, 0, 0)
    on conflict (id) do update set standard_charge = 10`);

  // Owing customers, their entries in the order they happened.
  await person('asha', 'Asha', 'Kulkarni', '9811100001', '560001');
  await person('bala', 'Bala', 'Subramanian', '9811100002', '560034');
  await person('chitra', 'Chitra', 'Nair', '9811100003', '110001');
  await person('dev', 'Dev', 'Malhotra', '9811100004', '560001');
  await person('esha', 'Esha', 'Joshi', '9811100005', '400050', 'postpaid');
  await entry('asha', -500, 100);
  await entry('asha', -300, 45);
  await entry('asha', -200, 10);
  await entry('asha', 400, 5); // pays the oldest charge: ₹100 of it is still owed
  await entry('bala', -100, 70);
  await entry('bala', -50, 20);
  await entry('chitra', -20, 3);
  await entry('dev', 1000, 2, 'topup');
  await entry('dev', -300, 1);
  await entry('dev', -100, 0, 'refund');
  await entry('esha', -70, 35);

  // Prepaid customers paying subscriptions from their account (daily spend, low balance).
  await person('farah', 'Farah', 'Khan', '9822200001', '560001');
  await person('gopal', 'Gopal', 'Rao', '9822200002', '560034');
  await person('hema', 'Hema', 'Pillai', '9822200003', '560001');
  await person('indu', 'Indu', 'Menon', '9822200004', '560034');
  await person('jay', 'Jay', 'Shah', '9822200005', '560034');
  await person('kiran', 'Kiran', 'Das', '9822200006', '560034', 'postpaid');
  await entry('farah', 150, 1, 'topup');
  await entry('gopal', 500, 1, 'topup');
  await entry('indu', 2000, 1, 'topup');
  await subscription('farah');
  await subscription('gopal', { kind: 'alternate' });
  await subscription('hema', {
    kind: 'weekdays',
    weekdays: [1, 3, 5],
    quantity: 2,
    accessories: [{ accessoryId: f.tap.id, quantity: 1 }],
  });
  await subscription('indu', { plan: true });
  await subscription('jay', { payment: 'Cash on Delivery' });
  await subscription('kiran');
}, 60_000);

afterAll(() => s?.close());

const dues = async (query = '') => {
  const res = await api.get(`dues${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as {
    customers: {
      userId: string;
      name: string;
      owed: number;
      days: number;
      pincode: string;
      billingMode: string;
      buckets: Record<string, number>;
      lastPayment: { at: string; amount: number } | null;
    }[];
    totalRecords: number;
    totalPages: number;
    totals: { customers: number; owed: number; buckets: Record<string, number>; capped: boolean };
  };
};
const namesOf = (r: { customers: { name: string }[] }) => r.customers.map((c) => c.name);

describe('account/dues', () => {
  it('lists who owes, oldest unpaid charge first, with what they owe aged charge by charge', async () => {
    const r = await dues();
    expect(namesOf(r)).toEqual(['Asha Kulkarni', 'Bala Subramanian', 'Esha Joshi', 'Chitra Nair']);
    const [asha, bala, esha, chitra] = r.customers;
    // ₹1,000 charged, ₹400 paid against the oldest charge: ₹100 of it, then ₹300 and ₹200.
    expect(asha).toMatchObject({
      owed: 600,
      days: 100,
      pincode: '560001',
      billingMode: 'prepaid',
      buckets: { d0_30: 200, d31_60: 300, d61_90: 0, d90_plus: 100 },
      lastPayment: { amount: 400 },
    });
    expect(new Date(asha!.lastPayment!.at).getTime()).toBeCloseTo(Date.now() - 5 * DAY_MS, -6);
    expect(bala).toMatchObject({
      owed: 150,
      days: 70,
      buckets: { d0_30: 50, d31_60: 0, d61_90: 100, d90_plus: 0 },
      lastPayment: null,
    });
    expect(esha).toMatchObject({ owed: 70, days: 35, billingMode: 'postpaid' });
    expect(esha!.buckets).toEqual({ d0_30: 0, d31_60: 70, d61_90: 0, d90_plus: 0 });
    expect(chitra).toMatchObject({ owed: 20, days: 3, buckets: { d0_30: 20 } });
    // The totals: every customer owing, aged by their oldest unpaid charge.
    expect(r.totalRecords).toBe(4);
    expect(r.totals).toEqual({
      customers: 4,
      owed: 840,
      buckets: { d0_30: 20, d31_60: 70, d61_90: 150, d90_plus: 600 },
      capped: false,
    });
  });

  it('pages', async () => {
    const r = await dues('page=2&limit=3');
    expect(namesOf(r)).toEqual(['Chitra Nair']);
    expect(r).toMatchObject({ totalRecords: 4, currentPage: 2, totalPages: 2 });
  });

  it('filters by pin code, rider area, minimum days, billing mode and search, with their totals', async () => {
    expect(namesOf(await dues('pincode=560001'))).toEqual(['Asha Kulkarni']);
    const rider = await createRider(s, { pincodes: ['560034', '110001'] });
    const area = await dues(`riderId=${rider._id}`);
    expect(namesOf(area)).toEqual(['Bala Subramanian', 'Chitra Nair']);
    expect(area.totals).toMatchObject({ customers: 2, owed: 170 });
    expect(namesOf(await dues(`riderId=${rider._id}&pincode=110001`))).toEqual(['Chitra Nair']);
    expect(namesOf(await dues(`riderId=${rider._id}&pincode=560001`))).toEqual([]);

    const old = await dues('minDays=30');
    expect(namesOf(old)).toEqual(['Asha Kulkarni', 'Bala Subramanian', 'Esha Joshi']);
    expect(old.totals).toEqual({
      customers: 3,
      owed: 820,
      buckets: { d0_30: 0, d31_60: 70, d61_90: 150, d90_plus: 600 },
      capped: false,
    });
    expect(namesOf(await dues('minDays=70'))).toEqual(['Asha Kulkarni', 'Bala Subramanian']);
    expect(namesOf(await dues('minDays=71'))).toEqual(['Asha Kulkarni']);

    expect(namesOf(await dues('billingMode=postpaid'))).toEqual(['Esha Joshi']);
    expect((await dues('billingMode=prepaid')).totalRecords).toBe(3);
    expect(namesOf(await dues('search=Chitra'))).toEqual(['Chitra Nair']);
    expect(namesOf(await dues('search=9811100002'))).toEqual(['Bala Subramanian']);
    expect(namesOf(await dues('search=Dev'))).toEqual([]);
    const none = await dues('search=Nobody%20Here');
    expect(none).toMatchObject({
      customers: [],
      totalRecords: 0,
      totals: { customers: 0, owed: 0 },
    });
  });

  it('refuses bad input with a sentence, and an unknown rider', async () => {
    for (const [query, message] of [
      ['limit=0', 'Limit must be between 1 and 100.'],
      ['limit=101', 'Limit must be between 1 and 100.'],
      ['minDays=-1', 'Minimum days must be at least 0.'],
      ['minDays=abc', 'Minimum days must be a number.'],
      ['pincode=12', 'Pin code must be 6 digits.'],
      ['billingMode=weekly', 'Billing mode must be one of: prepaid, postpaid.'],
    ] as const) {
      const res = await api.get(`dues?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
    const res = await api.get('dues?riderId=no-such-rider');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This rider does not exist.');
  });

  it('is refused to admins without Orders Management', async () => {
    const admin = await s.createAdmin({ permissions: { settings: true } });
    expect((await api.get('dues', admin.token)).statusCode).toBe(403);
    expect((await api.get('export-dues', admin.token)).statusCode).toBe(403);
    expect((await api.get('low-balance', admin.token)).statusCode).toBe(403);
    expect((await api.get('summary', admin.token)).statusCode).toBe(403);
  });
});

describe('account/export-dues', () => {
  it('downloads the list with its filters as CSV', async () => {
    const res = await api.get('export-dues?billingMode=prepaid');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/dues-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Customer ID,Customer,Phone,Pin code,Billing,Owed (₹),Owed since (IST),Days,' +
        '0–30 days (₹),31–60 days (₹),61–90 days (₹),90+ days (₹),Last payment (IST),Last payment (₹)',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Asha Kulkarni,9811100001,560001,Prepaid,600.00,');
    expect(lines[1]).toContain(',100,200.00,300.00,0.00,100.00,');
    expect(lines[1]!.endsWith(',400.00')).toBe(true);
    expect(lines[3]).toContain('Chitra Nair');
  });

  it('answers only the header when nothing matches', async () => {
    const res = await api.get('export-dues?pincode=999999');
    expect(res.statusCode).toBe(200);
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

describe('customers.daily_spend (migration 0038)', () => {
  it('is what a day of the active subscriptions paid from the account costs, on average', async () => {
    // Water ₹90 + ₹10 delivery a day.
    expect(await dailySpend('farah')).toBe(10_000);
    // Every other day.
    expect(await dailySpend('gopal')).toBe(5_000);
    // Three days a week: 2 × ₹90 + a ₹60 tap + ₹10 delivery.
    expect(await dailySpend('hema')).toBe(Math.round((25_000 * 3) / 7));
    // A tiffin plan: ₹3,999 over 30 days.
    expect(await dailySpend('indu')).toBe(13_330);
    // Paid on delivery: nothing from the account.
    expect(await dailySpend('jay')).toBe(0);
  });

  it('follows the subscriptions and the product’s price', async () => {
    const id = await subscription('jay', { kind: 'alternate' });
    expect(await dailySpend('jay')).toBe(5_000);
    await s.db.execute(sql`update subscriptions set quantity = 3 where id = ${id}`);
    expect(await dailySpend('jay')).toBe(14_000);
    await s.db.execute(sql`update subscriptions set status = 'Paused' where id = ${id}`);
    expect(await dailySpend('jay')).toBe(0);
    await s.db.execute(sql`update subscriptions set status = 'Active' where id = ${id}`);
    await s.db.execute(
      sql`update products set price = '100.00', discount_price = '100.00' where id = ${f.products.water.id}`,
    );
    expect(await dailySpend('jay')).toBe(15_500); // (3 × ₹100 + ₹10) every other day
    await s.db.execute(
      sql`update products set price = '90.00', discount_price = '90.00' where id = ${f.products.water.id}`,
    );
    await s.db.execute(sql`delete from subscriptions where id = ${id}`);
    expect(await dailySpend('jay')).toBe(0);
  });
});

describe('account/low-balance and the setting', () => {
  const lowBalance = async (query = '') => {
    const res = await api.get(`low-balance${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as {
      customers: { name: string; balance: number; dailySpend: number; daysCovered: number }[];
      totalRecords: number;
      lowBalanceDays: number;
    };
  };

  it('lists prepaid customers whose balance lasts fewer days than the setting, lowest first', async () => {
    const r = await lowBalance();
    expect(r.lowBalanceDays).toBe(3);
    expect(r.customers).toEqual([
      expect.objectContaining({
        name: 'Hema Pillai',
        phone: '9822200003',
        balance: 0,
        dailySpend: 107.14,
        daysCovered: 0,
      }),
      expect.objectContaining({
        name: 'Farah Khan',
        balance: 150,
        dailySpend: 100,
        daysCovered: 1.5,
      }),
    ]);
    expect(r.totalRecords).toBe(2);
    expect((await lowBalance('pincode=560034')).customers).toEqual([]);
    expect((await lowBalance('search=Farah')).customers.map((c) => c.name)).toEqual(['Farah Khan']);
  });

  it('reads and saves the number of days', async () => {
    const got = await api.get('get-settings');
    expect(got.json().result).toEqual({ settings: { lowBalanceDays: 3 } });
    const saved = await api.post('update-settings', { lowBalanceDays: 11 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toEqual({ settings: { lowBalanceDays: 11 } });
    const r = await lowBalance();
    expect(r.customers.map((c) => [c.name, c.daysCovered])).toEqual([
      ['Hema Pillai', 0],
      ['Farah Khan', 1.5],
      ['Gopal Rao', 10],
    ]);
    expect((await lowBalance('pincode=560034')).customers.map((c) => c.name)).toEqual([
      'Gopal Rao',
    ]);
    expect((await lowBalance('page=2&limit=2')).customers.map((c) => c.name)).toEqual([
      'Gopal Rao',
    ]);
    await api.post('update-settings', { lowBalanceDays: 3 });
  });

  it('refuses days outside 1..60, and the update to admins without Settings', async () => {
    for (const days of [0, 61, 2.5, 'many']) {
      const res = await api.post('update-settings', { lowBalanceDays: days });
      expect(res.statusCode, String(days)).toBe(400);
    }
    expect((await api.post('update-settings', {})).json().message).toContain('Low balance days');
    expect((await api.get('get-settings')).json().result.settings.lowBalanceDays).toBe(3);
    const orders = await s.createAdmin({ permissions: { orders: true } });
    expect((await api.get('get-settings', orders.token)).statusCode).toBe(200);
    expect(
      (await api.post('update-settings', { lowBalanceDays: 5 }, orders.token)).statusCode,
    ).toBe(403);
    const settings = await s.createAdmin({ permissions: { settings: true } });
    expect((await api.get('get-settings', settings.token)).statusCode).toBe(200);
    expect(
      (await api.post('update-settings', { lowBalanceDays: 4 }, settings.token)).statusCode,
    ).toBe(200);
    await api.post('update-settings', { lowBalanceDays: 3 });
  });

  it('refuses a bad page size', async () => {
    expect((await api.get('low-balance?limit=0')).statusCode).toBe(400);
  });
});

describe('account/summary', () => {
  it("answers this month's billing and collections, the dues and the low balances", async () => {
    const month = indiaDay().slice(0, 7);
    const inMonth = made.filter((e) => indiaDay(e.at).slice(0, 7) === month);
    const sum = (kinds: string[]) =>
      inMonth.filter((e) => kinds.includes(e.kind)).reduce((t, e) => t + e.amount, 0) / 100;
    const res = await api.get('summary');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({
      month,
      charged: -sum(['order_charged']),
      collected: sum(['payment', 'topup']),
      refunded: -sum(['refund']),
      dues: {
        customers: 4,
        owed: 840,
        buckets: { d0_30: 20, d31_60: 70, d61_90: 150, d90_plus: 600 },
        capped: false,
      },
      lowBalance: { customers: 2, lowBalanceDays: 3 },
    });
    // The top-ups of yesterday and today are this month's unless today is the 1st.
    if (addDays(indiaDay(), -2).slice(0, 7) === month) {
      expect(res.json().result.collected).toBeGreaterThanOrEqual(1000 + 150 + 500 + 2000);
    }
  });
});
