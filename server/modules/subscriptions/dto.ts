import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { describeSchedule } from '@shared/schedule';
import { addDays, indiaDay } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import {
  accessoriesTable,
  categoriesTable,
  customerAddressesTable,
  customersTable,
  holidaysTable,
  plansTable,
  productsTable,
  subscriptionPausesTable,
  subscriptionSkipsTable,
  subscriptionsTable,
} from '../../db/schema';
import { anyOf } from '../../lib/sql';
import {
  currentOrNextPause,
  LOOK_AHEAD_DAYS,
  nextDelivery,
  scheduleOf,
  type HolidayDay,
  type PauseRow,
  type SubscriptionRow,
} from './days';

type Db = Database | Transaction;

const unique = (values: (string | null | undefined)[]) =>
  [...new Set(values.filter((v): v is string => !!v))] as string[];

export function toPauseDto(p: PauseRow) {
  return {
    _id: p.id,
    from: p.fromDate,
    to: p.toDate,
    reason: p.reason,
    extendEnd: p.extendEnd,
  };
}

/** The holidays from `from` to `to` (holidays_day_idx). */
export async function holidaysBetween(db: Db, from: string, to: string): Promise<HolidayDay[]> {
  return db
    .select({ day: holidaysTable.day, name: holidaysTable.name, pincodes: holidaysTable.pincodes })
    .from(holidaysTable)
    .where(and(gte(holidaysTable.day, from), lte(holidaysTable.day, to)))
    .orderBy(asc(holidaysTable.day))
    .limit(1000);
}

/** The pauses of these subscriptions that have not ended by `today` (current and upcoming). */
export async function pausesFrom(db: Db, ids: string[], today: string): Promise<PauseRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(subscriptionPausesTable)
    .where(
      and(
        anyOf(subscriptionPausesTable.subscriptionId, ids),
        or(isNull(subscriptionPausesTable.toDate), gte(subscriptionPausesTable.toDate, today)),
      ),
    )
    .orderBy(asc(subscriptionPausesTable.subscriptionId), asc(subscriptionPausesTable.fromDate));
}

/** The skipped days of these subscriptions from `today` on. */
export async function skipsFrom(db: Db, ids: string[], today: string) {
  if (!ids.length) return [];
  return db
    .select({
      subscriptionId: subscriptionSkipsTable.subscriptionId,
      day: subscriptionSkipsTable.day,
    })
    .from(subscriptionSkipsTable)
    .where(
      and(
        anyOf(subscriptionSkipsTable.subscriptionId, ids),
        gte(subscriptionSkipsTable.day, today),
      ),
    )
    .orderBy(asc(subscriptionSkipsTable.subscriptionId), asc(subscriptionSkipsTable.day));
}

/**
 * The answers of these subscriptions (rows already read, at most a page): the names they refer
 * to, their pause and next delivery, each read by primary key or its own index for the page's
 * ids, whatever the tables' size.
 */
export async function toSubscriptionDtos(db: Db, rows: SubscriptionRow[]) {
  if (!rows.length) return [];
  const today = indiaDay();
  const ids = rows.map((r) => r.id);
  const accessoryIds = unique(rows.flatMap((r) => r.accessories.map((a) => a.accessoryId)));
  const [customers, addresses, services, products, plans, accessories, pauses, skips, holidays] =
    await Promise.all([
      db
        .select({
          id: customersTable.id,
          firstName: customersTable.firstName,
          lastName: customersTable.lastName,
          phone: customersTable.phone,
          email: customersTable.email,
        })
        .from(customersTable)
        .where(anyOf(customersTable.id, unique(rows.map((r) => r.customerId)))),
      db
        .select()
        .from(customerAddressesTable)
        .where(anyOf(customerAddressesTable.id, unique(rows.map((r) => r.addressId)))),
      db
        .select({ id: categoriesTable.id, name: categoriesTable.name, kind: categoriesTable.kind })
        .from(categoriesTable)
        .where(anyOf(categoriesTable.id, unique(rows.map((r) => r.categoryId)))),
      db
        .select({ id: productsTable.id, name: productsTable.name })
        .from(productsTable)
        .where(anyOf(productsTable.id, unique(rows.map((r) => r.productId)))),
      db
        .select({ id: plansTable.id, name: plansTable.name })
        .from(plansTable)
        .where(anyOf(plansTable.id, unique(rows.map((r) => r.planId)))),
      accessoryIds.length
        ? db
            .select({ id: accessoriesTable.id, name: accessoriesTable.name })
            .from(accessoriesTable)
            .where(anyOf(accessoriesTable.id, accessoryIds))
        : Promise.resolve([]),
      pausesFrom(db, ids, today),
      skipsFrom(db, ids, today),
      holidaysBetween(db, addDays(today, 1), addDays(today, LOOK_AHEAD_DAYS)),
    ]);
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const customerOf = byId(customers);
  const addressOf = byId(addresses);
  const serviceOf = byId(services);
  const productOf = byId(products);
  const planOf = byId(plans);
  const accessoryOf = byId(accessories);

  return rows.map((s) => {
    const c = customerOf.get(s.customerId);
    const a = addressOf.get(s.addressId);
    const service = serviceOf.get(s.categoryId);
    const own = pauses.filter((p) => p.subscriptionId === s.id);
    const skipped = new Set(skips.filter((k) => k.subscriptionId === s.id).map((k) => k.day));
    const schedule = scheduleOf(s);
    const pause = currentOrNextPause(own, today);
    return {
      _id: s.id,
      userId: s.customerId,
      customer: {
        _id: s.customerId,
        name: c ? `${c.firstName} ${c.lastName}`.trim() : '',
        phone: c?.phone ?? '',
        email: c?.email ?? '',
      },
      serviceId: s.categoryId,
      serviceName: service?.name ?? '',
      serviceKind: service?.kind ?? 'other',
      productId: s.productId,
      productName: s.productId ? (productOf.get(s.productId)?.name ?? null) : null,
      planId: s.planId,
      planName: s.planId ? (planOf.get(s.planId)?.name ?? null) : null,
      accessories: s.accessories.map((x) => ({
        accessoryId: x.accessoryId,
        name: accessoryOf.get(x.accessoryId)?.name ?? '',
        quantity: x.quantity,
      })),
      quantity: s.quantity,
      returnQuantity: s.returnQuantity,
      schedule: {
        kind: schedule.kind,
        weekdays: schedule.weekdays ?? [],
        everyNDays: schedule.everyNDays ?? null,
      },
      scheduleText: describeSchedule(schedule),
      slot: s.slot,
      addressId: s.addressId,
      address: a
        ? { fullAddress: a.fullAddress, city: a.city, state: a.state, pincode: a.pincode }
        : null,
      pincode: s.pincode,
      startDate: s.startDate,
      endDate: s.endDate,
      paymentMethod: s.paymentMethod,
      prepaid: s.prepaid,
      specialInstruction: s.specialInstruction,
      status: s.status,
      statusReason: s.statusReason,
      pause: pause ? toPauseDto(pause) : null,
      nextDelivery: nextDelivery(s, today, own, skipped, holidays),
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    };
  });
}

export type SubscriptionDto = Awaited<ReturnType<typeof toSubscriptionDtos>>[number];

/** One subscription's row, or undefined. */
export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptionsTable).where(eq(subscriptionsTable.id, id));
  return row;
}

/** One subscription's answer, or undefined. */
export async function subscriptionDto(db: Db, id: string): Promise<SubscriptionDto | undefined> {
  const row = await findSubscription(db, id);
  if (!row) return undefined;
  const [dto] = await toSubscriptionDtos(db, [row]);
  return dto;
}
