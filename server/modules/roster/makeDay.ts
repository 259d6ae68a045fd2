import { inArray, sql } from 'drizzle-orm';
import { indiaDay } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import {
  accessoriesTable,
  orderAccessoriesTable,
  ordersTable,
  orderStatusHistoryTable,
  type OrderAddress,
} from '../../db/schema';
import { isUniqueViolation } from '../../lib/errors';
import { fromMoney } from '../../lib/money';
import type { SubscriptionAccessory } from '../subscriptions/tables';
import { createBusinessRepository } from '../business/repository';
import { createDeliverySettingsRepository } from '../deliverySettings/repository';
import type { TaxClass } from '../invoices/document';
import { newOrderNumber } from '../orders/placeOrder';
import { priceOrder, sellingPrice, type PricingCharges } from '../orders/pricing';
import { dueJoins, dueOn, stopReason, type SkipReason } from './due';
import { asOnlyRunner } from './lock';
import { createRunRepository, INTERRUPTED, type RosterRunRow } from './runs';
import { refreshSubscriptionStatuses } from '../subscriptions/statuses';

/** Who makes a day: the clock at the cut-off, or an admin's "Make this day now". */
export type RunBy =
  { trigger: 'clock' } | { trigger: 'admin'; admin: { id: string; name: string } };

/** The note on a made order's first history row. */
export const MADE_NOTE = 'Made from subscription';

/** A prepaid plan's day: nothing more to pay. */
const PREPAID_DAY = { price: 0, deliveryCharge: 0, emergencyCharge: 0, gst: 0 } as const;

/** Subscriptions read, priced and inserted per transaction. */
export const MAKE_BATCH = 500;

export interface MakeDayOptions {
  batchSize?: number;
  /** Aborted (the server shutting down): the run stops between batches, marked interrupted. */
  signal?: AbortSignal;
  /** The time now (the clock's, in tests); default the real one. */
  now?: () => Date;
}

/** One due subscription with what its order needs (one SELECT per batch). */
interface DueRow extends Record<string, unknown> {
  id: string;
  customer_id: string;
  category_id: string;
  product_id: string | null;
  plan_id: string | null;
  accessories: SubscriptionAccessory[] | null;
  quantity: number;
  return_quantity: number;
  slot: string;
  address_id: string;
  payment_method: string;
  special_instruction: string | null;
  prepaid: boolean;
  full_address: string;
  city: string;
  state: string;
  pincode: string;
  service_kind: string;
  service_hsn: string | null;
  service_gst: string | null;
  product_name: string | null;
  product_price: string | null;
  product_discount: string | null;
  product_hsn: string | null;
  product_gst: string | null;
  plan_name: string | null;
  plan_price: string | null;
  plan_duration: number | null;
  has_ordered: boolean;
  /** The customer's balance (rupees) and whether a day it cannot pay is left out. */
  wallet: string;
  pays_from_balance: boolean;
  /** The day's order of this subscription exists already (a second run). */
  made: boolean;
  reason: SkipReason | null;
}

interface Totals {
  generated: number;
  alreadyMade: number;
  skipped: Record<string, number>;
}

