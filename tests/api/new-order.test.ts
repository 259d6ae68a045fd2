import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogTable,
  customerAddressesTable,
  customersTable,
  deliveryChargesTable,
  ordersTable,
  pincodesTable,
} from '@server/db/schema';
import { deniedMessage } from '@server/permissions';
import { apiClient, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';

/**
 * New order (issue 37): the calls behind the screen. order/price-preview prices place-order's
 * body with the same code and messages and writes nothing; user/add-user adds a caller with
 * their address; all-users' customer search can carry each customer's default address.
 */
let s: TestServer;
let f: OrderFixtures;
const order = apiClient(() => s, 'order');
const user = apiClient(() => s, 'user');

/** 30 standard, 80 emergency, GST 18 %. */
const CHARGES = { standardCharge: '30.00', emergencyCharge: '80.00', gst: '18.00' };

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  await s.db.insert(deliveryChargesTable).values({ id: 'default', ...CHARGES });
  await s.db
    .insert(pincodesTable)
    .values([
      { number: '560001' },
      { number: '560034' },
      { number: '560076', area: 'BTM Layout', city: 'Bengaluru' },
      { number: '560099', status: 'Inactive' },
    ]);
});
afterAll(() => s.close());

const aarav = () => f.customers[0]!;
const waterOrder = (extra: Record<string, unknown> = {}) => ({
  customerId: aarav().id,
  addressId: aarav().addressId,
  productId: f.products.water.id,
  quantity: 2,
  paymentMethod: 'Cash on Delivery',
  ...extra,
});
const ordersOf = (customerId: string) =>
  s.db.select().from(ordersTable).where(eq(ordersTable.customerId, customerId));

describe('order/price-preview', () => {
  it('answers the lines, charges, GST and total that placing the order then stores', async () => {
    const body = waterOrder({
      returnQuantity: 1,
      isEmergency: true,
      accessories: [{ accessoryId: f.tap.id, quantity: 1 }],
    });
    const res = await order.post('price-preview', body);
    expect(res.statusCode, res.body).toBe(200);
    // 2 x 90 + 1 tap x 60 = 240; delivery 30, emergency 80; GST 18 % of 350 = 63.
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Price preview',
      result: {
        preview: {
          lines: [
            {
              kind: 'product',
              _id: f.products.water.id,
              name: f.products.water.name,
              quantity: 2,
              unitPrice: 90,
              amount: 180,
            },
            {
              kind: 'accessory',
              _id: f.tap.id,
              name: 'Tap',
              quantity: 1,
              unitPrice: 60,
              amount: 60,
            },
          ],
          amount: 240,
          deliveryCharge: 30,
          emergencyCharge: 80,
          gst: 63,
          totalAmount: 413,
          orderType: 'fresh',
          deliveryTime: 'Within 2 hours',
          pincode: '560001',
        },
      },
    });
    // Nothing was written: no order, no audit row.
    expect(await ordersOf(aarav().id)).toHaveLength(0);
    expect(await s.db.select().from(auditLogTable)).toHaveLength(0);

    // Placing the same body stores exactly what the preview showed.
    const placed = await order.post('place-order', body);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().result.order).toMatchObject({
      amount: 240,
      deliveryCharge: 30,
      emergencyCharge: 80,
      gst: 63,
      totalAmount: 413,
    });
    const again = await order.post('price-preview', body);
    expect(again.json().result.preview.orderType).toBe('reorder');
  });

  it('refuses with the same status and message as placing would', async () => {
    const cases: Record<string, unknown>[] = [
      { customerId: 'no-such-customer' },
      { productId: 'no-such-product' },
      { addressId: f.customers[1]!.addressId },
      { quantity: 0 },
      { paymentMethod: 'Cheque' },
      {
        accessories: [
          { accessoryId: f.tap.id, quantity: 1 },
          { accessoryId: f.tap.id, quantity: 1 },
        ],
      },
      { customerId: f.customers[3]!.id, addressId: f.customers[3]!.addressId },
    ];
    for (const change of cases) {
      const preview = await order.post('price-preview', waterOrder(change));
      const placed = await order.post('place-order', waterOrder(change));
      expect(preview.statusCode, JSON.stringify(change)).toBeGreaterThanOrEqual(400);
      expect({ status: preview.statusCode, message: preview.json().message }).toEqual({
        status: placed.statusCode,
        message: placed.json().message,
      });
    }
    // Kavya's pin code (400050) is not a service area.
    const kavya = await order.post(
      'price-preview',
      waterOrder({ customerId: f.customers[3]!.id, addressId: f.customers[3]!.addressId }),
    );
    expect(kavya.json().message).toBe(
      'Pin code 400050 is not a service area. Add it under Pin Codes first.',
    );
  });

  it('needs the Orders permission', async () => {
    expect((await order.post('price-preview', waterOrder(), null)).statusCode).toBe(401);
    const users = await s.createAdmin({ permissions: { userManagement: true } });
    const refused = await order.post('price-preview', waterOrder(), users.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(deniedMessage('orders'));
  });
});

const newCaller = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Meera',
  lastName: 'Nair',
  phone: '+91 81234 56789',
  email: 'Meera.Nair@example.in',
  address: '7 16th Main, BTM 2nd Stage',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560076',
  ...extra,
});

