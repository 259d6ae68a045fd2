import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  orderAccessoriesTable,
  ordersTable,
  orderStatusHistoryTable,
  productsTable,
  returnableBalancesTable,
} from '../../db/schema';
import { ORDERS_CHANNEL } from '../../lib/liveBus';
import type { RiderMessageKey } from '@shared/riderMessages';
import { addressLine } from '../orders/jobSheet';
import { createOrderDetails } from '../orders/details';
import { joinedFrom } from '../orders/rows';
import type { AccessoryRow, OrderRow } from '../orders/dto';
import { changeStatuses } from '../orders/statusChanges';
import { createRiderRepository } from '../riders/repository';
import type { SignedInRider } from './sessions';
import { riderActionsTable, type RiderActionKind } from './tables';
import type {
  CollectMethod,
  DeliverBody,
  NotDeliveredBody,
  NotDeliveredReason,
  StopDto,
} from './schemas';

/** A refusal in the rider's language: the route makes it (status, catalogue key, values). */
export type Refuse = (
  status: 400 | 403 | 404 | 409,
  key: RiderMessageKey,
  values?: Record<string, string | number>,
) => Error;

/** Money in the rider's language, for the messages that name it. */
export interface RiderWords {
  money(rupees: number): string;
}

type ActionRow = typeof riderActionsTable.$inferSelect;

/** What the customer pays: the total, or price + delivery charge on older orders (paise). */
const paidPaise = (o: OrderRow['order']) =>
  o.totalAmount !== null
    ? Math.round(Number(o.totalAmount) * 100)
    : Math.round((Number(o.price) + Number(o.deliveryCharge)) * 100);

/** Empties come back on water (jars) and oxygen (cylinders) orders of a returnable product. */
function emptiesKind(row: OrderRow, returnable: boolean): 'jar' | 'cylinder' | null {
  if (!returnable) return null;
  if (row.service.kind === 'water') return 'jar';
  if (row.service.kind === 'oxygen') return 'cylinder';
  return null;
}

/** The hash of an action's content: the same key sent with other content is refused. */
function fingerprintOf(kind: RiderActionKind, content: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([kind, content]))
    .digest('hex');
}

/** What the route answers after a write: the stop as it stands now. */
export type ActionOutcome = { kind: 'done' | 'replayed'; orderId: string };

/**
 * The rider app's reads and writes (issue 40). Stops are the rider's run of the day as the run
 * sheet reads it (orders_rider_run_idx, at most RUN_BOUND); each action is one transaction that
 * records the action under its idempotency key, checks it against the order locked for update,
 * and changes the order through the same code as an admin's status change, so the jars ledger,
 * the invoice, the account and the counters follow by their triggers.
 */
