/**
 * Orders for API tests: customers with addresses on real pin codes, a product per service, an
 * accessory, a tiffin plan, and `place()` to put orders through placeOrder (so the counters and
 * the first history row are written as in production). Any API test may import it.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import {
  accessoriesTable,
  categoriesTable,
  customerAddressesTable,
  customersTable,
  plansTable,
  productsTable,
  type CategoryKind,
  type OrderAddress,
  type OrderStatus,
  type OrderType,
} from '@server/db/schema';
import { placeOrder, type NewOrder } from '@server/modules/orders/placeOrder';

export type ServiceKind = Exclude<CategoryKind, 'other'>;

export interface FixtureCustomer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  addressId: string;
  address: OrderAddress;
}

export interface PlaceOptions {
  kind: ServiceKind;
  /** An index into `customers` or a customer; the first one by default. */
  customer?: number | FixtureCustomer;
  /** Deliver to this pin code instead of the customer's own. */
  pincode?: string;
  /** The status it ends in (Pending by default), reached an hour after it was placed. */
  status?: OrderStatus;
  orderType?: OrderType;
  quantity?: number;
  returnQuantity?: number;
  isEmergency?: boolean;
  /** Taps bought with the order (water). */
  taps?: number;
  createdAt?: Date;
  totalAmount?: number | null;
  paymentMethod?: string | null;
  specialInstruction?: string | null;
  orderId?: string;
}

export interface OrderFixtures {
  services: Record<ServiceKind, { id: string; name: string }>;
  customers: FixtureCustomer[];
  products: Record<'water' | 'oxygen' | 'laundry' | 'ecommerce', { id: string; name: string }>;
  tap: { id: string; name: string; price: number };
  plan: { id: string; name: string; duration: number; price: number };
  /** Places one order through placeOrder; answers the inserted row. */
  place(opts: PlaceOptions): ReturnType<typeof placeOrder>;
  /** The NewOrder `place` would send, to adjust before calling placeOrder yourself. */
  newOrder(opts: PlaceOptions): NewOrder;
}

const PEOPLE = [
  ['Aarav', 'Sharma', '9876543210', '12 MG Road, Shivajinagar', 'Bengaluru', 'Karnataka', '560001'],
  [
    'Priya',
    'Iyer',
    '9123456780',
    '4 80 Feet Road, Koramangala',
    'Bengaluru',
    'Karnataka',
    '560034',
  ],
  ['Rohan', 'Mehta', '9988776655', '22 Janpath, Connaught Place', 'New Delhi', 'Delhi', '110001'],
  ['Kavya', 'Reddy', '9012345678', '9 Hill Road, Bandra West', 'Mumbai', 'Maharashtra', '400050'],
] as const;

const KITCHEN: OrderAddress = {
  fullAddress: 'Annapurna Home Kitchen, 14 3rd Cross, Jayanagar 4th Block',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560011',
};

/**
 * Creates the catalogue and customers in `db` (the five services are seeded by every test
 * server). Safe to call more than once on one database: names and e-mails get a fresh tag.
 */