describe('user/add-user', () => {
  it('adds the caller with a default address, ready to order for', async () => {
    const res = await user.post('add-user', newCaller());
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json();
    expect(added.message).toBe('User added successfully');
    expect(added.result.user).toMatchObject({
      firstName: 'Meera',
      lastName: 'Nair',
      phone: '8123456789',
      email: 'meera.nair@example.in',
      status: 'Active',
      wallet: 0,
      addresses: [
        {
          fullAddress: '7 16th Main, BTM 2nd Stage',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560076',
          isDefault: true,
        },
      ],
    });
    const { _id: customerId, addresses } = added.result.user;

    // The customer's view shows them; an order can be placed for them at once.
    const shown = (await user.get(`get-user/${customerId}`)).json().result.user;
    expect(shown.addresses).toHaveLength(1);
    const placed = await order.post(
      'place-order',
      waterOrder({ customerId, addressId: addresses[0]._id, quantity: 1 }),
    );
    expect(placed.statusCode).toBe(201);
    expect(placed.json().result.order.user).toMatchObject({ name: 'Meera Nair' });

    // The audit log records who added them.
    const audit = await s.db
      .select()
      .from(auditLogTable)
      .where(eq(auditLogTable.recordId, customerId));
    expect(audit).toMatchObject([{ resource: 'user', action: 'add-user', statusCode: 201 }]);
  });

  it('refuses a phone already used, naming its customer (409)', async () => {
    const res = await user.post(
      'add-user',
      newCaller({ phone: '98765-43210', email: 'another@example.in' }),
    );
    expect(res.statusCode).toBe(409);
    const familyId = aarav().id.replace(/-/g, '').slice(-10);
    expect(res.json().message).toBe(
      `Aarav Sharma (Family Id ${familyId}) already has the phone number 9876543210. Find them by their phone instead of adding them again.`,
    );
  });

  it('adds two callers without an e-mail', async () => {
    for (const phone of ['7012345678', '7012345679']) {
      const res = await user.post('add-user', newCaller({ phone, email: '' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().result.user.email).toBe('');
    }
  });

  it('refuses an e-mail already used (409) and adds nothing', async () => {
    const res = await user.post(
      'add-user',
      newCaller({ phone: '7111111111', email: aarav().email.toUpperCase() }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Another user already has this e-mail address.');
    const left = await s.db
      .select()
      .from(customersTable)
      .where(eq(customersTable.phone, '7111111111'));
    expect(left).toHaveLength(0);
  });

  it('refuses with 400 what the operator must correct, and adds nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: ' ' }, 'First name is required.'],
      [{ phone: '12345' }, 'Phone must be a 10-digit Indian mobile number (e.g. 9876543210).'],
      [{ phone: undefined }, 'Phone is required.'],
      [{ email: 'meera@' }, 'Email must be a valid e-mail address.'],
      [{ address: '' }, 'Address is required.'],
      [{ city: '' }, 'City is required.'],
      [{ state: 'Atlantis' }, 'State must be a state or union territory of India.'],
      [{ pincode: '56007' }, 'The pin code must be exactly 6 digits.'],
      [
        { pincode: '400050' },
        'Pin code 400050 is not a service area. Add it under Pin Codes first.',
      ],
      [{ pincode: '560099' }, 'Pin code 560099 is inactive. Make it active under Pin Codes first.'],
    ];
    for (const [change, message] of cases) {
      const res = await user.post('add-user', newCaller({ phone: '7222222222', ...change }));
      expect({ change, status: res.statusCode, message: res.json().message }).toEqual({
        change,
        status: 400,
        message,
      });
    }
    const addresses = await s.db
      .select()
      .from(customerAddressesTable)
      .where(eq(customerAddressesTable.fullAddress, '7 16th Main, BTM 2nd Stage'));
    expect(addresses).toHaveLength(3);
  });

  it('adds a caller once when two operators add them at the same moment', async () => {
    const both = await Promise.all(
      [1, 2].map(() => user.post('add-user', newCaller({ phone: '7333333333', email: '' }))),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('lets an Orders operator add a caller, and refuses an admin with neither group', async () => {
    expect((await user.post('add-user', newCaller(), null)).statusCode).toBe(401);
    const clerk = await s.createAdmin({ permissions: { orders: true } });
    const added = await user.post(
      'add-user',
      newCaller({ phone: '7444444444', email: '' }),
      clerk.token,
    );
    expect(added.statusCode, added.body).toBe(201);
    const found = await user.get('all-users?status=All&search=7444444444', clerk.token);
    expect(found.statusCode).toBe(200);
    expect(found.json().result.users.map((u: { phone: string }) => u.phone)).toEqual([
      '7444444444',
    ]);
    const stocker = await s.createAdmin({ permissions: { return: true } });
    const refused = await user.post('add-user', newCaller(), stocker.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(deniedMessage(['userManagement', 'orders']));
  });
});

describe("user/all-users' search for New order", () => {
  it("carries each customer's default address when asked for", async () => {
    await s.db.insert(customerAddressesTable).values({
      customerId: aarav().id,
      fullAddress: 'Office, 1 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
    });
    const res = await user.get('all-users?search=98765&withAddress=true&limit=10');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.users).toMatchObject([
      {
        _id: aarav().id,
        phone: '9876543210',
        defaultAddress: { _id: aarav().addressId, ...aarav().address, isDefault: true },
      },
    ]);
    // Without it the list answers as before.
    const plain = (await user.get('all-users?search=98765')).json().result.users;
    expect(plain[0]).not.toHaveProperty('defaultAddress');
  });
});
