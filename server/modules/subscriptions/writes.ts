import { and, eq, inArray } from 'drizzle-orm';
import { describeSchedule, intervalDays, type Schedule } from '@shared/schedule';
import { addDays, indiaDay } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import {
  accessoriesTable,
  categoriesTable,
  customerAddressesTable,
  customersTable,
  plansTable,
  productsTable,
  subscriptionPausesTable,
  subscriptionsTable,
  type SubscriptionAccessory,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { createDeliverySettingsRepository } from '../deliverySettings/repository';
import { madeOrders } from './dayOrders';
import { statusOn, type SubscriptionRow } from './days';
import { differences, recordChange, type ChangeAdmin } from './history';
import type { CreateBody, EditBody } from './schemas';

type Db = Database | Transaction;

/** What a subscription refers to, as asked; checked by `checkRefs`. */
interface Wanted {
  customerId: string;
  productId: string | null;
  planId: string | null;
  accessories: SubscriptionAccessory[];
  addressId: string | null | undefined;
  slot: string;
  /** Editing: the subscription's own service, which a product or plan must be of. */
  serviceId?: string;
}

/**
 * The customer, the product or plan and its service, the accessories (of that service), the
 * address (the customer's; their default one when none is asked) and the slot (one of the
 * delivery times), with a message naming the field for each refusal.
 */
async function checkRefs(db: Db, w: Wanted) {
  const [customer] = await db
    .select({ id: customersTable.id, status: customersTable.status })
    .from(customersTable)
    .where(eq(customersTable.id, w.customerId));
  if (!customer) throw notFound('User id: this customer does not exist.');

  let service: { id: string; name: string; kind: string } | undefined;
  let plan: typeof plansTable.$inferSelect | undefined;
  if (w.productId) {
    const [found] = await db
      .select({ product: productsTable, service: categoriesTable })
      .from(productsTable)
      .innerJoin(categoriesTable, eq(categoriesTable.id, productsTable.categoryId))
      .where(eq(productsTable.id, w.productId));
    if (!found) throw notFound('Product id: this product does not exist.');
    if (found.product.status !== 'Active') {
      throw conflict(
        `${found.product.name} is inactive. Make it active or choose another product.`,
      );
    }
    service = found.service;
    if (w.serviceId && service.id !== w.serviceId) {
      throw badRequest(
        `Product id: ${found.product.name} is of another service than the subscription's.`,
      );
    }
  } else if (w.planId) {
    [plan] = await db.select().from(plansTable).where(eq(plansTable.id, w.planId));
    if (!plan) throw notFound('Plan id: this plan does not exist.');
    if (plan.status !== 'Active') {
      throw conflict(`The plan ${plan.name} is inactive. Make it active or choose another plan.`);
    }
    [service] = await db
      .select({ id: categoriesTable.id, name: categoriesTable.name, kind: categoriesTable.kind })
      .from(categoriesTable)
      .where(eq(categoriesTable.kind, 'tiffin'))
      .limit(1);
    if (!service) throw notFound('Plan id: there is no tiffin service for plans.');
    if (w.serviceId && service.id !== w.serviceId) {
      throw badRequest(`Plan id: ${plan.name} is of another service than the subscription's.`);
    }
  }
  if (!service) throw badRequest('Choose either a product (productId) or a plan (planId).');

  const ids = w.accessories.map((a) => a.accessoryId);
  if (new Set(ids).size !== ids.length) {
    throw badRequest('Accessories: list each accessory once, with its quantity.');
  }
  const accessories = ids.length
    ? await db.select().from(accessoriesTable).where(inArray(accessoriesTable.id, ids))
    : [];
  for (const id of ids) {
    const accessory = accessories.find((a) => a.id === id);
    if (!accessory) throw notFound(`Accessory id: the accessory ${id} does not exist.`);
    if (accessory.categoryId !== service.id) {
      throw badRequest(`Accessories: ${accessory.name} is not an accessory of ${service.name}.`);
    }
  }

  const addresses = await db
    .select()
    .from(customerAddressesTable)
    .where(
      w.addressId
        ? eq(customerAddressesTable.id, w.addressId)
        : and(
            eq(customerAddressesTable.customerId, customer.id),
            eq(customerAddressesTable.isDefault, true),
          ),
    )
    .limit(1);
  const address = addresses[0];
  if (!address) {
    throw w.addressId
      ? notFound('Address id: this address does not exist.')
      : badRequest('Address id: the customer has no default address. Choose one of theirs.');
  }
  if (address.customerId !== customer.id) {
    throw badRequest("Address id: this address is not one of the customer's.");
  }

  const times = await createDeliverySettingsRepository(db as Database).getTime();
  if (!times.deliveryTime.includes(w.slot)) {
    throw badRequest(
      `Slot "${w.slot}" is not one of the delivery times (Settings > Delivery Times)` +
        (times.deliveryTime.length ? `: ${times.deliveryTime.join(', ')}.` : ': none is set.'),
    );
  }
  return { customer, service, plan, address };
}

/** The columns of a schedule. */
function scheduleColumns(schedule: Schedule) {
  return {
    scheduleKind: schedule.kind,
    weekdays: schedule.kind === 'weekdays' ? (schedule.weekdays ?? []) : [],
    intervalDays: intervalDays(schedule),
  };
}

type Recordable = Omit<SubscriptionRow, 'id' | 'createdAt' | 'updatedAt' | 'customerId'>;

/**
 * A subscription's fields as its history shows them to a person: names and words rather than
 * ids (the product, plan, accessories and address by name, the schedule in words), so a change
 * reads "Product: 20 L Water Jar → 25 L Water Jar" years later, whatever was renamed or deleted.
 */
async function recorded(db: Db, rows: Recordable[]) {
  const ids = (pick: (r: Recordable) => (string | null)[]) => [
    ...new Set(rows.flatMap(pick).filter((id): id is string => Boolean(id))),
  ];
  const productIds = ids((r) => [r.productId]);
  const planIds = ids((r) => [r.planId]);
  const addressIds = ids((r) => [r.addressId]);
  const accessoryIds = ids((r) => r.accessories.map((a) => a.accessoryId));
  const [products, plans, addresses, accessories] = await Promise.all([
    productIds.length
      ? db
          .select({ id: productsTable.id, name: productsTable.name })
          .from(productsTable)
          .where(inArray(productsTable.id, productIds))
      : [],
    planIds.length
      ? db
          .select({ id: plansTable.id, name: plansTable.name })
          .from(plansTable)
          .where(inArray(plansTable.id, planIds))
      : [],
    addressIds.length
      ? db
          .select({ id: customerAddressesTable.id, name: customerAddressesTable.fullAddress })
          .from(customerAddressesTable)
          .where(inArray(customerAddressesTable.id, addressIds))
      : [],
    accessoryIds.length
      ? db
          .select({ id: accessoriesTable.id, name: accessoriesTable.name })
          .from(accessoriesTable)
          .where(inArray(accessoriesTable.id, accessoryIds))
      : [],
  ]);
  const names = new Map(
    [...products, ...plans, ...addresses, ...accessories].map((r) => [r.id, r.name]),
  );
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? id) : null);
  return rows.map((s) => ({
    product: nameOf(s.productId),
    plan: nameOf(s.planId),
    accessories:
      s.accessories.map((a) => `${nameOf(a.accessoryId)} × ${a.quantity}`).join(', ') || null,
    quantity: s.quantity,
    returnQuantity: s.returnQuantity,
    schedule: describeSchedule({
      kind: s.scheduleKind,
      weekdays: s.weekdays,
      everyNDays: s.intervalDays,
    }),
    slot: s.slot,
    address: nameOf(s.addressId),
    startDate: s.startDate,
    endDate: s.endDate,
    paymentMethod: s.paymentMethod,
    specialInstruction: s.specialInstruction,
    status: s.status,
  }));
}

