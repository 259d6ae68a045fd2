import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  isScheduledOn,
  type Schedule,
  type ScheduleKind,
  type SubscriptionStatus,
} from '@shared/schedule';
import { addDays, indiaDay, indiaMidnight } from '@shared/time';
import { fromMoney } from '../../lib/money';
import { orderTaxPaise, taxOfLine } from '../../modules/invoices/document';
import { newOrderNumber } from '../../modules/orders/placeOrder';
import type { Database } from '../client';
import {
  adminsTable,
  categoriesTable,
  customerAddressesTable,
  customersTable,
  deliveryChargesTable,
  deliveryTimesTable,
  holidaysTable,
  ordersTable,
  plansTable,
  productsTable,
  rosterRunsTable,
  rosterSettingsTable,
  subscriptionChangesTable,
  subscriptionPausesTable,
  subscriptionSkipsTable,
  subscriptionsTable,
  type CategoryKind,
  type OrderAddress,
  type OrderStatus,
} from '../schema';
import { INSTRUCTIONS, SLOTS, TIFFIN_SLOTS, writeSeedOrders, type SeedOrder } from './orders';
import { DEMO_BUSINESS } from './invoices';
import { generator } from './random';

const DAY = 86_400_000;
const MINUTE = 60_000;
/**
 * Days of orders already made from the subscriptions, today included: back to the earliest
 * start (53 days ago), so that no demo calendar shows a due day without its order as missed.
 */
const MADE_DAYS = 54;
/** When the clock makes the next day's orders (the default cut-off, India time). */
const CUTOFF = '21:00';
/** The note on a day order's first history row (as the day's run writes it). */
export const MADE_NOTE = 'Made from subscription';

/** A festival per month (day of the month, name): next month's is the demo's holiday. */
export const FESTIVALS: [number, string][] = [
  [14, 'Makar Sankranti'],
  [26, 'Republic Day'],
  [14, 'Holi'],
  [14, 'Ambedkar Jayanti'],
  [12, 'Buddha Purnima'],
  [17, 'Bakrid'],
  [16, 'Muharram'],
  [15, 'Independence Day'],
  [7, 'Ganesh Chaturthi'],
  [2, 'Gandhi Jayanti'],
  [20, 'Diwali'],
  [25, 'Christmas'],
];

const PAUSE_REASONS = [
  'Travelling, back after the holidays',
  'Out of town for a wedding',
  'Customer asked to hold deliveries',
  'House under repair',
];

/** Minutes after midnight a slot starts ('5:00 PM - 8:00 PM': 1020); 9 AM when unreadable. */
function slotStart(slot: string): number {
  const m = /^\s*(\d{1,2}):(\d{2})\s*([AP])M/i.exec(slot);
  if (!m) return 9 * 60;
  return ((Number(m[1]) % 12) + (m[3]!.toUpperCase() === 'P' ? 12 : 0)) * 60 + Number(m[2]);
}

/** The instant of India time `minutes` after midnight of `day`. */
const atIndia = (day: string, minutes: number) =>
  new Date(indiaMidnight(day).getTime() + minutes * MINUTE);

const cutoffMinutes = () => {
  const [h, m] = CUTOFF.split(':').map(Number);
  return h! * 60 + m!;
};

interface Plan {
  id: string;
  name: string;
  duration: number;
  price: number;
}

interface DemoSubscription {
  row: typeof subscriptionsTable.$inferInsert & { id: string; createdAt: Date };
  kind: CategoryKind;
  schedule: Schedule;
  address: OrderAddress;
  state: string;
  pauses: (typeof subscriptionPausesTable.$inferInsert)[];
  skips: string[];
  changes: Omit<typeof subscriptionChangesTable.$inferInsert, 'subscriptionId'>[];
}