export function createRiderAppRepository(db: Database) {
  const riders = createRiderRepository(db);
  const details = createOrderDetails(db);

  /** Whether each order's product is returnable (a handful of products). */
  async function returnableProducts(rows: OrderRow[]): Promise<Set<string>> {
    const ids = [...new Set(rows.flatMap((r) => (r.product ? [r.product.id] : [])))];
    if (!ids.length) return new Set();
    const found = await db
      .select({ id: productsTable.id })
      .from(productsTable)
      .where(and(inArray(productsTable.id, ids), eq(productsTable.returnable, true)));
    return new Set(found.map((p) => p.id));
  }

  /** Empties each customer holds of each product, by `customerId:productId`. */
  async function holdings(pairs: { customerId: string; itemId: string }[]) {
    const held = new Map<string, number>();
    if (!pairs.length) return held;
    const b = returnableBalancesTable;
    const rows = await db
      .select({ customerId: b.customerId, itemId: b.itemId, outstanding: b.outstanding })
      .from(b)
      .where(
        sql`(${b.customerId}, ${b.itemId}) in (${sql.join(
          pairs.map((p) => sql`(${p.customerId}, ${p.itemId})`),
          sql`, `,
        )})`,
      );
    for (const r of rows) held.set(`${r.customerId}:${r.itemId}`, r.outstanding);
    return held;
  }

  async function deliveredAtOf(orderIds: string[]): Promise<Map<string, Date>> {
    const at = new Map<string, Date>();
    if (!orderIds.length) return at;
    const h = orderStatusHistoryTable;
    const rows = await db
      .select({ orderId: h.orderId, at: sql<Date>`max(${h.at})`.mapWith(h.at) })
      .from(h)
      .where(and(inArray(h.orderId, orderIds), eq(h.toStatus, 'Delivered')))
      .groupBy(h.orderId);
    for (const r of rows) at.set(r.orderId, r.at);
    return at;
  }

  /** The stops of these orders, in the order of `rows`. */
  async function stopsOf(rows: OrderRow[]): Promise<StopDto[]> {
    const ids = rows.map((r) => r.order.id);
    const [accessories, actions, returnable, deliveredAt] = await Promise.all([
      details.accessoriesOf(ids),
      actionsByOrder(db, ids),
      returnableProducts(rows),
      deliveredAtOf(ids),
    ]);
    const held = await holdings(
      rows.flatMap((r) =>
        r.product && returnable.has(r.product.id)
          ? [{ customerId: r.order.customerId, itemId: r.product.id }]
          : [],
      ),
    );
    return rows.map((row) =>
      toStop(row, {
        accessories: accessories.get(row.order.id) ?? [],
        actions: actions.get(row.order.id) ?? [],
        returnable: !!row.product && returnable.has(row.product.id),
        held: row.product ? (held.get(`${row.order.customerId}:${row.product.id}`) ?? 0) : 0,
        deliveredAt: deliveredAt.get(row.order.id) ?? null,
      }),
    );
  }

  /**
   * Records the action under its key, in the caller's transaction. `replay` when the key is
   * known with the same content; a refusal when it is known with other content.
   */
  async function claimKey(
    tx: Transaction,
    rider: SignedInRider,
    action: { key: string; orderId: string; kind: RiderActionKind; detail: object },
    refuse: Refuse,
  ): Promise<'new' | 'replay'> {
    const fingerprint = fingerprintOf(action.kind, { orderId: action.orderId, ...action.detail });
    const inserted = await tx
      .insert(riderActionsTable)
      .values({
        key: action.key,
        riderId: rider.id,
        orderId: action.orderId,
        kind: action.kind,
        fingerprint,
        detail: action.detail as Record<string, unknown>,
      })
      .onConflictDoNothing({ target: riderActionsTable.key })
      .returning({ key: riderActionsTable.key });
    if (inserted.length) return 'new';
    // Sent before (a retry from the phone's queue): waits for that one's transaction, if open.
    const [earlier] = await tx
      .select()
      .from(riderActionsTable)
      .where(eq(riderActionsTable.key, action.key));
    if (earlier && earlier.fingerprint === fingerprint && earlier.riderId === rider.id) {
      return 'replay';
    }
    throw refuse(409, 'server.keyReused');
  }

  /** The order locked for update, refused unless it is on this rider's list. */
  async function lockOwnOrder(tx: Transaction, rider: SignedInRider, id: string, refuse: Refuse) {
    const [order] = await tx.select().from(ordersTable).where(eq(ordersTable.id, id)).for('update');
    if (!order) throw refuse(404, 'server.orderNotFound');
    if (order.riderId !== rider.id) {
      throw refuse(403, 'server.notYourOrder', { orderNo: order.orderId });
    }
    return order;
  }

  /** Tells the dispatch screens (the live stream, every instance) at commit. */
  async function notifyDispatch(
    tx: Transaction,
    rider: SignedInRider,
    order: { id: string; orderId: string },
    outcome: 'delivered' | 'not-delivered',
    reason?: string,
  ) {
    const payload = JSON.stringify({
      kind: 'rider-stop',
      _id: order.id,
      orderId: order.orderId,
      riderId: rider.id,
      riderName: rider.name,
      outcome,
      reason: reason ?? null,
    });
    await tx.execute(sql`select pg_notify(${ORDERS_CHANNEL}, ${payload})`);
  }

  return {
    /** The rider's stops of `day`, as the run sheet orders them, and how many there are. */
    async today(riderId: string, day: string) {
      const run = await riders.run(riderId, day, undefined);
      return { stops: await stopsOf(run.rows), total: run.total };
    },

    /** One stop by order id (after an action), or undefined. */
    async stop(orderId: string): Promise<StopDto | undefined> {
      const rows = (await joinedFrom(db).where(eq(ordersTable.id, orderId))) as OrderRow[];
      return rows.length ? (await stopsOf(rows))[0] : undefined;
    },

    /**
     * Delivered at the door: the full items given (a count over or under the order's is
     * refused: an order is delivered whole or not at all), empties collected (at most what the
     * customer holds), the money taken (a cash-on-delivery order's whole amount, in cash or by
     * UPI with its reference; nothing for an order paid already). Then the order is Delivered
     * with the empties as its return quantity (a cash-on-delivery order paid by UPI becomes
     * Online), and its history names the rider.
     */
    async deliver(
      rider: SignedInRider,
      body: DeliverBody,
      refuse: Refuse,
      words: RiderWords,
    ): Promise<ActionOutcome> {
      const reference = body.collected.reference?.trim() || undefined;
      const detail = {
        delivered: body.delivered,
        emptiesCollected: body.emptiesCollected,
        collected: { ...body.collected, reference },
      };
      return db.transaction(async (tx) => {
        const claimed = await claimKey(
          tx,
          rider,
          { key: body.idempotencyKey, orderId: body.orderId, kind: 'deliver', detail },
          refuse,
        );
        if (claimed === 'replay') return { kind: 'replayed', orderId: body.orderId };
        const order = await lockOwnOrder(tx, rider, body.orderId, refuse);
        if (order.status === 'Delivered') {
          throw refuse(409, 'server.alreadyDelivered', { orderNo: order.orderId });
        }
        if (order.status === 'Cancelled') {
          throw refuse(409, 'server.cancelled', { orderNo: order.orderId });
        }
        const [row] = (await joinedFrom(tx).where(eq(ordersTable.id, order.id))) as OrderRow[];
        const lines = await tx
          .select()
          .from(orderAccessoriesTable)
          .where(eq(orderAccessoriesTable.orderId, order.id));
        checkItems(row!, lines, body.delivered, refuse);

        // Empties: at most what the customer holds of the product (the new jars are full).
        const [product] = row!.product
          ? await tx
              .select({ returnable: productsTable.returnable })
              .from(productsTable)
              .where(eq(productsTable.id, row!.product.id))
          : [];
        const kind = emptiesKind(row!, product?.returnable === true);
        if (body.emptiesCollected > 0) {
          if (!kind) throw refuse(400, 'server.noEmpties');
          const [balance] = await tx
            .select({ outstanding: returnableBalancesTable.outstanding })
            .from(returnableBalancesTable)
            .where(
              and(
                eq(returnableBalancesTable.customerId, order.customerId),
                eq(returnableBalancesTable.itemId, row!.product!.id),
              ),
            );
          const held = balance?.outstanding ?? 0;
          if (body.emptiesCollected > held) {
            throw refuse(400, 'server.emptiesOverHeld', { count: held });
          }
        }

        const payment = checkMoney(order, body.collected.method, body.collected.amount, reference);
        if (payment.refusal) throw refuse(400, payment.refusal.key, payment.refusal.values(words));

        await tx
          .update(ordersTable)
          .set({
            returnQuantity: body.emptiesCollected,
            ...(payment.becomesOnline ? { paymentMethod: 'Online' as const } : {}),
          })
          .where(eq(ordersTable.id, order.id));
        const said = [
          'Delivered at the door by the rider',
          kind
            ? `${body.emptiesCollected} empty ${kind}${body.emptiesCollected === 1 ? '' : 's'} collected`
            : '',
          body.collected.method === 'Cash'
            ? `₹${body.collected.amount} cash collected`
            : body.collected.method === 'UPI'
              ? `₹${body.collected.amount} paid by UPI (reference ${reference})`
              : '',
        ].filter(Boolean);
        await changeStatuses(
          tx,
          [order.id],
          'Delivered',
          { id: rider.id, name: rider.name, rider: true },
          said.join('; '),
        );
        await notifyDispatch(tx, rider, order, 'delivered');
        return { kind: 'done', orderId: order.id };
      });
    },

    /**
     * Not delivered, and why: the order stays open with the rider (dispatch decides what next);
     * a history step names the rider and the reason.
     */
    async notDelivered(
      rider: SignedInRider,
      body: NotDeliveredBody,
      reasonText: string,
      refuse: Refuse,
    ): Promise<ActionOutcome> {
      const note = body.note?.trim() || undefined;
      const detail = { reason: body.reason, note };
      return db.transaction(async (tx) => {
        const claimed = await claimKey(
          tx,
          rider,
          { key: body.idempotencyKey, orderId: body.orderId, kind: 'not-delivered', detail },
          refuse,
        );
        if (claimed === 'replay') return { kind: 'replayed', orderId: body.orderId };
        const order = await lockOwnOrder(tx, rider, body.orderId, refuse);
        if (order.status === 'Delivered') {
          throw refuse(409, 'server.alreadyDelivered', { orderNo: order.orderId });
        }
        if (order.status === 'Cancelled') {
          throw refuse(409, 'server.cancelled', { orderNo: order.orderId });
        }
        await tx.insert(orderStatusHistoryTable).values({
          orderId: order.id,
          fromStatus: order.status,
          toStatus: order.status,
          riderId: rider.id,
          adminName: rider.name,
          note: `Not delivered: ${reasonText}${note ? ` (${note})` : ''}`,
        });
        await notifyDispatch(tx, rider, order, 'not-delivered', body.reason);
        return { kind: 'done', orderId: order.id };
      });
    },

    /** A photo as proof of the stop (stored before: `photoUrl`). */
    async proof(
      rider: SignedInRider,
      body: { orderId: string; idempotencyKey: string; photoUrl: string },
      refuse: Refuse,
    ): Promise<ActionOutcome> {
      return db.transaction(async (tx) => {
        const claimed = await claimKey(
          tx,
          rider,
          {
            key: body.idempotencyKey,
            orderId: body.orderId,
            kind: 'proof',
            detail: { photoUrl: body.photoUrl },
          },
          refuse,
        );
        if (claimed === 'replay') return { kind: 'replayed', orderId: body.orderId };
        await lockOwnOrder(tx, rider, body.orderId, refuse);
        return { kind: 'done', orderId: body.orderId };
      });
    },
  };
}

