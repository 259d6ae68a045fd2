/**
 * Run by the Playwright webServer before the server starts: a fresh DATA_DIR with the
 * super-admin, the seeded categories, twelve customers, two orders-only admins, and the orders,
 * a return request and a support ticket of E2E_JOBS. PGlite lets one process at a
 * time open the database, so it is closed before the server opens it.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { eq } from 'drizzle-orm';
import {
  adminsTable,
  categoriesTable,
  customersTable,
  pincodesTable,
  productsTable,
  type CategoryKind,
} from '@server/db/schema';
import { ensureSuperAdmin, seedCategories } from '@server/db/seed';
import { seedCustomers } from '@server/db/seed/customers';
import { hashPassword } from '@server/lib/passwords';
import { uploadStoreFor } from '@server/lib/uploadStore';
import { placeOrder } from '@server/modules/orders/placeOrder';
import { requestReturn } from '@server/modules/returns/requestReturn';
import { openTicket } from '@server/modules/supports/openTicket';
import { E2E_JOBS, ORDERS_ADMIN, RECOVER_ADMIN } from './fixtures';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('prepare.ts needs DATA_DIR');
rmSync(path.resolve(dataDir), { recursive: true, force: true });

const config = loadConfig(); // recreates DATA_DIR
const database = await openDatabase({ dataDir: `${config.dataDir}/pgdata` });
try {
  await ensureSuperAdmin(database.db, config);
  await seedCategories(database.db, uploadStoreFor(config, database.db));
  // A few customers for the customer screens (demo data is off in browser tests).
  await seedCustomers(database.db, 12);
  for (const admin of [ORDERS_ADMIN, RECOVER_ADMIN]) {
    await database.db.insert(adminsTable).values({
      name: admin.name,
      email: admin.email,
      phone: '',
      passwordHash: await hashPassword(admin.password),
      role: 'admin',
      status: 'Active',
      permissions: { orders: true },
    });
  }
  await prepareJobs(database.db);
} finally {
  await database.close();
}
console.log(`e2e data prepared in ${config.dataDir}`);

/** The orders, return request and ticket that the orders, returns and support specs work on. */
async function prepareJobs(db: typeof database.db) {
  const categoryOf = async (kind: CategoryKind) =>
    (await db.select().from(categoriesTable).where(eq(categoriesTable.kind, kind)))[0]!;
  const water = await categoryOf('water');
  await db.insert(pincodesTable).values(E2E_JOBS.pins.map((number) => ({ number })));
  const [jar] = await db
    .insert(productsTable)
    .values({
      categoryId: water.id,
      name: '20 L Water Jar',
      title: 'Packaged drinking water',
      description: 'A sealed 20 litre jar.',
      image: water.image,
      price: '90.00',
      discountPrice: '80.00',
      stockQuantity: 500,
      quantity: 20,
      // A jar goes out full and comes back (issue 16): deliveries and returns move the ledger.
      returnable: true,
      deposit: '150.00',
    })
    .returning();
  const customers = await db.select().from(customersTable).orderBy(customersTable.createdAt);
  const addressOf = (pincode: string) => ({
    fullAddress: `Flat ${pincode.slice(-2)}1, Sea Breeze Apartments, Bandra West, Mumbai`,
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode,
  });
  const place = async (orderId: string, i: number, pincode: string, extra = {}) => {
    const customer = customers[i % customers.length]!;
    return placeOrder(db, {
      orderId,
      customerId: customer.id,
      categoryId: water.id,
      productId: jar!.id,
      orderType: 'reorder',
      quantity: 2,
      returnQuantity: 2,
      price: 80,
      deliveryCharge: 30,
      paymentMethod: 'Cash on Delivery',
      deliveryTime: '7:00 AM - 9:00 AM',
      address: addressOf(pincode),
      createdAt: new Date(Date.now() - (60 - i) * 60_000),
      ...extra,
    });
  };
  let i = 0;
  for (const pin of E2E_JOBS.pins) {
    for (const orderId of E2E_JOBS.water[pin]) await place(orderId, i++, pin);
  }
  await place(E2E_JOBS.statusOrder, i++, '400053', { isEmergency: true, emergencyCharge: 80 });
  // Two jars delivered and none collected then: the customer holds the two the return takes back.
  const delivered = await place(E2E_JOBS.returnOrder, i, '400050', {
    returnQuantity: 0,
    later: [{ status: 'Delivered', at: new Date(Date.now() - 30 * 60_000) }],
  });
  await requestReturn(db, { orderId: delivered.id, returnedQuantity: 2 });
  // The returnables spec delivers another order to this customer and approves this return.
  const holding = await place(E2E_JOBS.ledgerOrder, 7, '400050', {
    returnQuantity: 0,
    later: [{ status: 'Delivered', at: new Date(Date.now() - 40 * 60_000) }],
  });
  await requestReturn(db, { orderId: holding.id, returnedQuantity: 1 });
  await openTicket(db, {
    customerId: customers[0]!.id,
    supportType: 0,
    description: E2E_JOBS.ticket,
  });
  // Short (the dashboard cuts only prepare's first ticket) and older than it (Help's first row).
  await openTicket(db, {
    customerId: customers[7]!.id,
    supportType: 2,
    description: E2E_JOBS.namedTicket,
    status: 'resolved',
    createdAt: new Date(Date.now() - 2 * 60 * 60_000),
  });
  // Laundry orders, the newest, for the bulk status change: no other spec counts them.
  const laundry = await categoryOf('laundry');
  for (const orderId of E2E_JOBS.bulkOrders) {
    await place(orderId, ++i, '400050', {
      categoryId: laundry.id,
      productId: null,
      returnQuantity: 0,
      pickupTime: '9:00 AM - 12:00 PM',
    });
  }
}
