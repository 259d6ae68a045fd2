import type {
  categoriesTable,
  customersTable,
  orderAccessoriesTable,
  ordersTable,
  orderStatusHistoryTable,
  plansTable,
  productsTable,
  ridersTable,
} from '../../db/schema';
import { toMoney } from '../../lib/money';

/** One order with what the answer names: customer, service, product and plan (see repository). */
export interface OrderRow {
  order: typeof ordersTable.$inferSelect;
  customer: Pick<
    typeof customersTable.$inferSelect,
    'id' | 'firstName' | 'lastName' | 'email' | 'phone'
  >;
  service: Pick<typeof categoriesTable.$inferSelect, 'id' | 'name' | 'kind'>;
  product: Pick<typeof productsTable.$inferSelect, 'id' | 'name'> | null;
  plan: Pick<typeof plansTable.$inferSelect, 'id' | 'name' | 'duration'> | null;
  /** The rider the job is given to (issue 15), null while nobody has it. */
  rider: Pick<typeof ridersTable.$inferSelect, 'id' | 'name'> | null;
  /** A delivered emergency's delivery, epoch ms (rows.ts); absent where a query does not ask. */
  deliveredAt?: number | null;
}

export type AccessoryRow = typeof orderAccessoriesTable.$inferSelect;
export type HistoryRow = typeof orderStatusHistoryTable.$inferSelect;

const rupees = (value: string) => Number(value);

/** The order record of docs/api.md ("The order record"), without accessories and history. */
export function toOrderDto({
  order: o,
  customer: c,
  service,
  product,
  plan,
  rider,
  deliveredAt,
}: OrderRow) {
  const productRef = product ? { _id: product.id, name: product.name } : null;
  return {
    _id: o.id,
    orderId: o.orderId,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    userId: o.customerId,
    user: {
      _id: c.id,
      name: `${c.firstName} ${c.lastName}`.trim(),
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: c.phone,
    },
    serviceId: o.categoryId,
    service: { _id: service.id, name: service.name, kind: service.kind },
    // The spec's screens read either name; both carry the same reference.
    product: productRef,
    productId: productRef,
    plan: plan ? { _id: plan.id, name: plan.name, duration: plan.duration } : null,
    orderType: o.orderType,
    quantity: o.quantity,
    returnQuantity: o.returnQuantity,
    price: rupees(o.price),
    amount: rupees(o.amount),
    deliveryCharge: rupees(o.deliveryCharge),
    emergencyCharge: rupees(o.emergencyCharge),
    gst: rupees(o.gst),
    totalAmount: toMoney(o.totalAmount),
    paymentMethod: o.paymentMethod,
    isEmergency: o.isEmergency,
    status: o.status,
    pickupTime: o.pickupTime,
    deliveryTime: o.deliveryTime,
    startDate: o.startDate,
    endDate: o.endDate,
    specialInstruction: o.specialInstruction,
    address: o.address,
    deliveryAddress: o.deliveryAddress,
    pickupAddress: o.pickupAddress,
    pincode: o.pincode,
    // Dispatch (issue 15): who has the job, for which day and round.
    rider: rider ? { _id: rider.id, name: rider.name } : null,
    runDate: o.runDate,
    runShift: o.runShift,
    // Made from a subscription (issue 35): which one, for which delivery day.
    subscriptionId: o.subscriptionId,
    deliveryDay: o.deliveryDay,
    // Issue 40: a delivered emergency's order-to-delivery time is this less createdAt.
    deliveredAt: deliveredAt == null ? null : new Date(deliveredAt),
  };
}

export type OrderDto = ReturnType<typeof toOrderDto>;

/** `amount` is per unit, as stored; the panel multiplies by the quantity. */
export function toAccessoryDto(a: AccessoryRow) {
  return {
    _id: a.id,
    detail: { _id: a.accessoryId, name: a.name },
    quantity: a.quantity,
    amount: rupees(a.amount),
  };
}

export type OrderAccessoryDto = ReturnType<typeof toAccessoryDto>;

/**
 * `by` is null for a step no admin made (the customer placing the order); `note` says what else
 * happened ('Assigned to Ravi Kumar', the status then unchanged), null on a plain status step.
 */
export function toHistoryDto(h: HistoryRow) {
  return {
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    at: h.at,
    by: h.adminId
      ? { _id: h.adminId, name: h.adminName ?? '' }
      : h.riderId
        ? { _id: h.riderId, name: `${h.adminName ?? ''} (rider)`.trim() }
        : null,
    note: h.note,
  };
}
