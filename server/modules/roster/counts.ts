import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { COUNTED, countJoins, dueOn, madeOn } from './due';

/** One line of a day's counts: a product or plan, in a slot, to a pin code. */
export interface RosterRow {
  serviceId: string;
  serviceName: string;
  serviceKind: string;
  itemId: string | null;
  itemName: string;
  slot: string;
  pincode: string;
  deliveries: number;
  quantity: number;
}

export interface Roster {
  date: string;
  made: boolean;
  rows: RosterRow[];
  totals: {
    deliveries: number;
    quantity: number;
    byItem: { serviceName: string; itemName: string; deliveries: number; quantity: number }[];
    bySlot: { slot: string; deliveries: number; quantity: number }[];
  };
}

interface CountRow extends Record<string, unknown> {
  category_id: string;
  item_id: string | null;
  slot: string | null;
  pincode: string;
  deliveries: number;
  quantity: number;
}

/**
 * A day's counts (issue 35 "Tomorrow"): deliveries and quantity per service, product or plan,
 * slot and pin code. A made day (its orders exist) counts its orders that are not cancelled,
 * from orders_delivery_day_idx alone; any other day is projected from the subscriptions due
 * then that a run would make (after pauses, skips, holidays and the other reasons).
 */
export async function dayRoster(db: Database, date: string, serviceId?: string): Promise<Roster> {
  const { rows: madeRows } = await db.execute<{ made: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM orders WHERE delivery_day = ${date}::date) AS made`,
  );
  const made = madeRows[0]?.made === true;
  const counted = made
    ? await madeCounts(db, date, serviceId)
    : await projectedCounts(db, date, serviceId);
  const rows = await named(db, counted);
  return { date, made, rows, totals: totalsOf(rows) };
}

function madeCounts(db: Database, date: string, serviceId?: string) {
  const service = serviceId ? sql`AND category_id = ${serviceId}` : sql``;
  return db
    .execute<CountRow>(
      sql`
      SELECT category_id, coalesce(product_id, plan_id) AS item_id, delivery_time AS slot,
        pincode, count(*)::int AS deliveries, sum(quantity)::int AS quantity
      FROM orders
      WHERE delivery_day = ${date}::date AND status <> 'Cancelled' ${service}
      GROUP BY category_id, product_id, plan_id, delivery_time, pincode`,
    )
    .then((r) => r.rows);
}

function projectedCounts(db: Database, date: string, serviceId?: string) {
  const service = serviceId ? sql`AND s.category_id = ${serviceId}` : sql``;
  return db
    .execute<CountRow>(
      sql`
      SELECT s.category_id, coalesce(s.product_id, s.plan_id) AS item_id, s.slot,
        s.pincode, count(*)::int AS deliveries, sum(s.quantity)::int AS quantity
      FROM subscriptions s ${countJoins}
      WHERE ${dueOn(date)} ${service} AND ${madeOn(date, COUNTED)}
      GROUP BY s.category_id, s.product_id, s.plan_id, s.slot, s.pincode`,
    )
    .then((r) => r.rows);
}

/** The counts with their service's, product's or plan's names, in a stable order. */
async function named(db: Database, counted: CountRow[]): Promise<RosterRow[]> {
  if (!counted.length) return [];
  const itemIds = [...new Set(counted.map((c) => c.item_id).filter((id) => id !== null))];
  const { rows: names } = await db.execute<{ id: string; name: string; kind: string | null }>(sql`
    SELECT id, name, kind FROM categories
    UNION ALL SELECT id, name, NULL FROM products WHERE id = ANY (${sql.param(itemIds)}::text[])
    UNION ALL SELECT id, name, NULL FROM plans WHERE id = ANY (${sql.param(itemIds)}::text[])`);
  const byId = new Map(names.map((n) => [n.id, n]));
  return counted
    .map((c) => {
      const service = byId.get(c.category_id);
      return {
        serviceId: c.category_id,
        serviceName: service?.name ?? '',
        serviceKind: service?.kind ?? 'other',
        itemId: c.item_id,
        itemName: (c.item_id && byId.get(c.item_id)?.name) || '',
        slot: c.slot ?? '',
        pincode: c.pincode,
        deliveries: Number(c.deliveries),
        quantity: Number(c.quantity),
      };
    })
    .sort(
      (x, y) =>
        x.serviceName.localeCompare(y.serviceName) ||
        x.itemName.localeCompare(y.itemName) ||
        x.slot.localeCompare(y.slot) ||
        x.pincode.localeCompare(y.pincode),
    );
}

function totalsOf(rows: RosterRow[]): Roster['totals'] {
  const byItem = new Map<string, Roster['totals']['byItem'][number]>();
  const bySlot = new Map<string, Roster['totals']['bySlot'][number]>();
  let deliveries = 0;
  let quantity = 0;
  for (const r of rows) {
    deliveries += r.deliveries;
    quantity += r.quantity;
    const itemKey = `${r.serviceId}|${r.itemId ?? ''}`;
    const item = byItem.get(itemKey) ?? {
      serviceName: r.serviceName,
      itemName: r.itemName,
      deliveries: 0,
      quantity: 0,
    };
    item.deliveries += r.deliveries;
    item.quantity += r.quantity;
    byItem.set(itemKey, item);
    const slot = bySlot.get(r.slot) ?? { slot: r.slot, deliveries: 0, quantity: 0 };
    slot.deliveries += r.deliveries;
    slot.quantity += r.quantity;
    bySlot.set(r.slot, slot);
  }
  return { deliveries, quantity, byItem: [...byItem.values()], bySlot: [...bySlot.values()] };
}
