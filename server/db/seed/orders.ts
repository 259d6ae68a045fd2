import { and, count, eq, inArray } from 'drizzle-orm';
import { fromMoney } from '../../lib/money';
import { orderTaxPaise } from '../../modules/invoices/document';
import { newOrderNumber } from '../../modules/orders/placeOrder';
import type { Database } from '../client';
import {
  accessoriesTable,
  adminsTable,
  categoriesTable,
  customerAddressesTable,
  customersTable,
  deliveryChargesTable,
  orderAccessoriesTable,
  ordersTable,
  orderStatusHistoryTable,
  plansTable,
  productsTable,
  type CategoryKind,
  type OrderAddress,
  type OrderStatus,
} from '../schema';
import { DEMO_BUSINESS } from './invoices';
import { generator } from './random';
import { ACCESSORY_TAX, CATEGORY_TAX } from './returnables';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const BATCH = 250;

/** Delivery slots and instructions, shared with the large data set (seed/large/orders.ts). */
export const SLOTS = [
  '7:00 AM - 9:00 AM',
  '9:00 AM - 12:00 PM',
  '12:00 PM - 3:00 PM',
  '5:00 PM - 8:00 PM',
];
export const TIFFIN_SLOTS = ['12:30 PM - 1:30 PM', '7:30 PM - 8:30 PM'];
export const INSTRUCTIONS = [
  'Call before delivery.',
  'Leave it with the security guard.',
  'Ring the bell twice, elderly parents at home.',
  'Deliver before 9 AM please.',
  'Take the empty jars from the balcony.',
  'Use the service lift.',
];
/** Partner kitchens the tiffins are picked up from, one per city. */
const KITCHENS: Record<string, OrderAddress> = {
  Bengaluru: {
    fullAddress: 'Annapurna Home Kitchen, 14 3rd Cross, Jayanagar 4th Block, Bengaluru',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560011',
  },
  Delhi: {
    fullAddress: 'Maa Ki Rasoi, B-22 Lajpat Nagar II, New Delhi',
    city: 'Delhi',
    state: 'Delhi',
    pincode: '110024',
  },
  Mumbai: {
    fullAddress: 'Gharguti Dabba Kitchen, 7 Ranade Road, Dadar West, Mumbai',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400028',
  },
};

/** Share of the orders per service kind. */
const SERVICE_MIX: [CategoryKind, number][] = [
  ['water', 0.55],
  ['oxygen', 0.12],
  ['laundry', 0.18],
  ['tiffin', 0.15],
];

type OrderRow = typeof ordersTable.$inferInsert;
type Step = {
  status: OrderStatus;
  at: Date;
  adminId: string | null;
  adminName: string | null;
  note?: string | null;
};

/** An order as the demo seeds write it: the row, what happened since, the accessories bought. */
export interface SeedOrder {
  order: OrderRow;
  /** After it was placed (Pending), oldest first: the order's status is the last one's. */
  steps: Step[];
  extras: { id: string; name: string; amount: number; quantity: number }[];
  /** The note on the first history row (Pending). */
  placedNote?: string | null;
}

/**
 * Demo orders (`total`, 4000 by default) over the last six months, growing month by month, for
 * the seeded customers and catalogue: water and oxygen refills collecting the empties the
 * customer holds (ordering more than they hold is keeping more), some emergencies and
 * accessories, laundry pickups, tiffin plans with kitchen pickup and home drop (a plan bought as
 * one order spanning its days, as before subscriptions; a few of them still running). Old orders
 * are mostly delivered, the last days' are still open, each with the status history of who moved it. Does nothing when orders exist or the catalogue is empty.
 * `written` hears how many are in after each batch.
 */
