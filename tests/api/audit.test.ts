import { desc, eq, gt, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogTable,
  ordersTable,
  productsTable,
  returnableEntriesTable,
} from '@server/db/schema';
import { addDays, indiaDay } from '@shared/time';
import { createDeliverySettingsRepository } from '@server/modules/deliverySettings/repository';
import { requestReturn } from '@server/modules/returns/requestReturn';
import { openTicket } from '@server/modules/supports/openTicket';
import { bearer, createTestServer, multipart, pngPart, type TestServer } from './helpers';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';
import { createRider, ensurePincodes, freshPhone } from './riderFixtures';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const latest = async () =>
  (await server.db.select().from(auditLogTable).orderBy(desc(auditLogTable.id)).limit(1))[0];

describe('audit trail', () => {
  it('records a successful write with who, what and which record', async () => {
    const png = await server.tinyPng();
    const form = multipart({
      name: 'Milk',
      title: 'Fresh milk',
      description: 'Morning milk packets',
      image: { filename: 'milk.png', data: png, contentType: 'image/png' },
    });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/category/create-category',
      headers: { ...bearer(server.superToken), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    const row = await latest();
    expect(row).toMatchObject({
      adminEmail: 'admin@example.com',
      resource: 'category',
      action: 'create-category',
      recordId: res.json().result.category._id,
      method: 'POST',
      statusCode: 200,
    });
  });

  it('records nothing for a refused write or a read', async () => {
    const before = await latest();
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/category/edit-category',
      headers: bearer(server.superToken),
      payload: { categoryId: 'nope', title: 'x', description: 'y' },
    });
    expect(refused.statusCode).toBe(404);
    await server.app.inject({
      method: 'GET',
      url: '/api/category/view-all-categories',
      headers: bearer(server.superToken),
    });
    expect((await latest())?.id).toBe(before?.id);
  });
});

describe('audit trail in words (issue 37)', () => {
  let f: OrderFixtures;
  beforeAll(async () => {
    f = await createOrderFixtures(server.db);
  });
  const post = (url: string, payload: object) =>
    server.app.inject({ method: 'POST', url, headers: bearer(server.superToken), payload });
  const entries = async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?page=1&limit=5',
      headers: bearer(server.superToken),
    });
    expect(res.statusCode).toBe(200);
    return res.json().result.entries as {
      summary: string;
      changes: { field: string; from: string; to: string }[] | null;
      resource: string;
      recordId: string;
    }[];
  };

  it('says which price changed, from what to what, in rupees', async () => {
    const id = f.products.water.id;
    const product = (
      await server.app.inject({
        method: 'GET',
        url: `/api/product/get-product/${id}`,
        headers: bearer(server.superToken),
      })
    ).json().result.product;
    const res = await post('/api/product/edit-product', {
      productId: id,
      name: product.name,
      title: product.title,
      description: product.description,
      price: 1095,
      discountPrice: Number(product.discountPrice),
      stockQuantity: Number(product.stockQuantity),
      quantity: product.quantity ?? undefined,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entries();
    expect(entry).toMatchObject({
      summary: `Changed the price of ${product.name} from ${rupeesOf(product.price)} to ₹1,095`,
      changes: [{ field: 'Price', from: rupeesOf(product.price), to: '₹1,095' }],
      resource: 'product',
      recordId: id,
    });
  });

  it('tells blocking from unblocking, each with the status before and after', async () => {
    const c = f.customers[0]!;
    const name = `${c.firstName} ${c.lastName}`;
    await post('/api/user/update-user-status', { userId: c.id, status: 'Blocked' });
    expect((await entries())[0]).toMatchObject({
      summary: `Blocked customer ${name}`,
      changes: [{ field: 'Status', from: 'Active', to: 'Blocked' }],
    });
    await post('/api/user/update-user-status', { userId: c.id, status: 'Active' });
    expect((await entries())[0]).toMatchObject({
      summary: `Unblocked customer ${name}`,
      changes: [{ field: 'Status', from: 'Blocked', to: 'Active' }],
    });
  });

  it('words each record of a bulk call by its name', async () => {
    const [a, b] = [f.customers[1]!, f.customers[2]!];
    const res = await post('/api/user/bulk-update-status', {
      userIds: [a.id, b.id],
      status: 'Blocked',
    });
    expect(res.statusCode, res.body).toBe(200);
    const summaries = (await entries()).slice(0, 2).map((e) => e.summary);
    expect(summaries.sort()).toEqual(
      [
        `Blocked customer ${a.firstName} ${a.lastName}`,
        `Blocked customer ${b.firstName} ${b.lastName}`,
      ].sort(),
    );
  });

  it("says an order's status change with the order's number", async () => {
    const order = await f.place({ kind: 'water' });
    await post('/api/order/update-status', { orderId: order.id, status: 'Out for Delivery' });
    expect((await entries())[0]).toMatchObject({
      summary: `Marked order #${order.orderId} as Out for Delivery`,
      changes: [{ field: 'Status', from: 'Pending', to: 'Out for Delivery' }],
      resource: 'order',
      recordId: order.id,
    });
  });
});

