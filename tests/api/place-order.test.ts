import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessoriesTable,
  auditLogTable,
  customerAddressesTable,
  customersTable,
  deliveryChargesTable,
  orderStatusHistoryTable,
  pincodesTable,
  productsTable,
} from '@server/db/schema';
import { deniedMessage } from '@server/permissions';
import { apiClient, createTestServer, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';

/**
 * order/place-order (issue 15.6, addition): an order taken by phone, priced on the server from
 * the catalogue and the delivery settings, placed with its history and answered in the orders
 * lists' shape; every refusal a 4xx an operator can act on.
 */
let s: TestServer;
let f: OrderFixtures;
const api = apiClient(() => s, 'order');

/** 30 standard, 80 emergency, GST 18 %. */
const CHARGES = { standardCharge: '30.00', emergencyCharge: '80.00', gst: '18.00' };

beforeAll(async () => {
  s = await createTestServer();
  f = await createOrderFixtures(s.db);
  await s.db.insert(deliveryChargesTable).values({ id: 'default', ...CHARGES });
  // The fixture customers' pin codes are service areas, except Kavya's (400050).
  await s.db
    .insert(pincodesTable)
    .values(['560001', '560034', '110001'].map((number) => ({ number })));
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

describe('order/place-order', () => {
  it('prices the order on the server, places it Pending and answers it in the list shape', async () => {
    const res = await api.post(
      'place-order',
      waterOrder({
        returnQuantity: 2,
        deliveryTime: '7:00 AM - 9:00 AM',
        specialInstruction: 'Call before delivery.',
        accessories: [{ accessoryId: f.tap.id, quantity: 1 }],
      }),
    );
    expect(res.statusCode).toBe(201);
    const { message, result } = res.json();
    const order = result.order;
    expect(message).toBe(`Order ${order.orderId} placed.`);
    expect(order.orderId).toMatch(/^OD\d{6}[0-9A-Z]{6}$/);
    // 2 x 90 + 1 tap x 60 = 240; delivery 30; GST 18 % of 270 = 48.60.
    expect(order).toMatchObject({
      status: 'Pending',
      orderType: 'fresh',
      quantity: 2,
      returnQuantity: 2,
      price: 90,
      amount: 240,
      deliveryCharge: 30,
      emergencyCharge: 0,
      gst: 48.6,
      totalAmount: 318.6,
      paymentMethod: 'Cash on Delivery',
      isEmergency: false,
      deliveryTime: '7:00 AM - 9:00 AM',
      specialInstruction: 'Call before delivery.',
      pincode: '560001',
      address: aarav().address,
      service: { _id: f.services.water.id, name: f.services.water.name, kind: 'water' },
      product: { _id: f.products.water.id, name: f.products.water.name },
      user: { _id: aarav().id, name: 'Aarav Sharma' },
    });

    // The order screen shows it with its tap and a first step naming the admin who took it.
    const shown = (await api.get(`get-order/${order._id}`)).json().result.order;
    expect(shown.accessories).toMatchObject([
      { detail: { _id: f.tap.id, name: 'Tap' }, quantity: 1, amount: 60 },
    ]);
    expect(shown.statusHistory).toHaveLength(1);
    expect(shown.statusHistory[0]).toMatchObject({
      fromStatus: null,
      toStatus: 'Pending',
      by: { name: 'Super Admin' },
    });
    const [step] = await s.db
      .select()
      .from(orderStatusHistoryTable)
      .where(eq(orderStatusHistoryTable.orderId, order._id));
    expect(step!.note).toBe('Taken by phone');

    // It heads the orders list, and the audit log records who placed it.
    const list = (await api.get('view-all-orders?limit=1')).json().result.orders;
    expect(list[0]._id).toBe(order._id);
    const audit = await s.db
      .select()
      .from(auditLogTable)
      .where(eq(auditLogTable.recordId, order._id));
    expect(audit).toMatchObject([{ resource: 'order', action: 'place-order', statusCode: 201 }]);
  });

  it('is a reorder once the customer has ordered the service before', async () => {
    const res = await api.post('place-order', waterOrder({ quantity: 1 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().result.order).toMatchObject({ orderType: 'reorder', amount: 90 });
  });

  it('charges an emergency and promises it within 2 hours unless a slot is given', async () => {
    const priya = f.customers[1]!;
    const res = await api.post('place-order', {
      customerId: priya.id,
      addressId: priya.addressId,
      productId: f.products.oxygen.id,
      quantity: 1,
      isEmergency: true,
      paymentMethod: 'Online',
    });
    expect(res.statusCode).toBe(201);
    // 650 + 30 + 80 = 760; GST 136.80.
    expect(res.json().result.order).toMatchObject({
      isEmergency: true,
      deliveryTime: 'Within 2 hours',
      amount: 650,
      deliveryCharge: 30,
      emergencyCharge: 80,
      gst: 136.8,
      totalAmount: 896.8,
      pincode: '560034',
      service: { name: f.services.oxygen.name },
    });
  });

  it('sells at the discounted price when the product has one', async () => {
    const [discounted] = await s.db
      .insert(productsTable)
      .values({
        categoryId: f.services.water.id,
        name: `Mineral Jar ${Date.now()}`,
        title: 'Mineral Jar',
        description: 'Mineral Jar',
        image: '/uploads/test.png',
        price: '120.00',
        discountPrice: '99.50',
      })
      .returning();
    const res = await api.post(
      'place-order',
      waterOrder({ productId: discounted!.id, quantity: 2 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().result.order).toMatchObject({ price: 99.5, amount: 199 });
  });

  it('answers 404 for a customer, address, product or accessory that does not exist', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ customerId: 'no-such-customer' }, 'This customer does not exist.'],
      [{ addressId: 'no-such-address' }, 'This address does not exist.'],
      [{ productId: 'no-such-product' }, 'This product does not exist.'],
      [
        { accessories: [{ accessoryId: 'no-such-tap', quantity: 1 }] },
        'The accessory no-such-tap does not exist.',
      ],
    ];
    for (const [change, message] of cases) {
      const res = await api.post('place-order', waterOrder(change));
      expect({ status: res.statusCode, message: res.json().message }).toEqual({
        status: 404,
        message,
      });
    }
  });

  it('refuses a blocked customer, an inactive product or service with 409', async () => {
    const kavya = f.customers[3]!;
    await s.db
      .update(customersTable)
      .set({ status: 'Blocked' })
      .where(eq(customersTable.id, kavya.id));
    const blocked = await api.post(
      'place-order',
      waterOrder({ customerId: kavya.id, addressId: kavya.addressId }),
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      'This customer is blocked. Unblock them under Customers before placing an order.',
    );

    const [old] = await s.db
      .insert(productsTable)
      .values({
        categoryId: f.services.water.id,
        name: 'Old Jar',
        title: 'Old Jar',
        description: 'Old Jar',
        image: '/uploads/test.png',
        price: '50.00',
        discountPrice: '50.00',
        status: 'Inactive',
      })
      .returning();
    const inactive = await api.post('place-order', waterOrder({ productId: old!.id }));
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(
      'Old Jar is inactive. Make it active or choose another product.',
    );
  });

  it('refuses with 400 what an operator must correct', async () => {
    const priya = f.customers[1]!;
    const rohan = f.customers[2]!;
    const [lakeside] = await s.db
      .insert(customerAddressesTable)
      .values({
        customerId: rohan.id,
        fullAddress: '5 Lake View',
        city: 'Delhi',
        state: 'Delhi',
        pincode: '110099',
      })
      .returning();
    await s.db.insert(pincodesTable).values({ number: '110002', status: 'Inactive' });
    const [quiet] = await s.db
      .insert(customerAddressesTable)
      .values({
        customerId: rohan.id,
        fullAddress: '8 Daryaganj',
        city: 'Delhi',
        state: 'Delhi',
        pincode: '110002',
      })
      .returning();
    const [mask] = await s.db
      .insert(accessoriesTable)
      .values({
        categoryId: f.services.oxygen.id,
        name: 'Mask',
        type: 'mask',
        material: 'silicone',
        imageUrl: '/uploads/test.png',
        price: '150.00',
        discountPrice: '150.00',
      })
      .returning();

    const cases: [Record<string, unknown>, string][] = [
      [
        { addressId: priya.addressId },
        "This address is not one of the customer's. Choose one of their addresses.",
      ],
      [
        { customerId: rohan.id, addressId: lakeside!.id },
        'Pin code 110099 is not a service area. Add it under Pin Codes first.',
      ],
      [
        { customerId: rohan.id, addressId: quiet!.id },
        'Pin code 110002 is inactive. Make it active under Pin Codes first.',
      ],
      [{ quantity: 0 }, 'Quantity must be from 1 to 100.'],
      [{ quantity: 101 }, 'Quantity must be from 1 to 100.'],
      [{ quantity: 1.5 }, 'Quantity must be a whole number.'],
      [{ quantity: undefined }, 'Quantity is required.'],
      [{ returnQuantity: -1 }, 'Return quantity must be from 0 to 100.'],
      [
        { paymentMethod: 'Cheque' },
        'Payment method must be one of: Cash on Delivery, Online, Wallet.',
      ],
      [{ customerId: '' }, 'Customer id is required.'],
      [{ isEmergency: 'yes' }, 'isEmergency must be true or false.'],
      [
        { accessories: [{ accessoryId: mask!.id, quantity: 1 }] },
        `Mask is not an accessory of ${f.services.water.name}.`,
      ],
      [
        {
          accessories: [
            { accessoryId: f.tap.id, quantity: 1 },
            { accessoryId: f.tap.id, quantity: 2 },
          ],
        },
        'Tap is listed twice. List each accessory once, with its quantity.',
      ],
      [
        { accessories: [{ accessoryId: f.tap.id, quantity: 0 }] },
        'Accessory quantity must be from 1 to 100.',
      ],
      [
        { accessories: Array.from({ length: 21 }, () => ({ accessoryId: f.tap.id, quantity: 1 })) },
        'At most 20 accessories per order.',
      ],
      [
        { specialInstruction: 'x'.repeat(501) },
        'Special instruction must be at most 500 characters.',
      ],
    ];
    for (const [change, message] of cases) {
      const res = await api.post('place-order', waterOrder(change));
      expect({ change, status: res.statusCode, message: res.json().message }).toEqual({
        change,
        status: 400,
        message,
      });
    }
  });

  it('needs a session and the Orders permission', async () => {
    expect((await api.post('place-order', waterOrder(), null)).statusCode).toBe(401);
    const jobs = await s.createAdmin({ permissions: { assigningJobs: true } });
    const refused = await api.post('place-order', waterOrder(), jobs.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(deniedMessage('orders'));
    const clerk = await s.createAdmin({ name: 'Phone Clerk', permissions: { orders: true } });
    const taken = await api.post('place-order', waterOrder(), clerk.token);
    expect(taken.statusCode).toBe(201);
    const shown = (await api.get(`get-order/${taken.json().result.order._id}`)).json().result.order;
    expect(shown.statusHistory[0].by).toEqual({ _id: clerk.id, name: 'Phone Clerk' });
  });
});
