import { z } from 'zod';
import { CATEGORY_KINDS } from '@shared/catalogue';
import { ORDER_STATUSES } from '@shared/statuses';
import { ORDER_TYPES } from '../../db/schema';
import { count, money, pagingFields, timestamp } from '../../lib/responses';

/** An order's status as sent: one of the four (ORDER_STATUSES). */
export const orderStatus = z.enum(ORDER_STATUSES);

/** The round a job goes out in (issue 15). */
export const runShift = z.enum(['Morning', 'Evening']);

/** A calendar day as sent: `YYYY-MM-DD` (a `date` column). */
export const calendarDay = z.iso.date();

/** An `{ _id, name }` reference to another record. */
const reference = z.object({ _id: z.string(), name: z.string() });

/** An address as it was when the order was placed (OrderAddress, a snapshot). */
export const orderAddressDto = z.object({
  fullAddress: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});

/**
 * The order record of docs/api.md as every list answers it (toOrderDto): money as numbers of
 * rupees, the customer, service, product and plan it names; `totalAmount` null on older orders.
 */
export const orderDto = z.object({
  _id: z.string(),
  orderId: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  userId: z.string(),
  user: z.object({
    _id: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  serviceId: z.string(),
  service: z.object({ _id: z.string(), name: z.string(), kind: z.enum(CATEGORY_KINDS) }),
  product: reference.nullable(),
  productId: reference.nullable(),
  plan: z.object({ _id: z.string(), name: z.string(), duration: count }).nullable(),
  orderType: z.enum(ORDER_TYPES),
  quantity: count,
  returnQuantity: count,
  price: money,
  amount: money,
  deliveryCharge: money,
  emergencyCharge: money,
  gst: money,
  totalAmount: money.nullable(),
  paymentMethod: z.string().nullable(),
  isEmergency: z.boolean(),
  status: orderStatus,
  pickupTime: z.string().nullable(),
  deliveryTime: z.string().nullable(),
  startDate: calendarDay.nullable(),
  endDate: calendarDay.nullable(),
  specialInstruction: z.string().nullable(),
  address: orderAddressDto.nullable(),
  deliveryAddress: orderAddressDto.nullable(),
  pickupAddress: orderAddressDto.nullable(),
  pincode: z.string(),
  rider: reference.nullable().meta({
    description: 'The rider the job is given to (issue 15); null while nobody has it.',
  }),
  runDate: calendarDay.nullable().meta({ description: "The day of the rider's run." }),
  runShift: runShift.nullable().meta({ description: "The round of the rider's run." }),
});

/**
 * An accessory bought with an order (toAccessoryDto): `amount` per unit, as stored; `detail._id`
 * is null once the accessory itself has been deleted (the name is the one of the order).
 */
export const orderAccessoryDto = z.object({
  _id: z.string(),
  detail: z.object({ _id: z.string().nullable(), name: z.string() }),
  quantity: count,
  amount: money,
});

/**
 * One step of an order's status history (toHistoryDto): `fromStatus` null for the order being
 * placed, `by` null for a step no admin made, `note` null on a plain status step.
 */
export const orderHistoryDto = z.object({
  fromStatus: orderStatus.nullable(),
  toStatus: orderStatus,
  at: timestamp,
  by: reference.nullable(),
  note: z.string().nullable().meta({
    description: "What else happened, e.g. 'Assigned to Ravi Kumar' (from = to status then).",
  }),
});

/** The order record with its accessories and its status history, oldest first (get-order). */
export const orderDetailDto = orderDto.extend({
  accessories: z.array(orderAccessoryDto),
  statusHistory: z.array(orderHistoryDto),
});

/** One page of orders, as the order lists answer it. */
export const orderPage = z.object({ orders: z.array(orderDto), ...pagingFields });