/** The delivered counts: every item of the order, each exactly as ordered. */
function checkItems(
  row: OrderRow,
  lines: AccessoryRow[],
  delivered: DeliverBody['delivered'],
  refuse: Refuse,
) {
  const ordered = new Map<string, { name: string; quantity: number }>([
    ['product', { name: itemName(row), quantity: row.order.quantity }],
    ...lines.map((l) => [accessoryKey(l), { name: l.name, quantity: l.quantity }] as const),
  ]);
  const given = new Map<string, number>();
  for (const d of delivered) {
    const item = ordered.get(d.key);
    if (!item) throw refuse(400, 'server.itemUnknown', { orderNo: row.order.orderId });
    given.set(d.key, (given.get(d.key) ?? 0) + d.quantity);
  }
  for (const [key, item] of ordered) {
    const n = given.get(key) ?? 0;
    if (n > item.quantity) {
      throw refuse(400, 'server.overOrdered', { count: item.quantity, name: item.name });
    }
    if (n < item.quantity) {
      throw refuse(400, 'server.underOrdered', { count: item.quantity, name: item.name });
    }
  }
}

/** An accessory line's key in a delivery: the accessory, or the line when it was deleted. */
const accessoryKey = (line: AccessoryRow) => line.accessoryId ?? `line:${line.id}`;