export async function seedOrders(
  db: Database,
  total = 4000,
  written: (count: number, of: number) => void = () => {},
): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(ordersTable);
  if ((existing?.n ?? 0) > 0) return;

  const categories = await db.select().from(categoriesTable);
  const byKind = new Map(categories.map((c) => [c.kind, c]));
  const products = await db.select().from(productsTable).where(eq(productsTable.status, 'Active'));
  const accessories = await db.select().from(accessoriesTable);
  const plans = await db.select().from(plansTable).where(eq(plansTable.status, 'Active'));
  const customers = await db
    .select({ id: customersTable.id })
    .from(customersTable)
    .where(eq(customersTable.status, 'Active'));
  const addresses = await db
    .select()
    .from(customerAddressesTable)
    .where(
      and(
        eq(customerAddressesTable.isDefault, true),
        inArray(
          customerAddressesTable.customerId,
          customers.map((c) => c.id),
        ),
      ),
    );
  const staff = await db
    .select({ id: adminsTable.id, name: adminsTable.name })
    .from(adminsTable)
    .where(eq(adminsTable.status, 'Active'));
  const [charges] = await db.select().from(deliveryChargesTable);
  if (!addresses.length || !products.length || !staff.length) return;

  const standardCharge = Number(charges?.standardCharge ?? 30);
  const emergencyCharge = Number(charges?.emergencyCharge ?? 80);
  const gstPercent = Number(charges?.gst ?? 18);
  const rnd = generator(20261122);
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);

  // Placing times first, oldest first, so that a customer's first order of a service is fresh.
  const times: number[] = [];
  for (let i = 0; i < total; i++) {
    // sqrt skews towards recent days: the business grows.
    const daysAgo = 180 * (1 - Math.sqrt(rnd.next()));
    const at = now - daysAgo * DAY;
    times.push(at - (at % HOUR) + rnd.int(60) * 60_000);
  }
  times.sort((a, b) => a - b);

  const seen = new Set<string>();
  // Jars and cylinders each customer holds, per product, after the deliveries so far: a refill
  // takes back as many empties as it brings full ones, up to what the customer holds.
  const holding = new Map<string, number>();
  const pickKind = () => {
    let roll = rnd.next();
    for (const [kind, share] of SERVICE_MIX) {
      if ((roll -= share) < 0) return kind;
    }
    return 'water' as CategoryKind;
  };
  const round2 = (n: number) => Math.round(n * 100) / 100;

  const rows: SeedOrder[] = [];
  for (const placedAt of times) {
    const kind = pickKind();
    const category = byKind.get(kind);
    if (!category) continue;
    const address = rnd.pick(addresses);
    const home: OrderAddress = {
      fullAddress: address.fullAddress,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
    };
    const key = `${address.customerId}:${category.id}`;
    const orderType = seen.has(key) ? 'reorder' : 'fresh';
    seen.add(key);
    const age = (now - placedAt) / DAY;
    const createdAt = new Date(placedAt);

    let price: number;
    let quantity = 1;
    let productId: string | null = null;
    let planId: string | null = null;
    let returnQuantity = 0;
    let isEmergency = false;
    const extras: (typeof rows)[number]['extras'] = [];
    const order: Partial<OrderRow> = {};

    if (kind === 'tiffin') {
      const plan = rnd.pick(plans);
      if (!plan) continue;
      planId = plan.id;
      price = Number(plan.price);
      const start = new Date(placedAt + DAY);
      const end = new Date(start.getTime() + (plan.duration - 1) * DAY);
      order.startDate = start.toISOString().slice(0, 10);
      order.endDate = end.toISOString().slice(0, 10);
      // Plans still running are subscriptions now (seed/subscriptions.ts): only a few are kept
      // as the one order spanning the plan's days that they used to be, and move over as an
      // upgraded database's do (migration tiffin_to_subscriptions).
      if (order.endDate >= today && rnd.next() >= 0.1) continue;
      order.pickupAddress = KITCHENS[address.city] ?? KITCHENS.Bengaluru!;
      order.deliveryAddress = home;
      order.pickupTime = '11:30 AM';
      order.deliveryTime = rnd.pick(TIFFIN_SLOTS);
    } else {
      const choices = products.filter((p) => p.categoryId === category.id);
      if (!choices.length) continue;
      const product = rnd.pick(choices);
      productId = product.id;
      price = Number(product.discountPrice) || Number(product.price);
      order.address = home;
      order.addressId = address.id;
      if (kind === 'water' || kind === 'oxygen') {
        quantity = kind === 'water' ? 1 + rnd.int(4) : 1 + rnd.int(2);
        returnQuantity = Math.min(quantity, holding.get(`${address.customerId}:${productId}`) ?? 0);
        isEmergency = rnd.next() < (kind === 'oxygen' ? 0.15 : 0.05);
        order.deliveryTime = isEmergency ? 'Within 2 hours' : rnd.pick(SLOTS);
        const own = accessories.filter((a) => a.categoryId === category.id);
        if (own.length && rnd.next() < 0.12) {
          const a = rnd.pick(own);
          extras.push({
            id: a.id,
            name: a.name,
            amount: Number(a.discountPrice) || Number(a.price),
            quantity: 1 + rnd.int(2),
          });
        }
      } else {
        quantity = 2 + rnd.int(11);
        order.pickupTime = rnd.pick(SLOTS);
        order.deliveryTime = rnd.pick(SLOTS);
      }
    }

    const amount = round2(price * quantity + extras.reduce((s, e) => s + e.amount * e.quantity, 0));
    const delivery = kind === 'tiffin' ? 0 : standardCharge;
    const emergency = isEmergency ? emergencyCharge : 0;
    // The tax as the order's invoice will compute it (issue 38: the reports' rollup counts it):
    // each line at its own rate (demo products take their category's), CGST + SGST or IGST
    // against the demo business's state.
    const categoryRate = Number(
      (CATEGORY_TAX as Record<string, { gstRate: string }>)[kind]?.gstRate ?? gstPercent,
    );
    const gst =
      orderTaxPaise(
        {
          principal: {
            description: '',
            quantity,
            unitPrice: price,
            hsn: '',
            ratePercent: categoryRate,
          },
          accessories: extras.map((e) => ({
            description: e.name,
            quantity: e.quantity,
            unitPrice: e.amount,
            hsn: '',
            ratePercent: Number(
              ACCESSORY_TAX.find((a) => a.name === e.name)?.gstRate ?? categoryRate,
            ),
          })),
          deliveryCharge: delivery,
          emergencyCharge: emergency,
        },
        home.state || undefined,
        DEMO_BUSINESS.stateCode,
      ) / 100;
    // A few of the oldest orders predate the total column: the panel falls back.
    const totalAmount =
      age > 170 && rnd.next() < 0.3 ? null : round2(amount + delivery + emergency + gst);
    const roll = rnd.next();
    const paymentMethod =
      roll < 0.55 ? 'Online' : roll < 0.85 ? 'Cash on Delivery' : roll < 0.95 ? 'Wallet' : null;

    // What happened since: old orders are settled, the last days' are still moving.
    const steps: Step[] = [];
    const admin = () => rnd.pick(staff);
    const step = (status: OrderStatus, hoursLater: number, byCustomer = false) => {
      const at = new Date(Math.min(placedAt + hoursLater * HOUR, now - 60_000));
      const who = byCustomer ? null : admin();
      steps.push({ status, at, adminId: who?.id ?? null, adminName: who?.name ?? null });
    };
    const fate = rnd.next();
    // A tiffin subscription is a job every day until its end date.
    const settledAfter =
      kind === 'tiffin' ? Date.parse(`${order.endDate}T18:00:00Z`) : placedAt + 2 * DAY;
    if (settledAfter < now) {
      if (fate < 0.07) step('Cancelled', 1 + rnd.int(5), rnd.next() < 0.5);
      else {
        // An emergency goes out at once and arrives within its two hours, mostly inside the
        // 90 minutes of the alert (issue 40's report); other orders within the day.
        step('Out for Delivery', isEmergency ? 0.25 + rnd.int(6) / 12 : 2 + rnd.int(6));
        step(
          'Delivered',
          kind === 'tiffin'
            ? (settledAfter - placedAt) / HOUR
            : isEmergency
              ? 0.75 + rnd.int(10) / 10
              : 5 + rnd.int(10),
        );
      }
    } else if (kind === 'tiffin') {
      if (fate < 0.04) step('Cancelled', 2, true);
      else if (Date.parse(`${order.startDate}T06:00:00Z`) < now) step('Out for Delivery', 24);
    } else if (fate < 0.35) {
      step('Out for Delivery', 1 + rnd.int(3));
    } else if (fate < 0.45) {
      step('Out for Delivery', 1);
      step('Delivered', 3);
    } else if (fate < 0.48) {
      step('Cancelled', 1, true);
    }

    if ((kind === 'water' || kind === 'oxygen') && steps.at(-1)?.status === 'Delivered') {
      const held = `${address.customerId}:${productId}`;
      holding.set(held, (holding.get(held) ?? 0) - returnQuantity + quantity);
    }

    rows.push({
      order: {
        ...order,
        orderId: newOrderNumber(createdAt),
        customerId: address.customerId,
        categoryId: category.id,
        productId,
        planId,
        orderType,
        quantity,
        returnQuantity,
        price: fromMoney(price),
        amount: fromMoney(amount),
        deliveryCharge: fromMoney(delivery),
        emergencyCharge: fromMoney(emergency),
        gst: fromMoney(gst),
        totalAmount: totalAmount === null ? null : fromMoney(totalAmount),
        paymentMethod,
        isEmergency,
        status: steps.at(-1)?.status ?? 'Pending',
        specialInstruction: rnd.next() < 0.15 ? rnd.pick(INSTRUCTIONS) : null,
        pincode: (order.deliveryAddress ?? home).pincode,
        createdAt,
        updatedAt: steps.at(-1)?.at ?? createdAt,
      },
      steps,
      extras,
    });
  }

  await writeSeedOrders(db, rows, written);
}

