import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, indiaDay } from '@shared/time';
import { checkCounters } from '@server/db/counters';
import { deliveryTimesTable, type OrderStatus } from '@server/db/schema';
import { placeOrder } from '@server/modules/orders/placeOrder';
import { createOrderFixtures, type OrderFixtures } from './orderFixtures';
import { createTestServer, type TestServer } from './helpers';

const MIGRATION = new URL(
  '../../server/db/migrations/0035_tiffin_to_subscriptions.sql',
  import.meta.url,
);
const MOVED_NOTE = 'Plan moved to subscription: its days are delivered as their own orders';

/** The migration's statements, run one by one as drizzle's migrator runs them. */
async function runMigration(s: TestServer) {
  const text = await readFile(MIGRATION, 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await s.db.execute(sql.raw(statement));
  }
}

/**
 * Migration tiffin_to_subscriptions on a database as it was before subscriptions: tiffin orders
 * as the demo seed writes them (one order spanning the plan's days, no address id, the delivery
 * address and the kitchen's pickup address), some still running, some not.
 */
describe('migration tiffin_to_subscriptions', () => {
  let s: TestServer;
  let f: OrderFixtures;
  const today = indiaDay();
  const rows = async <T>(query: ReturnType<typeof sql>) => (await s.db.execute(query)).rows as T[];
  const orders: Record<string, { id: string; orderId: string }> = {};

  /** A tiffin order as the seed writes one, of customer `customer`, from `start` to `end`. */
  const tiffin = async (
    name: string,
    o: {
      customer: number;
      start: string;
      end: string;
      status: OrderStatus;
      deliveryTime?: string | null;
      paymentMethod?: string | null;
      quantity?: number;
    },
  ) => {
    const base = f.newOrder({ kind: 'tiffin', customer: o.customer });
    const placed = new Date(Date.parse(`${o.start}T04:00:00Z`) - 86_400_000);
    const order = await placeOrder(s.db, {
      ...base,
      addressId: null,
      address: null,
      quantity: o.quantity ?? 1,
      startDate: o.start,
      endDate: o.end,
      deliveryTime: o.deliveryTime === undefined ? '12:30 PM - 1:30 PM' : o.deliveryTime,
      paymentMethod: o.paymentMethod === undefined ? 'Online' : o.paymentMethod,
      createdAt: placed,
      later:
        o.status === 'Pending'
          ? []
          : [{ status: o.status, at: new Date(placed.getTime() + 86_400_000) }],
    });
    orders[name] = { id: order.id, orderId: order.orderId };
  };

  beforeAll(async () => {
    s = await createTestServer();
    f = await createOrderFixtures(s.db);
    await s.db.insert(deliveryTimesTable).values({
      id: 'default',
      pickupTime: ['8:00 AM - 11:00 AM'],
      deliveryTime: ['7:30 PM - 8:30 PM', '5:00 PM - 8:00 PM'],
      gapHours: 6,
    });
    // Running: started ten days ago, out for delivery every day; and one starting tomorrow.
    await tiffin('running', {
      customer: 1,
      start: addDays(today, -10),
      end: addDays(today, 19),
      status: 'Out for Delivery',
      quantity: 2,
    });
    await tiffin('tomorrow', {
      customer: 2,
      start: addDays(today, 1),
      end: addDays(today, 7),
      status: 'Pending',
      deliveryTime: null,
      paymentMethod: null,
    });
    await tiffin('last day', {
      customer: 3,
      start: addDays(today, -6),
      end: today,
      status: 'Out for Delivery',
    });
    // Not running: ended yesterday, cancelled, delivered.
    await tiffin('ended', {
      customer: 0,
      start: addDays(today, -30),
      end: addDays(today, -1),
      status: 'Out for Delivery',
    });
    await tiffin('cancelled', {
      customer: 0,
      start: addDays(today, -2),
      end: addDays(today, 27),
      status: 'Cancelled',
    });
    await tiffin('delivered', {
      customer: 0,
      start: addDays(today, -3),
      end: addDays(today, 3),
      status: 'Delivered',
    });
    await f.place({ kind: 'water', customer: 0, status: 'Out for Delivery' });
    await runMigration(s);
  }, 60_000);
  afterAll(() => s.close());

  it('turns each running tiffin order into a prepaid daily subscription from today', async () => {
    const subs = await rows<Record<string, unknown>>(sql`select s.customer_id, s.category_id,
        s.plan_id, s.product_id, s.quantity, s.schedule_kind, s.interval_days, s.weekdays, s.slot,
        s.address_id, s.pincode, s.start_date::text, s.end_date::text, s.payment_method,
        s.status, s.prepaid, h.note, h.action, h.admin_id
      from subscriptions s join subscription_changes h on h.subscription_id = s.id
      order by s.start_date, s.end_date`);
    const customer = (i: number) => f.customers[i]!;
    const common = {
      category_id: f.services.tiffin.id,
      plan_id: f.plan.id,
      product_id: null,
      schedule_kind: 'daily',
      interval_days: 1,
      weekdays: [],
      status: 'Active',
      prepaid: true,
      action: 'created',
      admin_id: null,
    };
    expect(subs).toEqual([
      {
        ...common,
        customer_id: customer(3).id,
        address_id: customer(3).addressId,
        pincode: customer(3).address.pincode,
        quantity: 1,
        slot: '12:30 PM - 1:30 PM',
        start_date: today,
        end_date: today,
        payment_method: 'Online',
        note: `Moved from order ${orders['last day']!.orderId}`,
      },
      {
        ...common,
        customer_id: customer(1).id,
        address_id: customer(1).addressId,
        pincode: customer(1).address.pincode,
        quantity: 2,
        slot: '12:30 PM - 1:30 PM',
        start_date: today,
        end_date: addDays(today, 19),
        payment_method: 'Online',
        note: `Moved from order ${orders.running!.orderId}`,
      },
      {
        ...common,
        customer_id: customer(2).id,
        address_id: customer(2).addressId,
        pincode: customer(2).address.pincode,
        quantity: 1,
        // No delivery time on the order: the first of Settings > Delivery Times.
        slot: '7:30 PM - 8:30 PM',
        start_date: addDays(today, 1),
        end_date: addDays(today, 7),
        payment_method: 'Online',
        note: `Moved from order ${orders.tomorrow!.orderId}`,
      },
    ]);
  });

  it('marks the moved orders delivered, saying why, and leaves the others alone', async () => {
    const found = await rows<{ id: string; status: string; note: string | null; from: string }>(
      sql`select o.id, o.status, h.note, h.from_status "from" from orders o
        left join order_status_history h on h.order_id = o.id and h.to_status = 'Delivered'
          and h.at = o.updated_at`,
    );
    const status = (name: string) => found.find((o) => o.id === orders[name]!.id);
    for (const [name, from] of [
      ['running', 'Out for Delivery'],
      ['tomorrow', 'Pending'],
      ['last day', 'Out for Delivery'],
    ] as const) {
      expect(status(name), name).toMatchObject({ status: 'Delivered', note: MOVED_NOTE, from });
    }
    expect(status('ended')?.status).toBe('Out for Delivery');
    expect(status('cancelled')?.status).toBe('Cancelled');
    expect(status('delivered')).toMatchObject({ status: 'Delivered', note: null });
    expect(found.filter((o) => o.note === MOVED_NOTE)).toHaveLength(3);
    // The order counters followed the status change.
    expect(await checkCounters(s.db)).toEqual([]);
  });

  it('moves nothing when run again', async () => {
    const count = sql`select (select count(*)::int from subscriptions) subscriptions,
      (select count(*)::int from subscription_changes) changes,
      (select count(*)::int from order_status_history) history`;
    const before = await rows(count);
    await runMigration(s);
    const [again] = await rows<{ n: number }>(sql`select tiffin_orders_to_subscriptions()::int n`);
    expect(again!.n).toBe(0);
    expect(await rows(count)).toEqual(before);
  });
});