/** ₹ with Indian grouping, no paise when whole (as the audit words show amounts). */
const rupeesOf = (value: string | number) => {
  const n = Number(value);
  return `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: Number.isInteger(n) ? 0 : 2 })}`;
};

/**
 * Every write route leaves its audit rows: one successful call of each POST the server
 * registers, as the panel makes it, and the rows it added. The audit plugin records a successful
 * POST by a signed-in admin (server/plugins/audit.ts); a bulk call opts out and writes one row
 * per record it changed, as the single call does (`auditEach`). The table is written by hand so
 * that a new write route fails here until it is added with its call.
 */
describe('audit trail of every write route', () => {
  const post = (url: string, payload?: object, token = server.superToken) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  const upload = async (url: string, fields: Record<string, string>) => {
    const form = multipart({ ...fields, image: pngPart(await server.tinyPng()) });
    return server.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(server.superToken), ...form.headers },
      payload: form.payload,
    });
  };
  /** A settlement file of one credit nobody's payment matches. */
  const importSettlement = (reference: string) => {
    const form = multipart({
      file: {
        filename: 'settlement.csv',
        contentType: 'text/csv',
        data: Buffer.from(`date,reference,amount,payer\n2026-11-20,${reference},250,\n`),
      },
    });
    return server.app.inject({
      method: 'POST',
      url: '/api/account/import-settlement',
      headers: { ...bearer(server.superToken), ...form.headers },
      payload: form.payload,
    });
  };
  /** Answers the result of a call that must have succeeded (a step before the call audited). */
  const resultOf = async (res: Promise<LightMyRequestResponse>) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.json().result;
  };
  let tag = 0;
  const fresh = () => `${Date.now() % 100_000}${(tag += 1)}`;

  let f: OrderFixtures;
  const today = () => indiaDay(new Date());

  beforeAll(async () => {
    f = await createOrderFixtures(server.db);
    await ensurePincodes(
      server.db,
      f.customers.map((c) => c.address.pincode),
    );
    // The jars and cylinders the ledger calls take.
    await server.db
      .update(productsTable)
      .set({ returnable: true, deposit: '150.00' })
      .where(inArray(productsTable.id, [f.products.water.id, f.products.oxygen.id]));
  });

  const newProduct = () =>
    upload('/api/product/create-product', {
      name: `Can ${fresh()}`,
      title: 'A can',
      description: 'A can of water',
      price: '90',
      discountPrice: '80',
      stockQuantity: '10',
      quantity: '20',
      categoryId: f.services.water.id,
    }).then((res) => resultOf(Promise.resolve(res)).then((r) => r.product._id as string));
  const newAccessory = () =>
    upload('/api/accessory/create', {
      name: `Tap ${fresh()}`,
      type: 'tap',
      material: 'plastic',
      price: '40',
      discountPrice: '35',
      stockQuantity: '10',
      categoryId: f.services.water.id,
    }).then((res) => resultOf(Promise.resolve(res)).then((r) => r.accessory._id as string));
  const newSubCategory = () =>
    upload('/api/subCategory/create-subCategory', {
      name: `Sub ${fresh()}`,
      title: 'A sub-category',
      description: 'Of laundry',
      categoryId: f.services.laundry.id,
    }).then((res) => resultOf(Promise.resolve(res)).then((r) => r.subCategory._id as string));
  const newBanner = () =>
    upload('/api/banner/create-banner', {
      title: `Banner ${fresh()}`,
      categoryId: f.services.water.id,
    }).then((res) => resultOf(Promise.resolve(res)).then((r) => r.banner._id as string));
  const newPincode = () =>
    resultOf(post('/api/pincode/add', { pinCode: `7${fresh()}`.slice(0, 6).padEnd(6, '1') })).then(
      (r) => r.pincode._id as string,
    );
  const newPlan = () =>
    resultOf(
      post('/api/plan/create-plan', { name: `Plan ${fresh()}`, duration: 30, price: 3000 }),
    ).then((r) => r.plan._id as string);
  const newRider = (pincodes = ['560001']) => createRider(server, { pincodes }).then((r) => r._id);
  const newOrders = async (n: number, kind: 'water' | 'laundry' = 'water') => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await f.place({ kind })).id);
    return ids;
  };
  /** The delivery times a subscription's slot is one of. */
  const subscriptionSlots = () =>
    createDeliverySettingsRepository(server.db).saveTime({
      pickupTime: ['8:00 AM - 11:00 AM'],
      deliveryTime: ['5:00 PM - 8:00 PM'],
      gapHours: 6,
    });
  /** A customer of their own (the status calls above block and unblock the shared ones). */
  let subscriber: OrderFixtures | undefined;
  const subscriptionBody = async () => ({
    userId: (subscriber ??= await createOrderFixtures(server.db)).customers[0]!.id,
    productId: f.products.water.id,
    quantity: 1,
    schedule: { kind: 'daily' },
    slot: '5:00 PM - 8:00 PM',
    startDate: today(),
    paymentMethod: 'Cash on Delivery',
  });
  const newSubscription = async () => {
    await subscriptionSlots();
    const result = await resultOf(post('/api/subscription/create', await subscriptionBody()));
    return result.subscription._id as string;
  };
  const newReturns = async (n: number) => {
    const ids: string[] = [];
    for (const orderId of await newOrders(n)) {
      ids.push((await requestReturn(server.db, { orderId, returnedQuantity: 1 })).id);
    }
    return ids;
  };

  interface Write {
    /** Makes what the call needs (its own audit rows do not count), then the call. */
    call: () => Promise<() => Promise<LightMyRequestResponse>>;
    /** A bulk call: the single route its rows are written as, and how many it wrote. */
    bulk?: { asRoute: string; records: (res: LightMyRequestResponse) => number };
  }

  const WRITES: Record<string, Write> = {
    'POST /api/admin/change-password': {
      call: async () => {
        const admin = await server.createAdmin();
        const password = 'Another-Password-2';
        return () =>
          post(
            '/api/admin/change-password',
            { oldPassword: admin.password, newPassword: password, confirmPassword: password },
            admin.token,
          );
      },
    },
    'POST /api/admin/logout': {
      call: async () => {
        const admin = await server.createAdmin();
        return () => post('/api/admin/logout', undefined, admin.token);
      },
    },
    'POST /api/admin/create-admin-user': {
      call: async () => () =>
        post('/api/admin/create-admin-user', {
          name: 'Neha Kapoor',
          email: `neha.${fresh()}@example.in`,
          phone: '9876501234',
          password: 'Neha-Password-1',
          permissions: { orders: true },
        }),
    },
    'POST /api/admin/edit-admin-user': {
      call: async () => {
        const admin = await server.createAdmin();
        return () =>
          post('/api/admin/edit-admin-user', {
            userId: admin.id,
            name: 'Renamed Admin',
            email: admin.email,
            phone: '9876501235',
            status: 'Active',
          });
      },
    },
    'POST /api/user/update-user-status': {
      call: async () => () =>
        post('/api/user/update-user-status', { userId: f.customers[0]!.id, status: 'Blocked' }),
    },
    'POST /api/user/bulk-update-status': {
      call: async () => () =>
        post('/api/user/bulk-update-status', {
          userIds: [f.customers[2]!.id, f.customers[3]!.id],
          status: 'Blocked',
        }),
      bulk: { asRoute: '/api/user/update-user-status', records: () => 2 },
    },
    'POST /api/user/update-user': {
      call: async () => {
        const c = f.customers[1]!;
        return () =>
          post('/api/user/update-user', {
            userId: c.id,
            email: c.email,
            firstName: c.firstName,
            lastName: `${c.lastName}-Verma`,
            phone: c.phone,
            status: 'Active',
          });
      },
    },
    'POST /api/user/add-note': {
      call: async () => () =>
        post('/api/user/add-note', { userId: f.customers[1]!.id, body: 'Call before coming.' }),
    },
    'POST /api/category/create-category': {
      call: async () => () =>
        upload('/api/category/create-category', {
          name: `Milk ${fresh()}`,
          title: 'Fresh milk',
          description: 'Morning milk packets',
        }),
    },
    'POST /api/category/edit-category': {
      call: async () => () =>
        post('/api/category/edit-category', {
          categoryId: f.services.laundry.id,
          title: 'Wash and iron',
          description: 'Clothes picked up and brought back',
        }),
    },
    'POST /api/subCategory/create-subCategory': {
      call: async () => () =>
        upload('/api/subCategory/create-subCategory', {
          name: `Sub ${fresh()}`,
          title: 'A sub-category',
          description: 'Of laundry',
          categoryId: f.services.laundry.id,
        }),
    },
    'POST /api/subCategory/edit-subCategory': {
      call: async () => {
        const subCategoryId = await newSubCategory();
        return () =>
          post('/api/subCategory/edit-subCategory', {
            subCategoryId,
            name: `Sub ${fresh()}`,
            title: 'Renamed',
            description: 'Of laundry',
          });
      },
    },
    'POST /api/subCategory/delete-subCategory': {
      call: async () => {
        const subCategoryId = await newSubCategory();
        return () => post('/api/subCategory/delete-subCategory', { subCategoryId });
      },
    },
    'POST /api/product/create-product': {
      call: async () => () =>
        upload('/api/product/create-product', {
          name: `Can ${fresh()}`,
          title: 'A can',
          description: 'A can of water',
          price: '90',
          discountPrice: '80',
          stockQuantity: '10',
          quantity: '20',
          categoryId: f.services.water.id,
        }),
    },
    'POST /api/product/edit-product': {
      call: async () => {
        const productId = await newProduct();
        return () =>
          post('/api/product/edit-product', {
            productId,
            name: `Can ${fresh()}`,
            title: 'A can',
            description: 'A can of water',
            price: 95,
            discountPrice: 85,
            stockQuantity: 12,
            quantity: 20,
          });
      },
    },
    'POST /api/product/delete-product': {
      call: async () => {
        const productId = await newProduct();
        return () => post('/api/product/delete-product', { productId });
      },
    },
    'POST /api/accessory/create': {
      call: async () => () =>
        upload('/api/accessory/create', {
          name: `Tap ${fresh()}`,
          type: 'tap',
          material: 'plastic',
          price: '40',
          discountPrice: '35',
          stockQuantity: '10',
          categoryId: f.services.water.id,
        }),
    },
    'POST /api/accessory/edit-accessory': {
      call: async () => {
        const accessoryId = await newAccessory();
        return () =>
          post('/api/accessory/edit-accessory', {
            accessoryId,
            name: `Tap ${fresh()}`,
            type: 'tap',
            material: 'metal',
            price: 45,
            discountPrice: 40,
            stockQuantity: 8,
          });
      },
    },
    'POST /api/accessory/delete-accessory': {
      call: async () => {
        const accessoryId = await newAccessory();
        return () => post('/api/accessory/delete-accessory', { accessoryId });
      },
    },
    'POST /api/banner/create-banner': {
      call: async () => () =>
        upload('/api/banner/create-banner', {
          title: `Banner ${fresh()}`,
          categoryId: f.services.water.id,
        }),
    },
    'POST /api/banner/edit-banner': {
      call: async () => {
        const bannerId = await newBanner();
        return () => post('/api/banner/edit-banner', { bannerId, title: 'Monsoon offer' });
      },
    },
    'POST /api/banner/delete-banner': {
      call: async () => {
        const bannerId = await newBanner();
        return () => post('/api/banner/delete-banner', { bannerId });
      },
    },
    'POST /api/pincode/add': {
      call: async () => () => post('/api/pincode/add', { pinCode: '682001', pinType: 'Home' }),
    },
    'POST /api/pincode/edit-pincode/:id': {
      call: async () => {
        const id = await newPincode();
        return () => post(`/api/pincode/edit-pincode/${id}`, { number: '682002' });
      },
    },
    'POST /api/pincode/delete-pincode/:id': {
      call: async () => {
        const id = await newPincode();
        return () => post(`/api/pincode/delete-pincode/${id}`);
      },
    },
    'POST /api/plan/create-plan': {
      call: async () => () =>
        post('/api/plan/create-plan', { name: `Plan ${fresh()}`, duration: 30, price: 3000 }),
    },
    'POST /api/plan/update-plan': {
      call: async () => {
        const planId = await newPlan();
        return () =>
          post('/api/plan/update-plan', {
            planId,
            name: `Plan ${fresh()}`,
            duration: 15,
            price: 1600,
          });
      },
    },
    'POST /api/plan/delete-plan/:id': {
      call: async () => {
        const id = await newPlan();
        return () => post(`/api/plan/delete-plan/${id}`, {});
      },
    },
    'POST /api/delivery-charge/save': {
      call: async () => () =>
        post('/api/delivery-charge/save', { standardCharge: 20, emergencyCharge: 50, gst: 5 }),
    },
    'POST /api/delivery-time/save': {
      call: async () => () =>
        post('/api/delivery-time/save', {
          pickupTime: ['8:00 AM - 11:00 AM'],
          deliveryTime: ['5:00 PM - 8:00 PM'],
          gapHours: 6,
        }),
    },
    'POST /api/order/update-status': {
      call: async () => {
        const [orderId] = await newOrders(1);
        return () => post('/api/order/update-status', { orderId, status: 'Out for Delivery' });
      },
    },
    'POST /api/order/bulk-update-status': {
      call: async () => {
        const orderIds = await newOrders(2);
        return () =>
          post('/api/order/bulk-update-status', {
            orderIds,
            status: 'Cancelled',
            reason: 'Customer cancelled by phone',
          });
      },
      bulk: { asRoute: '/api/order/update-status', records: () => 2 },
    },
    'POST /api/order/assign-rider': {
      call: async () => {
        const orderIds = await newOrders(2);
        const riderId = await newRider([f.customers[0]!.address.pincode]);
        return () => post('/api/order/assign-rider', { orderIds, riderId });
      },
      bulk: { asRoute: '/api/order/assign-rider', records: () => 2 },
    },
    'POST /api/order/auto-assign/:serviceId': {
      call: async () => {
        await newOrders(1, 'laundry');
        await newRider([f.customers[0]!.address.pincode]);
        return () => post(`/api/order/auto-assign/${f.services.laundry.id}`, { date: today() });
      },
      bulk: {
        asRoute: '/api/order/auto-assign/:serviceId',
        records: (res) => res.json().result.assigned,
      },
    },
    'POST /api/order/place-order': {
      call: async () => {
        const c = f.customers[1]!;
        return () =>
          post('/api/order/place-order', {
            customerId: c.id,
            addressId: c.addressId,
            productId: f.products.water.id,
            quantity: 1,
            paymentMethod: 'Cash on Delivery',
          });
      },
    },
    'POST /api/user/add-user': {
      call: async () => () =>
        post('/api/user/add-user', {
          firstName: 'Meera',
          lastName: 'Nair',
          phone: freshPhone(),
          address: '7 16th Main, BTM 2nd Stage',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: f.customers[0]!.address.pincode,
        }),
    },
    'POST /api/subscription/create': {
      call: async () => {
        await subscriptionSlots();
        const body = await subscriptionBody();
        return () => post('/api/subscription/create', body);
      },
    },
    'POST /api/subscription/edit': {
      call: async () => {
        const subscriptionId = await newSubscription();
        return () => post('/api/subscription/edit', { subscriptionId, quantity: 3 });
      },
    },
    'POST /api/subscription/pause': {
      call: async () => {
        const subscriptionId = await newSubscription();
        return () => post('/api/subscription/pause', { subscriptionId, from: addDays(today(), 2) });
      },
    },
    'POST /api/subscription/resume': {
      call: async () => {
        const subscriptionId = await newSubscription();
        await resultOf(post('/api/subscription/pause', { subscriptionId, from: today() }));
        return () => post('/api/subscription/resume', { subscriptionId });
      },
    },
    'POST /api/subscription/skip': {
      call: async () => {
        const subscriptionId = await newSubscription();
        return () => post('/api/subscription/skip', { subscriptionId, date: addDays(today(), 1) });
      },
    },
    'POST /api/subscription/unskip': {
      call: async () => {
        const subscriptionId = await newSubscription();
        const date = addDays(today(), 1);
        await resultOf(post('/api/subscription/skip', { subscriptionId, date }));
        return () => post('/api/subscription/unskip', { subscriptionId, date });
      },
    },
    'POST /api/subscription/cancel-day-order': {
      call: async () => {
        const subscriptionId = await newSubscription();
        const [orderId] = await newOrders(1);
        await server.db
          .update(ordersTable)
          .set({ subscriptionId, deliveryDay: addDays(today(), 1) })
          .where(eq(ordersTable.id, orderId!));
        return () => post('/api/subscription/cancel-day-order', { subscriptionId, orderId });
      },
    },
    // Issue 36: settlement files.
    'POST /api/account/import-settlement': {
      call: async () => () => importSettlement(`UTR${fresh()}`),
    },
    'POST /api/account/assign-settlement-line': {
      call: async () => {
        const result = await resultOf(importSettlement(`UTR${fresh()}`));
        const lineId = result.unmatched[0].id as string;
        return () =>
          post('/api/account/assign-settlement-line', { lineId, userId: f.customers[0]!.id });
      },
    },
    // Issue 36: accounts, the ledger.
    'POST /api/account/record-payment': {
      call: async () => () =>
        post('/api/account/record-payment', {
          userId: f.customers[2]!.id,
          amount: 500,
          method: 'UPI',
          reference: `AUDIT${fresh()}`,
        }),
    },
    'POST /api/account/refund': {
      call: async () => {
        const userId = f.customers[2]!.id;
        await post('/api/account/adjust', { userId, amount: 5, reason: 'To refund' });
        return () => post('/api/account/refund', { userId, amount: 1, method: 'Cash' });
      },
    },
    'POST /api/account/refund-deposit': {
      call: async () => {
        const c = f.customers[2]!;
        await server.db.insert(returnableEntriesTable).values({
          customerId: c.id,
          itemId: f.products.water.id,
          itemKind: 'product',
          itemName: f.products.water.name,
          categoryId: f.services.water.id,
          kind: 'returned',
          returned: 1,
          deposit: '-150.00',
        });
        return () => post('/api/account/refund-deposit', { userId: c.id, amount: 150 });
      },
    },
    'POST /api/account/charge-deposit': {
      call: async () => () =>
        post('/api/account/charge-deposit', {
          userId: f.customers[2]!.id,
          amount: 300,
          reason: 'Two jars given',
        }),
    },
    'POST /api/account/adjust': {
      call: async () => () =>
        post('/api/account/adjust', { userId: f.customers[2]!.id, amount: 10, reason: 'Goodwill' }),
    },
    'POST /api/account/set-billing-mode': {
      call: async () => () =>
        post('/api/account/set-billing-mode', {
          userId: f.customers[2]!.id,
          billingMode: 'postpaid',
        }),
    },
    'POST /api/rider/create-rider': {
      call: async () => () =>
        post('/api/rider/create-rider', {
          name: 'Ravi Kumar',
          phone: freshPhone(),
          pincodes: ['560001'],
          shift: 'Both',
        }),
    },
    'POST /api/rider/edit-rider': {
      call: async () => {
        const riderId = await newRider();
        return () =>
          post('/api/rider/edit-rider', {
            riderId,
            name: 'Ravi K',
            phone: freshPhone(),
            pincodes: ['560001'],
            shift: 'Morning',
          });
      },
    },
    'POST /api/rider/delete-rider/:id': {
      call: async () => {
        const id = await newRider();
        return () => post(`/api/rider/delete-rider/${id}`);
      },
    },
    'POST /api/rider/set-pin': {
      call: async () => {
        const riderId = await newRider();
        return () => post('/api/rider/set-pin', { riderId, pin: '4826' });
      },
    },
    'POST /api/rider/sign-out-devices': {
      call: async () => {
        const riderId = await newRider();
        return () => post('/api/rider/sign-out-devices', { riderId });
      },
    },
    'POST /api/rider/settle-cash': {
      call: async () => {
        const riderId = await newRider();
        return () => post('/api/rider/settle-cash', { riderId, date: today(), amount: 100 });
      },
    },
    'POST /api/return-history/update-return-request-status': {
      call: async () => {
        const [returnHistoryId] = await newReturns(1);
        return () =>
          post('/api/return-history/update-return-request-status', {
            returnHistoryId,
            status: 'Rejected',
            reason: 'The jar is not ours.',
          });
      },
    },
    'POST /api/return-history/bulk-update-status': {
      call: async () => {
        const returnIds = await newReturns(2);
        return () =>
          post('/api/return-history/bulk-update-status', {
            returnIds,
            status: 'Rejected',
            reason: 'Jars were not ours',
          });
      },
      bulk: {
        asRoute: '/api/return-history/update-return-request-status',
        records: () => 2,
      },
    },
    'POST /api/returnable/adjust': {
      call: async () => () =>
        post('/api/returnable/adjust', {
          userId: f.customers[1]!.id,
          productId: f.products.water.id,
          quantity: 1,
          reason: 'Counted at the door',
        }),
    },
    'POST /api/returnable/refill': {
      call: async () => {
        // An empty cylinder at the depot: one taken back on a delivery.
        const order = await f.place({ kind: 'oxygen', quantity: 1, returnQuantity: 1 });
        await resultOf(
          post('/api/order/update-status', { orderId: order.id, status: 'Delivered' }),
        );
        return () =>
          post('/api/returnable/refill', { productId: f.products.oxygen.id, quantity: 1 });
      },
    },
    'POST /api/returnable/receive': {
      call: async () => () =>
        post('/api/returnable/receive', { productId: f.products.oxygen.id, quantity: 3 }),
    },
    'POST /api/order/add-credit-note': {
      call: async () => {
        // An invoiced order: the business details saved, the order delivered.
        await resultOf(
          post('/api/settings/save-business', {
            legalName: 'Jalasri Water Services Private Limited',
            gstin: '29AABCU9603R1ZJ',
            address: '14 3rd Cross, Jayanagar 4th Block',
            city: 'Bengaluru',
            state: 'Karnataka',
            pincode: '560011',
            invoicePrefix: 'JW',
          }),
        );
        const [orderId] = await newOrders(1);
        await resultOf(post('/api/order/update-status', { orderId, status: 'Delivered' }));
        return () =>
          post('/api/order/add-credit-note', {
            orderId,
            lines: [{ line: 1, amount: 20 }],
            reason: 'One jar short-filled',
          });
      },
    },
    'POST /api/settings/save-business': {
      call: async () => () =>
        post('/api/settings/save-business', {
          legalName: 'Jalasri Water Services Private Limited',
          gstin: '29AABCU9603R1ZJ',
          address: '14 3rd Cross, Jayanagar 4th Block',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560011',
          invoicePrefix: 'JW',
        }),
    },
    'POST /api/support/make-resolve': {
      call: async () => {
        const ticket = await openTicket(server.db, {
          customerId: f.customers[0]!.id,
          supportType: 0,
          description: 'The jar leaks.',
        });
        return () =>
          post('/api/support/make-resolve', {
            supportId: ticket.id,
            status: 'resolved',
            reply: 'A new jar is on its way.',
          });
      },
    },
    'POST /api/support/reopen-support': {
      call: async () => {
        const ticket = await openTicket(server.db, {
          customerId: f.customers[0]!.id,
          supportType: 1,
          description: 'Nobody came in my slot.',
          status: 'resolved',
        });
        return () => post('/api/support/reopen-support', { supportId: ticket.id });
      },
    },
    'POST /api/terms-conditions/create-terms': {
      call: async () => () =>
        post('/api/terms-conditions/create-terms', { content: '<p>Terms</p>', type: 'terms' }),
    },
    'POST /api/roster/generate': {
      call: async () => () => post('/api/roster/generate', { date: '2026-01-15' }),
    },
    'POST /api/roster/update-settings': {
      call: async () => () => post('/api/roster/update-settings', { cutoff: '20:00' }),
    },
    'POST /api/account/update-settings': {
      call: async () => () => post('/api/account/update-settings', { lowBalanceDays: 3 }),
    },
    'POST /api/holiday/add': {
      call: async () => () => post('/api/holiday/add', { day: '2026-01-26', name: 'Republic Day' }),
    },
    'POST /api/holiday/delete/:id': {
      call: async () => {
        const added = await post('/api/holiday/add', {
          day: '2026-08-15',
          name: 'Independence Day',
        });
        const id = (added.json() as { result: { holiday: { _id: string } } }).result.holiday._id;
        return () => post(`/api/holiday/delete/${id}`);
      },
    },
    'POST /api/contact-us/create-contact-us': {
      call: async () => () =>
        post('/api/contact-us/create-contact-us', {
          content: '<p>Write to us</p>',
          email: 'care@jalasri.example.in',
          phone: '080 2345 6789',
        }),
    },
  };

  /** POST routes that are not writes of a signed-in admin, by design: why. */
  const NOT_WRITES: Record<string, string> = {
    'POST /api/admin/login': 'signing in: nobody is signed in yet, so there is no admin to record',
    'POST /api/admin/forgot-password': 'public: nobody is signed in; it mails a code',
    'POST /api/admin/verify-otp': 'public: nobody is signed in; it checks the code',
    'POST /api/admin/reset-password': 'public: nobody is signed in; it sets a forgotten password',
    'POST /api/accessory/get-accessories-by-category': 'a list read sent as POST: changes nothing',
    'POST /api/content/preview': "the editors' preview: changes nothing",
    'POST /api/rider-app/login': 'public: a rider signing in on a phone (rider_sessions)',
    'POST /api/rider-app/logout': "a rider's own sign-out: ends the rider's session row",
    'POST /api/rider-app/deliver':
      "a rider's action: kept in rider_actions and the order's history, not the admins' log",
    'POST /api/rider-app/not-delivered':
      "a rider's action: kept in rider_actions and the order's history, not the admins' log",
    'POST /api/rider-app/proof': "a rider's photo: kept in rider_actions",
    'POST /api/order/price-preview':
      "New order's price preview: place-order's body, priced, nothing placed",
  };

  it('names every POST, PUT, PATCH and DELETE route the server registers, as a write or not', () => {
    const posts = server.app.routeAccess
      .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect([...Object.keys(WRITES), ...Object.keys(NOT_WRITES)].sort()).toEqual(posts);
  });

  it.each([
    ['/api/accessory/get-accessories-by-category', () => ({ categoryId: f.services.water.id })],
    ['/api/content/preview', () => ({ content: '<p>Draft</p>' })],
    [
      '/api/order/price-preview',
      () => ({
        customerId: f.customers[0]!.id,
        addressId: f.customers[0]!.addressId,
        productId: f.products.water.id,
        quantity: 1,
        paymentMethod: 'Cash on Delivery',
      }),
    ],
  ])('%s, a POST that changes nothing, leaves no audit row', async (route, body) => {
    const before = (await latest())?.id ?? 0;
    const res = await post(route, body());
    expect(res.statusCode, res.body).toBe(200);
    expect((await latest())?.id ?? 0).toBe(before);
  });

  it.each(Object.entries(WRITES))('%s leaves its audit rows', async (key, write) => {
    const route = key.replace(/^POST /, '');
    const call = await write.call();
    const before = (await latest())?.id ?? 0;
    const res = await call();
    expect(res.statusCode, res.body).toBeLessThan(300);
    const rows = await server.db
      .select()
      .from(auditLogTable)
      .where(gt(auditLogTable.id, before))
      .orderBy(auditLogTable.id);
    const asRoute = write.bulk?.asRoute ?? route;
    const [resource = '', ...rest] = asRoute.replace(/^\/api\//, '').split('/');
    const action = rest.filter((part) => !part.startsWith(':')).join('/');
    const count = write.bulk ? write.bulk.records(res) : 1;
    expect(count).toBeGreaterThan(0);
    expect(rows).toHaveLength(count);
    for (const row of rows) {
      expect(row).toMatchObject({
        resource,
        action,
        method: 'POST',
        path: expect.stringMatching(new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}$`)),
        statusCode: res.statusCode,
      });
      // Every write reads as words (issue 37): a sentence, not a call path or a template's gap.
      expect(row.summary, key).toMatch(/^[A-Z][^/]*$/);
      expect(row.summary, key).not.toMatch(/undefined|null|\{name\}|\s$/);
    }
  });
});