/**
 * The demo's subscriptions (issue 35), after its orders, returns and riders (the seed's running
 * tiffin orders moved over before, as an upgraded database's do: migration
 * tiffin_to_subscriptions, demo part 'tiffin-plans-moved'): about 40 % of the customers subscribe: water jars on chosen weekdays or alternate days
 * (taking the empties back), tiffin plans every day until the plan's days run out, a few oxygen
 * refills every few days; at the delivery times of the settings, to the customer's default
 * address, started in the past weeks. Some are paused (a pause row and a history row), a few
 * ended, a few days skipped; a festival next month for every pin code (plans extended) and a
 * local holiday for two pin codes. Every subscription has its 'created' history row. The last
 * week's and today's orders are made from them as the day's run makes them (past days
 * delivered, today's pending), with a run recorded per day, so that the calendar and the
 * customer's orders show real history. Does nothing when subscriptions other than those exist.
 */
export async function seedSubscriptions(db: Database, now: Date = new Date()): Promise<void> {
  // (The tiffin plans moved over are prepaid: any other subscription is the owner's own.)
  const [existing] = await db
    .select({ n: count() })
    .from(subscriptionsTable)
    .where(eq(subscriptionsTable.prepaid, false));
  if ((existing?.n ?? 0) > 0) return;

  const today = indiaDay(now);
  const rnd = generator(20260350);
  const [categories, products, plans, customers, staff, charges, times] = await Promise.all([
    db.select().from(categoriesTable),
    db
      .select()
      .from(productsTable)
      .where(eq(productsTable.status, 'Active'))
      .orderBy(asc(productsTable.createdAt), asc(productsTable.id)),
    db
      .select()
      .from(plansTable)
      .where(eq(plansTable.status, 'Active'))
      .orderBy(asc(plansTable.duration)),
    db
      .select({ id: customersTable.id, createdAt: customersTable.createdAt })
      .from(customersTable)
      .where(eq(customersTable.status, 'Active'))
      .orderBy(asc(customersTable.createdAt), asc(customersTable.id)),
    db
      .select({ id: adminsTable.id, name: adminsTable.name })
      .from(adminsTable)
      .where(eq(adminsTable.status, 'Active'))
      .orderBy(asc(adminsTable.createdAt)),
    db.select().from(deliveryChargesTable).limit(1),
    db.select().from(deliveryTimesTable).limit(1),
  ]);
  const byKind = new Map(categories.map((c) => [c.kind, c]));
  const addresses = customers.length
    ? await db
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
        )
    : [];
  const home = new Map(addresses.map((a) => [a.customerId, a]));
  const slots = times[0]?.deliveryTime.length ? times[0].deliveryTime : [...SLOTS];
  const mealSlots = slots.filter((s) => TIFFIN_SLOTS.includes(s));
  const daySlots = slots.filter((s) => !TIFFIN_SLOTS.includes(s));
  const water = byKind.get('water');
  const tiffin = byKind.get('tiffin');
  const oxygen = byKind.get('oxygen');
  // (Not by `returnable`: a database seeded before the ledger marks them afterwards.)
  const jarsOf = (categoryId: string | undefined) =>
    products.filter((p) => p.categoryId === categoryId && /jar|cylinder/i.test(p.name));
  const jars = jarsOf(water?.id);
  const cylinders = jarsOf(oxygen?.id);
  const planList: Plan[] = plans.map((p) => ({
    id: p.id,
    name: p.name,
    duration: p.duration,
    price: Number(p.price),
  }));
  if (!staff.length || !water || !tiffin || !jars.length || !planList.length) return;

  const subscriptions: DemoSubscription[] = [];
  const admin = () => rnd.pick(staff);
  const payment = () => {
    const roll = rnd.next();
    return roll < 0.55 ? 'Online' : roll < 0.85 ? 'Cash on Delivery' : 'Wallet';
  };
  for (const customer of customers) {
    const address = home.get(customer.id);
    if (!address || rnd.next() >= 0.45) continue;
    const roll = rnd.next();
    const kind: CategoryKind =
      roll < 0.58 ? 'water' : roll < 0.9 || !cylinders.length || !oxygen ? 'tiffin' : 'oxygen';
    // Started in the past weeks; a few start in the coming days.
    const startOffset = rnd.next() < 0.06 ? 1 + rnd.int(6) : -(3 + rnd.int(50));
    // Never before the customer signed up (a day to spare for the evening the order is made).
    const earliest = addDays(indiaDay(customer.createdAt), 2);
    const offered = addDays(today, startOffset);
    const startDate = offered < earliest ? earliest : offered;
    let schedule: Schedule;
    let quantity = 1;
    let returnQuantity = 0;
    let endDate: string | null = null;
    let productId: string | null = null;
    let planId: string | null = null;
    let slot: string;
    let categoryId: string;
    if (kind === 'water') {
      categoryId = water.id;
      productId = rnd.pick(jars).id;
      quantity = 1 + rnd.int(3);
      returnQuantity = quantity;
      if (rnd.next() < 0.6) {
        const days = new Set<number>();
        const wanted = 1 + rnd.int(3);
        while (days.size < wanted) days.add(1 + rnd.int(7));
        schedule = { kind: 'weekdays', weekdays: [...days].sort((a, b) => a - b) };
      } else schedule = { kind: 'alternate' };
      slot = rnd.pick(daySlots.length ? daySlots : slots);
    } else if (kind === 'oxygen') {
      categoryId = oxygen!.id;
      productId = rnd.pick(cylinders).id;
      returnQuantity = 1;
      schedule = { kind: 'everyNDays', everyNDays: rnd.pick([3, 4, 5, 7, 10]) };
      slot = rnd.pick(daySlots.length ? daySlots : slots);
    } else {
      categoryId = tiffin.id;
      const plan = rnd.pick(planList);
      planId = plan.id;
      quantity = rnd.next() < 0.15 ? 2 : 1;
      schedule = { kind: 'daily' };
      endDate = addDays(startDate, plan.duration - 1);
      slot = rnd.pick(mealSlots.length ? mealSlots : slots);
    }
    const createdAt = new Date(
      Math.max(
        customer.createdAt.getTime() + MINUTE,
        Math.min(
          atIndia(addDays(startDate, -1 - rnd.int(3)), 9 * 60 + rnd.int(9 * 60)).getTime(),
          now.getTime() - 30 * MINUTE,
        ),
      ),
    );
    const by = admin();
    const sub: DemoSubscription = {
      kind,
      schedule,
      address: {
        fullAddress: address.fullAddress,
        city: address.city,
        state: address.state,
        pincode: address.pincode,
      },
      state: address.state,
      row: {
        id: uuidv7(),
        customerId: customer.id,
        categoryId,
        productId,
        planId,
        quantity,
        returnQuantity,
        scheduleKind: schedule.kind as ScheduleKind,
        weekdays: schedule.weekdays ?? [],
        intervalDays:
          schedule.kind === 'alternate'
            ? 2
            : schedule.kind === 'everyNDays'
              ? schedule.everyNDays!
              : 1,
        slot,
        addressId: address.id,
        pincode: address.pincode,
        startDate,
        endDate,
        paymentMethod: payment(),
        specialInstruction: rnd.next() < 0.15 ? rnd.pick(INSTRUCTIONS) : null,
        status: 'Active',
        statusReason: null,
        createdAt,
        updatedAt: createdAt,
      },
      pauses: [],
      skips: [],
      changes: [
        { action: 'created', adminId: by.id, adminName: by.name, note: null, at: createdAt },
      ],
    };
    subscriptions.push(sub);
  }

  // What happened since: plans that ran out, a few stopped, some paused (now or soon), skips.
  const change = (
    sub: DemoSubscription,
    action: string,
    at: Date,
    extra: { note?: string | null; changes?: Record<string, [unknown, unknown]>; system?: boolean },
  ) => {
    const by = extra.system ? null : admin();
    sub.changes.push({
      action,
      at,
      note: extra.note ?? null,
      changes: extra.changes ?? null,
      adminId: by?.id ?? null,
      adminName: by?.name ?? null,
    });
    sub.row.updatedAt = at;
  };
  const setStatus = (sub: DemoSubscription, status: SubscriptionStatus, reason: string | null) => {
    sub.row.status = status;
    sub.row.statusReason = reason;
  };
  const laterThan = (sub: DemoSubscription, day: string, minutes: number) =>
    new Date(
      Math.min(
        Math.max(atIndia(day, minutes).getTime(), sub.row.createdAt.getTime() + MINUTE),
        now.getTime() - MINUTE,
      ),
    );
  /** Skips the first scheduled day from `from` on (within a week). */
  const skipADay = (sub: DemoSubscription, from: string) => {
    for (let i = 0; i < 7; i++) {
      const day = addDays(from, i);
      if (isScheduledOn(sub.schedule, sub.row.startDate, sub.row.endDate, day)) {
        sub.skips.push(day);
        change(sub, 'skipped', laterThan(sub, addDays(day, -1), 12 * 60), {
          changes: { skip: [null, day] },
          note: rnd.next() < 0.5 ? 'Customer is away that day' : null,
        });
        return;
      }
    }
  };
  for (const sub of subscriptions) {
    const { row } = sub;
    const started = row.startDate <= today;
    if (row.endDate && row.endDate < today) {
      // The plan's days ran out: the clock ended it the evening after its last day.
      setStatus(sub, 'Ended', 'Plan finished');
      change(sub, 'ended', laterThan(sub, addDays(row.endDate, 1), 0), {
        changes: { status: ['Active', 'Ended'] },
        note: 'Plan finished',
        system: true,
      });
      continue;
    }
    const fate = rnd.next();
    if (started && sub.kind === 'water' && fate < 0.05) {
      const end = addDays(today, -(1 + rnd.int(4)));
      if (end >= row.startDate) {
        row.endDate = end;
        setStatus(sub, 'Ended', 'Customer moved away');
        change(sub, 'ended', laterThan(sub, end, 10 * 60), {
          changes: { status: ['Active', 'Ended'], endDate: [null, end] },
          note: 'Customer moved away',
        });
        continue;
      }
    }
    if (started && fate < 0.16) {
      // Paused since a few days ago, till a day to come or until resumed.
      const from = addDays(today, -rnd.int(5));
      if (from < row.startDate) continue;
      const to = rnd.next() < 0.7 ? addDays(today, 3 + rnd.int(12)) : null;
      const reason = rnd.pick(PAUSE_REASONS);
      const at = laterThan(sub, addDays(from, -1), 11 * 60 + rnd.int(8 * 60));
      const by = admin();
      sub.pauses.push({
        subscriptionId: row.id,
        fromDate: from,
        toDate: to,
        reason,
        extendEnd: false,
        adminId: by.id,
        createdAt: at,
      });
      setStatus(sub, 'Paused', reason);
      change(sub, 'paused', at, {
        changes: { status: ['Active', 'Paused'], pause: [null, { from, to }] },
        note: reason,
      });
    } else if (fate < 0.24) {
      // A pause booked for a trip next week.
      const from = addDays(today, 5 + rnd.int(5));
      const to = addDays(from, 2 + rnd.int(5));
      const reason = rnd.pick(PAUSE_REASONS);
      const at = laterThan(sub, today, 10 * 60);
      const by = admin();
      sub.pauses.push({
        subscriptionId: row.id,
        fromDate: from,
        toDate: to,
        reason,
        extendEnd: false,
        adminId: by.id,
        createdAt: at,
      });
      change(sub, 'paused', at, { changes: { pause: [null, { from, to }] }, note: reason });
    }
    if (sub.row.status === 'Active' && rnd.next() < 0.2) {
      // A day skipped: one of the last days or one of the coming week.
      skipADay(sub, rnd.next() < 0.5 ? addDays(today, -(1 + rnd.int(5))) : addDays(today, 1));
    }
  }
  // However few the customers, one skip to show.
  if (!subscriptions.some((s) => s.skips.length)) {
    const active = subscriptions.find((s) => s.row.status === 'Active');
    if (active) skipADay(active, addDays(today, 1));
  }

  // Holidays: next month's festival for every pin code, the plans due that day extended by a
  // day; a local holiday in two pin codes of the place most subscribers live in.
  const nextMonth = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const [festivalDay, festival] = FESTIVALS[nextMonth.getUTCMonth()]!;
  const festivalDate = `${nextMonth.toISOString().slice(0, 8)}${String(festivalDay).padStart(2, '0')}`;
  const boss = staff[0]!;
  const pins = [...new Set(subscriptions.map((s) => s.row.pincode))].sort();
  const localPins = pins.filter((p) => p.startsWith('400')).slice(0, 2);
  const holidays: (typeof holidaysTable.$inferInsert)[] = [
    {
      day: festivalDate,
      name: festival,
      pincodes: [],
      extendPlans: true,
      adminId: boss.id,
      createdAt: new Date(now.getTime() - 3 * DAY),
    },
    {
      day: addDays(today, 10),
      name: 'Local body elections',
      pincodes: localPins.length ? localPins : pins.slice(0, 2),
      extendPlans: false,
      adminId: boss.id,
      createdAt: new Date(now.getTime() - 2 * DAY),
    },
  ];
  for (const sub of subscriptions) {
    const { row } = sub;
    if (row.status === 'Ended' || !row.endDate || !row.planId) continue;
    if (!isScheduledOn(sub.schedule, row.startDate, row.endDate, festivalDate)) continue;
    const end = addDays(row.endDate, 1);
    change(sub, 'extended', new Date(now.getTime() - 3 * DAY + MINUTE), {
      changes: { endDate: [row.endDate, end] },
      note: `Holiday ${festivalDate} (${festival})`,
      system: true,
    });
    row.endDate = end;
  }

  // The orders the runs made: every scheduled day of the last week and today not paused,
  // skipped or a holiday, the evening before at the cut-off.
  const pausedOn = (sub: DemoSubscription, day: string) =>
    sub.pauses.some((p) => p.fromDate <= day && (!p.toDate || day <= p.toDate));
  const plansById = new Map(planList.map((p) => [p.id, p]));
  const productsById = new Map(products.map((p) => [p.id, p]));
  const standardCharge = Number(charges[0]?.standardCharge ?? 30);
  const gstPercent = Number(charges[0]?.gst ?? 18);
  // What each customer holds of each jar and cylinder, from the deliveries and approved returns
  // (as the ledger counts them, which a database seeded before the ledger does not have yet).
  const holding = new Map<string, number>();
  const held = await db.execute<{ customer_id: string; product_id: string; held: number }>(sql`
    SELECT customer_id, product_id, sum(n)::int AS held FROM (
      SELECT customer_id, product_id, quantity - return_quantity AS n FROM orders
        WHERE status = 'Delivered' AND product_id IS NOT NULL
      UNION ALL
      SELECT r.customer_id, o.product_id, -r.returned_quantity FROM return_requests r
        JOIN orders o ON o.id = r.order_id WHERE r.status = 'Approved'
    ) x GROUP BY customer_id, product_id`);
  for (const h of held.rows) holding.set(`${h.customer_id}:${h.product_id}`, Number(h.held));
  const ordered = new Set(
    (
      await db
        .selectDistinct({ customerId: ordersTable.customerId, categoryId: ordersTable.categoryId })
        .from(ordersTable)
    ).map((o) => `${o.customerId}:${o.categoryId}`),
  );
  // The moved tiffin plans are due today too (prepaid: their days are not charged again).
  const moved = await db
    .select()
    .from(subscriptionsTable)
    .where(and(eq(subscriptionsTable.prepaid, true), eq(subscriptionsTable.startDate, today)));
  const movedAddresses = moved.length
    ? await db
        .select()
        .from(customerAddressesTable)
        .where(
          inArray(
            customerAddressesTable.id,
            moved.map((m) => m.addressId),
          ),
        )
    : [];
  const all = [
    ...subscriptions,
    ...moved.map((m): DemoSubscription => {
      const a = movedAddresses.find((x) => x.id === m.addressId)!;
      return {
        row: { ...m, createdAt: m.createdAt },
        kind: 'tiffin',
        schedule: { kind: 'daily' },
        address: { fullAddress: a.fullAddress, city: a.city, state: a.state, pincode: a.pincode },
        state: a.state,
        pauses: [],
        skips: [],
        changes: [],
      };
    }),
  ];

  const cutoff = cutoffMinutes();
  const runs = new Map<string, { generated: number; skipped: Record<string, number> }>();
  const made: SeedOrder[] = [];
  for (let back = MADE_DAYS - 1; back >= 0; back--) {
    const day = addDays(today, -back);
    const run = { generated: 0, skipped: {} as Record<string, number> };
    runs.set(day, run);
    const skipped = (reason: string) => (run.skipped[reason] = (run.skipped[reason] ?? 0) + 1);
    for (const sub of all) {
      const { row } = sub;
      // A moved plan's first day is made as it moves (it did not exist at the cut-off).
      const madeAt = row.prepaid ? row.createdAt : atIndia(addDays(day, -1), cutoff);
      if (madeAt < row.createdAt) continue;
      if (!isScheduledOn(sub.schedule, row.startDate, row.endDate, day)) continue;
      if (pausedOn(sub, day)) skipped('paused');
      else if (sub.skips.includes(day)) skipped('skipped');
      else {
        const order = dayOrder(sub, day, madeAt);
        if (order) {
          made.push(order);
          run.generated++;
        }
      }
    }
  }

  function dayOrder(sub: DemoSubscription, day: string, madeAt: Date): SeedOrder | null {
    const { row } = sub;
    const service = categories.find((c) => c.id === row.categoryId)!;
    const plan = row.planId ? plansById.get(row.planId) : undefined;
    const product = row.productId ? productsById.get(row.productId) : undefined;
    if (!plan && !product) return null;
    const key = `${row.customerId}:${row.categoryId}`;
    const orderType = ordered.has(key) ? 'reorder' : 'fresh';
    ordered.add(key);
    // Priced as a phone order: the product's selling price and the delivery charge, or the
    // plan's price per day without one; GST as the invoice computes it. A prepaid plan: nothing.
    const price = row.prepaid
      ? 0
      : plan
        ? Math.round((plan.price / plan.duration) * 100) / 100
        : Number(product!.discountPrice) || Number(product!.price);
    const quantity = row.quantity ?? 1;
    const delivery = plan || row.prepaid ? 0 : standardCharge;
    const gst =
      orderTaxPaise(
        {
          principal: {
            description: plan?.name ?? product!.name,
            quantity,
            unitPrice: price,
            ...taxOfLine(product ?? null, service, gstPercent),
          },
          accessories: [],
          deliveryCharge: delivery,
          emergencyCharge: 0,
        },
        sub.state,
        // Against the demo business's state, as its invoice will tax it (saved after the orders).
        DEMO_BUSINESS.stateCode,
      ) / 100;
    const amount = Math.round(price * quantity * 100) / 100;

    const past = day < today;
    const steps: SeedOrder['steps'] = [];
    const start = slotStart(row.slot);
    if (past) {
      const rider = admin();
      const out = atIndia(day, Math.max(6 * 60, start - 45 + rnd.int(30)));
      if (rnd.next() < 0.03) {
        steps.push({
          status: 'Cancelled',
          at: atIndia(day, Math.max(6 * 60, start - 120)),
          adminId: rider.id,
          adminName: rider.name,
          note: 'Customer not at home',
        });
      } else {
        steps.push({
          status: 'Out for Delivery',
          at: out,
          adminId: rider.id,
          adminName: rider.name,
        });
        steps.push({
          status: 'Delivered',
          at: new Date(out.getTime() + (40 + rnd.int(80)) * MINUTE),
          adminId: rider.id,
          adminName: rider.name,
        });
      }
    }
    const status: OrderStatus = steps.at(-1)?.status ?? 'Pending';
    let returnQuantity = 0;
    if (product && row.returnQuantity) {
      const heldKey = `${row.customerId}:${product.id}`;
      const holds = holding.get(heldKey) ?? 0;
      returnQuantity = Math.min(row.returnQuantity ?? 0, holds);
      if (status === 'Delivered') holding.set(heldKey, holds - returnQuantity + quantity);
    }
    const total = Math.round((amount + delivery + gst) * 100) / 100;
    return {
      order: {
        orderId: newOrderNumber(madeAt),
        customerId: row.customerId,
        categoryId: row.categoryId,
        productId: row.productId ?? null,
        planId: row.planId ?? null,
        orderType,
        quantity,
        returnQuantity,
        price: fromMoney(price),
        amount: fromMoney(amount),
        deliveryCharge: fromMoney(delivery),
        emergencyCharge: fromMoney(0),
        gst: fromMoney(gst),
        totalAmount: fromMoney(total),
        paymentMethod: row.paymentMethod,
        isEmergency: false,
        status,
        deliveryTime: row.slot,
        startDate: plan ? day : null,
        endDate: plan ? day : null,
        specialInstruction: row.specialInstruction ?? null,
        addressId: plan ? null : row.addressId,
        address: plan ? null : sub.address,
        deliveryAddress: plan ? sub.address : null,
        pincode: row.pincode,
        subscriptionId: row.id,
        deliveryDay: day,
        createdAt: madeAt,
        updatedAt: steps.at(-1)?.at ?? madeAt,
      },
      steps,
      extras: [],
      placedNote: MADE_NOTE,
    };
  }

  if (subscriptions.length) {
    await db.insert(subscriptionsTable).values(subscriptions.map((s) => s.row));
    await db
      .insert(subscriptionChangesTable)
      .values(
        subscriptions.flatMap((s) => s.changes.map((c) => ({ ...c, subscriptionId: s.row.id }))),
      );
    const pauses = subscriptions.flatMap((s) => s.pauses);
    if (pauses.length) await db.insert(subscriptionPausesTable).values(pauses);
    const skips = subscriptions.flatMap((s) =>
      s.skips.map((day) => ({ subscriptionId: s.row.id, day, adminId: admin().id })),
    );
    if (skips.length) await db.insert(subscriptionSkipsTable).values(skips);
  }
  await db.insert(holidaysTable).values(holidays);
  // The cut-off the runs above were made at (the default), unless one is set.
  await db.insert(rosterSettingsTable).values({ cutoff: CUTOFF }).onConflictDoNothing();
  made.sort((a, b) => a.order.createdAt!.getTime() - b.order.createdAt!.getTime());
  await writeSeedOrders(db, made);
  // The clock's run of each day, at the cut-off the evening before.
  const runRows = [...runs].map(([day, { generated, skipped }]) => {
    const startedAt = atIndia(addDays(day, -1), cutoff);
    return {
      day,
      trigger: 'clock' as const,
      status: 'done' as const,
      generated,
      skipped,
      startedAt,
      finishedAt: new Date(startedAt.getTime() + 2_000 + rnd.int(3_000)),
    };
  });
  if (runRows.length) await db.insert(rosterRunsTable).values(runRows);
}