export async function createOrderFixtures(db: Database): Promise<OrderFixtures> {
  const tag = randomBytes(3).toString('hex');
  const categories = await db.select().from(categoriesTable);
  const services = {} as OrderFixtures['services'];
  for (const kind of ['water', 'oxygen', 'laundry', 'tiffin', 'ecommerce'] as const) {
    const c = categories.find((row) => row.kind === kind);
    if (!c) throw new Error(`no ${kind} category: use createTestServer(), which seeds them`);
    services[kind] = { id: c.id, name: c.name };
  }

  const customers: FixtureCustomer[] = [];
  for (const [firstName, lastName, phone, street, city, state, pin] of PEOPLE) {
    const [c] = await db
      .insert(customersTable)
      .values({
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}.${tag}@example.in`,
        phone,
      })
      .returning();
    const address = { fullAddress: street, city, state, pincode: pin };
    const [a] = await db
      .insert(customerAddressesTable)
      .values({ customerId: c!.id, ...address, isDefault: true })
      .returning();
    customers.push({
      id: c!.id,
      firstName,
      lastName,
      email: c!.email,
      phone,
      addressId: a!.id,
      address,
    });
  }

  const product = async (kind: keyof OrderFixtures['products'], name: string, price: number) => {
    const [p] = await db
      .insert(productsTable)
      .values({
        categoryId: services[kind].id,
        name,
        title: name,
        description: name,
        image: '/uploads/test.png',
        price: price.toFixed(2),
        discountPrice: price.toFixed(2),
        stockQuantity: 100,
        quantity: kind === 'water' ? 20 : null,
      })
      .returning();
    return { id: p!.id, name: p!.name };
  };
  const products = {
    water: await product('water', '20 L Jar', 90),
    oxygen: await product('oxygen', '10 L Cylinder', 650),
    laundry: await product('laundry', 'Shirt Wash & Iron', 40),
    ecommerce: await product('ecommerce', 'Steel Bottle', 350),
  };
  const [tapRow] = await db
    .insert(accessoriesTable)
    .values({
      categoryId: services.water.id,
      name: 'Tap',
      type: 'tap',
      material: 'plastic',
      imageUrl: '/uploads/test.png',
      price: '60.00',
      discountPrice: '60.00',
    })
    .returning();
  const [planRow] = await db
    .insert(plansTable)
    .values({ name: 'Monthly', duration: 30, price: '3999.00' })
    .returning();
  const tap = { id: tapRow!.id, name: tapRow!.name, price: 60 };
  const plan = { id: planRow!.id, name: planRow!.name, duration: 30, price: 3999 };

  function newOrder(opts: PlaceOptions): NewOrder {
    const who = typeof opts.customer === 'object' ? opts.customer : customers[opts.customer ?? 0]!;
    const address = opts.pincode ? { ...who.address, pincode: opts.pincode } : who.address;
    const createdAt = opts.createdAt ?? new Date();
    const status = opts.status ?? 'Pending';
    const common: NewOrder = {
      customerId: who.id,
      categoryId: services[opts.kind].id,
      orderType: opts.orderType,
      quantity: opts.quantity,
      returnQuantity: opts.returnQuantity,
      price: 0,
      deliveryCharge: 30,
      emergencyCharge: opts.isEmergency ? 50 : 0,
      isEmergency: opts.isEmergency,
      totalAmount: opts.totalAmount,
      paymentMethod: opts.paymentMethod === undefined ? 'Cash on Delivery' : opts.paymentMethod,
      specialInstruction: opts.specialInstruction,
      createdAt,
      orderId: opts.orderId,
      addressId: who.addressId,
      later:
        status === 'Pending'
          ? []
          : [{ status, at: new Date(createdAt.getTime() + 60 * 60 * 1000) }],
    };
    if (opts.kind === 'tiffin') {
      const start = createdAt.toISOString().slice(0, 10);
      const end = new Date(createdAt.getTime() + 29 * 86_400_000).toISOString().slice(0, 10);
      return {
        ...common,
        planId: plan.id,
        price: plan.price,
        startDate: start,
        endDate: end,
        pickupTime: '12:30 PM - 1:30 PM',
        deliveryTime: '1:00 PM - 2:00 PM',
        pickupAddress: KITCHEN,
        deliveryAddress: address,
        address,
      };
    }
    const p = products[opts.kind];
    const price = { water: 90, oxygen: 650, laundry: 40, ecommerce: 350 }[opts.kind];
    return {
      ...common,
      productId: p.id,
      price,
      deliveryTime: '7:00 AM - 9:00 AM',
      pickupTime: opts.kind === 'laundry' ? '9:00 AM - 12:00 PM' : null,
      address,
      accessories: opts.taps
        ? [{ accessoryId: tap.id, name: tap.name, quantity: opts.taps, amount: tap.price }]
        : [],
    };
  }

  return {
    services,
    customers,
    products,
    tap,
    plan,
    newOrder,
    place: (opts) => placeOrder(db, newOrder(opts)),
  };
}

/** The category id of a kind (for tests that need only that). */
export async function serviceIdOf(db: Database, kind: ServiceKind): Promise<string> {
  const [row] = await db
    .select({ id: categoriesTable.id })
    .from(categoriesTable)
    .where(eq(categoriesTable.kind, kind));
  if (!row) throw new Error(`no ${kind} category`);
  return row.id;
}