/** subscription/create: checked, stored with its first history row, in one transaction. */
export async function createSubscription(db: Database, body: CreateBody, admin: ChangeAdmin) {
  const accessories = body.accessories ?? [];
  const checked = await checkRefs(db, {
    customerId: body.userId,
    productId: body.productId ?? null,
    planId: body.planId ?? null,
    accessories,
    addressId: body.addressId,
    slot: body.slot,
  });
  if (checked.customer.status === 'Blocked') {
    throw conflict('This customer is blocked. Unblock them under Customers first.');
  }
  // A plan runs for its duration unless an end is given.
  const endDate =
    body.endDate ?? (checked.plan ? addDays(body.startDate, checked.plan.duration - 1) : null);
  const today = indiaDay();
  const values = {
    customerId: checked.customer.id,
    categoryId: checked.service.id,
    productId: body.productId ?? null,
    planId: body.planId ?? null,
    accessories,
    quantity: body.quantity,
    returnQuantity: body.returnQuantity ?? 0,
    ...scheduleColumns(body.schedule),
    slot: body.slot,
    addressId: checked.address.id,
    pincode: checked.address.pincode,
    startDate: body.startDate,
    endDate,
    paymentMethod: body.paymentMethod,
    specialInstruction: body.specialInstruction || null,
    ...(() => {
      const { status, reason } = statusOn({ endDate }, [], today);
      return { status, statusReason: status === 'Active' ? null : reason };
    })(),
  };
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(subscriptionsTable).values(values).returning();
    const [fields] = await recorded(tx, [row!]);
    await recordChange(tx, row!.id, 'created', admin, differences({}, fields!));
    return row!;
  });
}