const itemName = (row: OrderRow) =>
  row.service.kind === 'tiffin'
    ? (row.plan?.name ?? row.service.name)
    : (row.product?.name ?? row.service.name);

/** How the money checks out: a refusal, or whether the order becomes paid Online (UPI). */
function checkMoney(
  order: OrderRow['order'],
  method: CollectMethod,
  amount: number,
  reference: string | undefined,
): {
  refusal?: { key: RiderMessageKey; values: (w: RiderWords) => Record<string, string | number> };
  becomesOnline?: boolean;
} {
  const due = paidPaise(order);
  if (order.paymentMethod !== 'Cash on Delivery') {
    if (method !== 'None' || amount !== 0) {
      return {
        refusal: {
          key: order.paymentMethod === 'Wallet' ? 'server.paidByWallet' : 'server.paidOnline',
          values: () => ({}),
        },
      };
    }
    return {};
  }
  if (method === 'None' || Math.round(amount * 100) !== due) {
    return {
      refusal: {
        key: 'server.amountMismatch',
        values: (w) => ({ amount: w.money(due / 100), given: w.money(amount) }),
      },
    };
  }
  if (method === 'UPI') {
    if (!reference || !/^[A-Za-z0-9]{6,35}$/.test(reference)) {
      return { refusal: { key: 'server.referenceRequired', values: () => ({}) } };
    }
    return { becomesOnline: true };
  }
  return {};
}