/**
 * Inserts orders with their history and accessories in batches of 250 (one transaction each),
 * as placeOrder writes one order: the counters, ledger and invoices follow by trigger.
 */
export async function writeSeedOrders(
  db: Database,
  rows: SeedOrder[],
  written: (count: number, of: number) => void = () => {},
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(ordersTable)
        .values(batch.map((r) => r.order))
        .returning({ id: ordersTable.id });
      const history: (typeof orderStatusHistoryTable.$inferInsert)[] = [];
      const bought: (typeof orderAccessoriesTable.$inferInsert)[] = [];
      batch.forEach((r, i) => {
        const orderId = inserted[i]!.id;
        let from: OrderStatus | null = null;
        for (const s of [
          {
            status: 'Pending' as OrderStatus,
            at: r.order.createdAt!,
            adminId: null,
            adminName: null,
            note: r.placedNote ?? null,
          },
          ...r.steps,
        ]) {
          history.push({
            orderId,
            fromStatus: from,
            toStatus: s.status,
            adminId: s.adminId,
            adminName: s.adminName,
            note: s.note ?? null,
            at: s.at,
          });
          from = s.status;
        }
        for (const e of r.extras) {
          bought.push({
            orderId,
            accessoryId: e.id,
            name: e.name,
            quantity: e.quantity,
            amount: fromMoney(e.amount),
          });
        }
      });
      await tx.insert(orderStatusHistoryTable).values(history);
      if (bought.length) await tx.insert(orderAccessoriesTable).values(bought);
    });
    written(start + batch.length, rows.length);
  }
}