/**
 * subscription/edit: the subscription locked, the merged fields checked, the changes stored with
 * their history row in one transaction; answers the orders already made from today on (each
 * may now be wrong: the panel offers to cancel them). An Ended subscription is refused.
 */
export async function editSubscription(db: Database, body: EditBody, admin: ChangeAdmin) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(subscriptionsTable)
      .where(eq(subscriptionsTable.id, body.subscriptionId))
      .for('update');
    if (!current) throw notFound('This subscription does not exist.');
    if (current.status === 'Ended') {
      throw conflict('This subscription has ended and cannot be edited. Create a new one.');
    }
    const productId =
      body.productId !== undefined ? body.productId : body.planId ? null : current.productId;
    const planId = body.planId !== undefined ? body.planId : body.productId ? null : current.planId;
    const accessories = body.accessories ?? current.accessories;
    const slot = body.slot ?? current.slot;
    const checked = await checkRefs(tx, {
      customerId: current.customerId,
      productId: productId ?? null,
      planId: planId ?? null,
      accessories,
      addressId: body.addressId ?? current.addressId,
      slot,
      serviceId: current.categoryId,
    });
    const startDate = body.startDate ?? current.startDate;
    const endDate = body.endDate !== undefined ? body.endDate : current.endDate;
    if (endDate && endDate < startDate) {
      throw badRequest('End date must be on or after the start date.');
    }
    const pauses = await tx
      .select()
      .from(subscriptionPausesTable)
      .where(eq(subscriptionPausesTable.subscriptionId, current.id));
    const today = indiaDay();
    const { status, reason } = statusOn({ endDate }, pauses, today);
    const next = {
      ...current,
      productId: productId ?? null,
      planId: planId ?? null,
      accessories,
      quantity: body.quantity ?? current.quantity,
      returnQuantity: body.returnQuantity ?? current.returnQuantity,
      ...(body.schedule ? scheduleColumns(body.schedule) : {}),
      slot,
      addressId: checked.address.id,
      pincode: checked.address.pincode,
      startDate,
      endDate: endDate ?? null,
      paymentMethod: body.paymentMethod ?? current.paymentMethod,
      specialInstruction:
        body.specialInstruction !== undefined
          ? body.specialInstruction || null
          : current.specialInstruction,
      status,
      statusReason: status === 'Active' ? null : reason,
    };
    const [before, after] = await recorded(tx, [current, next]);
    const changes = differences(before!, after!);
    if (!Object.keys(changes).length) return { changed: false, madeOrders: [] };
    const { id: _id, createdAt: _c, updatedAt: _u, customerId: _cu, ...columns } = next;
    await tx.update(subscriptionsTable).set(columns).where(eq(subscriptionsTable.id, current.id));
    await recordChange(tx, current.id, 'edited', admin, changes);
    return { changed: true, madeOrders: await madeOrders(tx, current.id, today) };
  });
}