/** What the rider reported at the door: the latest outcome and photo of the order's actions. */
export function outcomeOf(actions: ActionRow[]): StopDto['outcome'] {
  const latest = actions.find((a) => a.kind !== 'proof');
  if (!latest) return null;
  const photo = actions.find((a) => a.kind === 'proof');
  const d = latest.detail;
  return {
    kind: latest.kind === 'deliver' ? 'delivered' : 'not-delivered',
    ...(latest.kind === 'not-delivered'
      ? {
          reason: d.reason as NotDeliveredReason,
          ...(typeof d.note === 'string' ? { note: d.note } : {}),
        }
      : {
          emptiesCollected: Number(d.emptiesCollected ?? 0),
          collected: d.collected as NonNullable<StopDto['outcome']>['collected'],
        }),
    at: latest.at.toISOString(),
    ...(photo ? { photoUrl: String(photo.detail.photoUrl) } : {}),
  };
}

/** The actions on these orders, newest first, by order (rider_actions_order_idx). */
async function actionsByOrder(db: Database, orderIds: string[]): Promise<Map<string, ActionRow[]>> {
  const byOrder = new Map<string, ActionRow[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select()
    .from(riderActionsTable)
    .where(inArray(riderActionsTable.orderId, orderIds))
    .orderBy(desc(riderActionsTable.at));
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}

/** The rider's reports on these orders, for the dispatch screens (rider/run). */
export async function doorOutcomesOf(
  db: Database,
  orderIds: string[],
): Promise<Map<string, StopDto['outcome']>> {
  const byOrder = await actionsByOrder(db, orderIds);
  return new Map([...byOrder].map(([id, actions]) => [id, outcomeOf(actions)]));
}

/** One order as the rider's list shows it. */
function toStop(
  row: OrderRow,
  extra: {
    accessories: AccessoryRow[];
    actions: ActionRow[];
    returnable: boolean;
    held: number;
    deliveredAt: Date | null;
  },
): StopDto {
  const o = row.order;
  const tiffin = row.service.kind === 'tiffin';
  const kind = emptiesKind(row, extra.returnable);
  const paid = paidPaise(o) / 100;
  return {
    orderId: o.id,
    orderNo: o.orderId,
    status: o.status,
    outcome: outcomeOf(extra.actions),
    isEmergency: o.isEmergency,
    placedAt: o.createdAt.toISOString(),
    deliveredAt:
      o.status === 'Delivered' && extra.deliveredAt ? extra.deliveredAt.toISOString() : null,
    shift: o.runShift,
    slot: tiffin ? (o.pickupTime ?? o.deliveryTime) : o.deliveryTime,
    pincode: o.pincode,
    customer: {
      name: `${row.customer.firstName} ${row.customer.lastName}`.trim(),
      phone: row.customer.phone,
    },
    address: addressLine(tiffin ? (o.deliveryAddress ?? o.address) : o.address),
    items: [
      { key: 'product', name: itemName(row), quantity: o.quantity },
      ...extra.accessories.map((a) => ({
        key: accessoryKey(a),
        name: a.name,
        quantity: a.quantity,
      })),
    ],
    empties: kind ? { kind, toCollect: o.returnQuantity, held: extra.held } : null,
    toCollect:
      o.paymentMethod === 'Cash on Delivery'
        ? { method: 'Cash', amount: paid }
        : o.paymentMethod === 'Wallet'
          ? { method: 'Wallet', amount: paid }
          : { method: 'Paid', amount: paid },
    note: o.specialInstruction?.trim() || null,
  };
}