/** What every order of the run is priced with: read once per run. */
interface RunContext {
  day: string;
  by: RunBy;
  charges: PricingCharges;
  sellerStateCode: string | undefined;
  /** customer|service pairs given a `fresh` order in this run (later ones are reorders). */
  freshGiven: Set<string>;
  /** Paise of the orders this run made for each customer who pays from a low-pausing balance. */
  needed: Map<string, number>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Makes `day`'s deliveries (issue 35): each subscription due that day becomes one Pending order,
 * priced as a phone order is (priceOrder), unless a pause, a skip, a holiday, a blocked customer,
 * an inactive service, product or plan, or a pin code not served stops it (counted by reason).
 *
 * Exactly once: the orders' unique key (subscription_id, delivery_day) makes a second insert of a
 * day do nothing, and one runner at a time (asOnlyRunner: 409 for a second). Set-based, in
 * batches by subscription id, each its own short transaction (one SELECT, one multi-row INSERT
 * ... ON CONFLICT DO NOTHING, then the accessories and first history rows of those inserted), and
 * the event loop is given back between batches so the panel keeps answering. Every run is a row
 * of roster_runs; a failure marks it failed with its message (the orders of the batches done
 * stay: running the day again makes the rest). Answers the run row.
 */
export async function makeDeliveryDay(
  db: Database,
  day: string,
  by: RunBy,
  opts: MakeDayOptions = {},
): Promise<RosterRunRow> {
  return asOnlyRunner(db, async () => {
    const runs = createRunRepository(db);
    await runs.closeInterrupted();
    const run = await runs.start(day, by.trigger, by.trigger === 'admin' ? by.admin : undefined);
    const totals: Totals = { generated: 0, alreadyMade: 0, skipped: {} };
    try {
      // Statuses as of the day made, but never ahead of today: a past day caught up keeps the
      // subscriptions that ended since.
      const today = indiaDay(opts.now?.() ?? new Date());
      await refreshSubscriptionStatuses(db, day < today ? day : today);
      const [charges, seller] = await Promise.all([
        createDeliverySettingsRepository(db).getCharge(),
        createBusinessRepository(db).get(),
      ]);
      const context: RunContext = {
        day,
        by,
        charges,
        sellerStateCode: seller?.stateCode,
        freshGiven: new Set(),
        needed: new Map(),
      };
      const size = opts.batchSize ?? MAKE_BATCH;
      let after = '';
      for (;;) {
        if (opts.signal?.aborted) throw new Error(INTERRUPTED);
        const last = await makeBatch(db, context, after, size, totals);
        if (last === null) break;
        after = last;
        await yieldToEventLoop();
      }
      return await runs.finish(run.id, { status: 'done', ...totals, error: null });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return runs.finish(run.id, { status: 'failed', ...totals, error: message.slice(0, 1000) });
    }
  });
}

/**
 * One batch: the next `size` due subscriptions after `after` by id, made in one transaction
 * (retried with fresh order numbers should one collide). Answers the last id read, or null when
 * none was left.
 */
async function makeBatch(
  db: Database,
  context: RunContext,
  after: string,
  size: number,
  totals: Totals,
): Promise<string | null> {
  for (let attempt = 1; ; attempt++) {
    const counted: Totals = { generated: 0, alreadyMade: 0, skipped: {} };
    const fresh = new Set<string>();
    const needed = new Map(context.needed);
    try {
      const last = await db.transaction((tx) =>
        makeBatchIn(tx, { ...context, needed }, after, size, counted, fresh),
      );
      context.needed = needed;
      totals.generated += counted.generated;
      totals.alreadyMade += counted.alreadyMade;
      for (const [reason, n] of Object.entries(counted.skipped)) {
        totals.skipped[reason] = (totals.skipped[reason] ?? 0) + n;
      }
      for (const key of fresh) context.freshGiven.add(key);
      return last;
    } catch (err) {
      // Random order numbers: a collision among a day's tens of thousands is rare, not never.
      if (attempt < 3 && isUniqueViolation(err, 'orders_order_id_key')) continue;
      throw err;
    }
  }
}

async function makeBatchIn(
  tx: Transaction,
  context: RunContext,
  after: string,
  size: number,
  totals: Totals,
  freshGiven: Set<string>,
): Promise<string | null> {
  const { day } = context;
  const { rows } = await tx.execute<DueRow>(sql`
    SELECT s.id, s.customer_id, s.category_id, s.product_id, s.plan_id, s.accessories,
      s.quantity, s.return_quantity, s.slot, s.address_id, s.payment_method,
      s.special_instruction, s.prepaid, a.full_address, a.city, a.state, a.pincode,
      c.kind AS service_kind, c.hsn_code AS service_hsn, c.gst_rate::text AS service_gst,
      p.name AS product_name, p.price::text AS product_price,
      p.discount_price::text AS product_discount, p.hsn_code AS product_hsn,
      p.gst_rate::text AS product_gst,
      pl.name AS plan_name, pl.price::text AS plan_price, pl.duration AS plan_duration,
      EXISTS (SELECT 1 FROM customer_order_counts n WHERE n.customer_id = s.customer_id
        AND n.category_id = s.category_id AND n.n > 0) AS has_ordered,
      cu.wallet::text AS wallet,
      (cu.billing_mode = 'prepaid' AND cu.pause_when_low AND s.payment_method = 'Wallet')
        AS pays_from_balance,
      EXISTS (SELECT 1 FROM orders o WHERE o.subscription_id = s.id
        AND o.delivery_day = ${day}::date) AS made,
      ${stopReason(day)} AS reason
    FROM subscriptions s ${dueJoins}
    WHERE s.id > ${after} AND ${dueOn(day)}
    ORDER BY s.id
    LIMIT ${size}`);
  if (!rows.length) return null;

  const made = rows.filter((r) => {
    if (!r.reason) return true;
    totals.skipped[r.reason] = (totals.skipped[r.reason] ?? 0) + 1;
    return false;
  });
  if (made.length) await insertOrders(tx, context, made, totals, freshGiven);
  return rows.at(-1)!.id;
}

type AccessoryRow = typeof accessoriesTable.$inferSelect;

async function insertOrders(
  tx: Transaction,
  context: RunContext,
  due: DueRow[],
  totals: Totals,
  freshGiven: Set<string>,
) {
  const { day, by } = context;
  const accessoryIds = [
    ...new Set(due.flatMap((r) => (r.accessories ?? []).map((a) => a.accessoryId))),
  ];
  const accessories = new Map<string, AccessoryRow>(
    accessoryIds.length
      ? (
          await tx.select().from(accessoriesTable).where(inArray(accessoriesTable.id, accessoryIds))
        ).map((a) => [a.id, a])
      : [],
  );

  const createdAt = new Date();
  const chosenBySubscription = new Map<
    string,
    { accessoryId: string; name: string; quantity: number; amount: number }[]
  >();
  const values = due.map((r) => {
    const service: TaxClass = { hsnCode: r.service_hsn, gstRate: r.service_gst };
    // An accessory since deleted, made inactive or moved to another service is left out.
    const chosen = (r.accessories ?? []).flatMap((wanted) => {
      const a = accessories.get(wanted.accessoryId);
      if (!a || a.status !== 'Active' || a.categoryId !== r.category_id) return [];
      return [
        {
          accessoryId: a.id,
          name: a.name,
          quantity: wanted.quantity,
          amount: sellingPrice(a),
          tax: a,
        },
      ];
    });
    chosenBySubscription.set(r.id, chosen);
    const item = r.plan_id
      ? {
          kind: 'plan' as const,
          name: r.plan_name!,
          price: r.plan_price!,
          duration: r.plan_duration!,
        }
      : {
          kind: 'product' as const,
          name: r.product_name!,
          price: r.product_price!,
          discountPrice: r.product_discount!,
          hsnCode: r.product_hsn,
          gstRate: r.product_gst,
        };
    // A plan already paid in full (moved from a tiffin order, migration 0035): its days are
    // delivered at no charge, so the plan's money is not asked for twice.
    const priced = r.prepaid
      ? PREPAID_DAY
      : priceOrder({
          item,
          service,
          quantity: r.quantity,
          accessories: chosen,
          charges: context.charges,
          isEmergency: false,
          buyerState: r.state,
          sellerStateCode: context.sellerStateCode,
        });
    const amount = r.prepaid
      ? 0
      : round2(
          priced.price * r.quantity + chosen.reduce((sum, a) => sum + a.amount * a.quantity, 0),
        );
    const total = round2(amount + priced.deliveryCharge + priced.emergencyCharge + priced.gst);
    // A customer's first order of a service is `fresh` (as the app and phone orders).
    const pair = `${r.customer_id}|${r.category_id}`;
    const isFresh = !r.has_ordered && !context.freshGiven.has(pair) && !freshGiven.has(pair);
    if (isFresh) freshGiven.add(pair);
    const address: OrderAddress = {
      fullAddress: r.full_address,
      city: r.city,
      state: r.state,
      pincode: r.pincode,
    };
    const isTiffin = r.plan_id !== null;
    return {
      orderId: newOrderNumber(createdAt),
      customerId: r.customer_id,
      categoryId: r.category_id,
      productId: r.product_id,
      planId: r.plan_id,
      orderType: isFresh ? ('fresh' as const) : ('reorder' as const),
      quantity: r.quantity,
      returnQuantity: r.return_quantity,
      price: fromMoney(priced.price),
      amount: fromMoney(amount),
      deliveryCharge: fromMoney(priced.deliveryCharge),
      emergencyCharge: fromMoney(priced.emergencyCharge),
      gst: fromMoney(priced.gst),
      totalAmount: fromMoney(total),
      paymentMethod: r.payment_method,
      isEmergency: false,
      status: 'Pending' as const,
      deliveryTime: r.slot,
      startDate: isTiffin ? day : null,
      endDate: isTiffin ? day : null,
      specialInstruction: r.special_instruction,
      addressId: r.address_id,
      address,
      deliveryAddress: isTiffin ? address : null,
      pincode: r.pincode,
      subscriptionId: r.id,
      deliveryDay: day,
      createdAt,
      updatedAt: createdAt,
    };
  });

  // A prepaid customer who pauses when low is not made a day the balance cannot pay, counting
  // the orders this run already made for them (oldest subscription id first).
  const affordable = values.filter((v, i) => {
    const r = due[i]!;
    if (!r.pays_from_balance || r.made) return true;
    const cost = Math.round(Number(v.totalAmount) * 100);
    const needed = (context.needed.get(r.customer_id) ?? 0) + cost;
    if (needed > Math.round(Number(r.wallet) * 100)) {
      totals.skipped.balance = (totals.skipped.balance ?? 0) + 1;
      if (v.orderType === 'fresh') freshGiven.delete(`${r.customer_id}|${r.category_id}`);
      return false;
    }
    context.needed.set(r.customer_id, needed);
    return true;
  });
  if (!affordable.length) return;

  const inserted = await tx
    .insert(ordersTable)
    .values(affordable)
    .onConflictDoNothing({
      target: [ordersTable.subscriptionId, ordersTable.deliveryDay],
      where: sql`${ordersTable.subscriptionId} IS NOT NULL`,
    })
    .returning({ id: ordersTable.id, subscriptionId: ordersTable.subscriptionId });
  totals.generated += inserted.length;
  totals.alreadyMade += affordable.length - inserted.length;
  if (!inserted.length) return;

  const accessoryRows = inserted.flatMap((o) =>
    (chosenBySubscription.get(o.subscriptionId!) ?? []).map((a) => ({
      orderId: o.id,
      accessoryId: a.accessoryId,
      name: a.name,
      quantity: a.quantity,
      amount: fromMoney(a.amount),
    })),
  );
  if (accessoryRows.length) await tx.insert(orderAccessoriesTable).values(accessoryRows);
  await tx.insert(orderStatusHistoryTable).values(
    inserted.map((o) => ({
      orderId: o.id,
      fromStatus: null,
      toStatus: 'Pending' as const,
      adminId: by.trigger === 'admin' ? by.admin.id : null,
      adminName: by.trigger === 'admin' ? by.admin.name : null,
      note: MADE_NOTE,
      at: createdAt,
    })),
  );
}
