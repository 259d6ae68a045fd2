import { z } from 'zod';
import { CATEGORY_KINDS } from '@shared/catalogue';
import { ORDER_STATUSES, RETURN_STATUSES } from '@shared/statuses';
import { ORDER_TYPES, type OrderStatus } from '../../db/schema';
import { bulkIds } from '../../lib/bulk';
import { count, money, oneOf, pagingFields, timestamp } from '../../lib/responses';
import {
  exportQuery,
  isCalendarDay,
  lineText,
  optionalId,
  optionalText,
  pagingQuery,
  requiredId,
} from '../../lib/validation';
import { creditNoteDto, invoiceLineBalanceDto, ORDER_NOTES_BOUND } from '../creditNotes/schemas';
import { AUTO_ASSIGN_LIMIT } from './autoAssign';
import { ORDER_RETURNS_BOUND } from './details';
import type { OrderSort } from './conditions';
import { day, jobFilterQuery, orderFilterQuery, pincode, withDays } from './filters';
import { INLINE_SHEET_JOBS } from './jobSheetRows';

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
  subscriptionId: z
    .string()
    .nullable()
    .meta({ description: 'The subscription it was made from (issue 35); null when none.' }),
  deliveryDay: calendarDay
    .nullable()
    .meta({ description: "The subscription's delivery day it was made for." }),
  deliveredAt: timestamp.nullable().meta({
    description:
      'An emergency order that is Delivered: when (its last Delivered step; issue 40). Null ' +
      'for other orders, and where a list does not look it up (a run sheet).',
  }),
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

/**
 * The order record with its accessories and its status history, oldest first (get-order), and
 * its relatives (issue 37, additions): the rider's phone, the return requests, the invoice.
 */
export const orderDetailDto = orderDto.extend({
  accessories: z.array(orderAccessoryDto),
  statusHistory: z.array(orderHistoryDto),
  rider: z
    .object({ _id: z.string(), name: z.string(), phone: z.string() })
    .nullable()
    .meta({ description: 'The rider the job is given to, with their phone; null while nobody.' }),
  returnRequests: z
    .array(
      z.object({
        _id: z.string(),
        status: z.enum(RETURN_STATUSES),
        returnedQuantity: count,
        requestedAt: timestamp,
      }),
    )
    .meta({
      description: `The order's return requests, newest first, at most ${ORDER_RETURNS_BOUND}.`,
    }),
  invoice: z
    .object({
      invoiceNo: z.string(),
      issuedAt: timestamp,
      // Issue 38, additions.
      creditNotes: count.meta({ description: 'How many credit and debit notes it has.' }),
      lines: z.array(invoiceLineBalanceDto).meta({
        description: 'Its lines, each with what credit notes took and what is left to credit.',
      }),
    })
    .nullable()
    .meta({ description: "The order's tax invoice (number and date); null while it has none." }),
  creditNotes: z.array(creditNoteDto).meta({
    description: `The credit and debit notes against its invoice (issue 38), oldest first, at most ${ORDER_NOTES_BOUND}.`,
  }),
});

/** One page of orders, as the order lists answer it. */
export const orderPage = z.object({ orders: z.array(orderDto), ...pagingFields });

// The orders calls' parameters and answers (routes.ts).

const STATUS_MESSAGE = `Status must be one of: ${ORDER_STATUSES.join(', ')}.`;

/** The sort fields each list accepts (docs/api.md); anything else is a 400 naming them. */
const LIST_SORTS = ['createdAt', 'orderId', 'totalAmount', 'status'] as const;
const JOB_SORTS = ['createdAt', 'orderId', 'pincode', 'totalAmount'] as const;

/** How many slots job-slots answers at most (a real operator has a handful). */
export const JOB_SLOTS_BOUND = 100;

const sortField = <T extends readonly [OrderSort, ...OrderSort[]]>(fields: T) =>
  z.enum(fields, { error: `Sort must be one of: ${fields.join(', ')}.` }).optional();

const listStatus = z
  .enum([...ORDER_STATUSES, ''], { error: STATUS_MESSAGE })
  .optional()
  .transform((v) => (v ? (v as OrderStatus) : undefined));

const orderType = z.enum(ORDER_TYPES, { error: 'Type must be fresh or reorder.' }).optional();

const wantPdf = z
  .enum(['true', 'false', ''], { error: 'wantPdf must be true or false.' })
  .optional()
  .transform((v) => v === 'true');

/**
 * The orders lists' own parameters (view-all-orders, orders-by-serviceId, by-type,
 * export-orders): service, status, type, the shared filters (./filters.ts) and the sort.
 */
const ordersQuery = {
  serviceId: optionalId('Service id'),
  status: listStatus,
  type: orderType,
  ...orderFilterQuery,
  sortField: sortField(LIST_SORTS),
};

/**
 * by-type: with `type`, one page of that type under its own key; without, both lists bounded
 * to the newest BY_TYPE_BOUND of each, with the real totals.
 */
export const ordersByType = oneOf([
  z.object({
    freshOrders: z.array(orderDto),
    reorderOrders: z.array(orderDto),
    totalFreshOrders: count,
    totalReorderOrders: count,
  }),
  z.object({ freshOrders: z.array(orderDto), ...pagingFields }),
  z.object({ reorderOrders: z.array(orderDto), ...pagingFields }),
]);

/** assign-jobs: a page of open jobs, and with `wantPdf=true` the job sheet as base64. */
export const jobsPage = orderPage.extend({
  pdf: z
    .string()
    .optional()
    .meta({
      description:
        'Only with wantPdf=true: the job sheet (application/pdf, base64) of the jobs ' +
        'matching the filter, not only the page, bounded to the first ' +
        `${INLINE_SHEET_JOBS.toLocaleString('en-IN')} in the sheet's order.`,
    }),
});

/** view-all-orders and by-type: a page of orders. */
export const orderListQuery = withDays(z.object({ ...pagingQuery, ...ordersQuery }));

/** orders-by-serviceId: a page of one service's orders. */
export const serviceOrdersQuery = withDays(
  z.object({ ...pagingQuery, ...ordersQuery, serviceId: requiredId('Service id') }),
);

/** get-customer-orders (addition): one customer's orders, newest first. */
export const customerOrdersQuery = withDays(
  z.object({
    userId: requiredId('User id'),
    // Addition (issue 37): the Orders tab's filters.
    status: listStatus,
    serviceId: optionalId('Service id'),
    from: day('From'),
    to: day('To'),
    page: pagingQuery.page,
    limit: z.coerce
      .number({ error: 'Limit must be a number.' })
      .int('Limit must be a whole number.')
      .min(1, 'Limit must be between 1 and 100.')
      .max(100, 'Limit must be between 1 and 100.')
      .default(10),
  }),
);

/** export-orders: the list's parameters without paging. */
export const orderExportQuery = withDays(z.object({ ...exportQuery, ...ordersQuery }));

export const orderIdParams = z.object({ id: requiredId('Order id') });
export const oneOrderDetail = z.object({ order: orderDetailDto });

/** The most characters of a status change's reason (kept in the status history). */
export const REASON_MAX = 500;

/**
 * Why the status changes (issue 37): required to take an order back from Delivered, to change
 * an invoiced order or to cancel one; kept in the history row's `note`. Blank means none.
 */
const statusReason = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    optionalText('Reason', REASON_MAX),
  )
  .meta({
    description:
      'Why (kept in the status history). Required to take an order back from Delivered, to ' +
      `change an order that has a tax invoice, and to cancel; up to ${REASON_MAX} characters.`,
  });

export const updateStatusBody = z.object({
  orderId: requiredId('Order id'),
  status: z.enum(ORDER_STATUSES, { error: STATUS_MESSAGE }),
  reason: statusReason,
});
/** The order as it now is; null only if it was deleted in the meantime. */
export const updatedOrder = z.object({ order: orderDto.nullable() });

export const bulkStatusBody = z.object({
  orderIds: bulkIds('Order id', 'order'),
  status: z.enum(ORDER_STATUSES, { error: STATUS_MESSAGE }),
  reason: statusReason,
});

/** A service's id in the path (the jobs of assign-jobs, job-slots, export-jobs). */
export const serviceParams = z.object({ serviceId: requiredId('Service id') });

/** assign-jobs: a page of a service's open jobs, and the job sheet with `wantPdf=true`. */
export const jobsQuery = withDays(
  z.object({ ...pagingQuery, ...jobFilterQuery, sort: sortField(JOB_SORTS), wantPdf }),
);

/** job-slots. */
export const jobSlots = z.object({
  slots: z.array(z.object({ slot: z.string(), jobs: count })).meta({
    description: `At most ${JOB_SLOTS_BOUND}, in the order of the day.`,
  }),
});

/** export-jobs: assign-jobs' parameters without paging. */
export const jobExportQuery = withDays(
  z.object({ ...exportQuery, ...jobFilterQuery, sort: sortField(JOB_SORTS) }),
);

/** job-sheet: assign-jobs' filters and search, no paging. */
export const jobSheetQuery = withDays(z.object({ ...jobFilterQuery, search: pagingQuery.search }));

// Giving jobs to riders (assignRoutes.ts).

/** A required day in India, `2026-11-24`. */
const requiredDay = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .refine(isCalendarDay, { error: `${label} must be a date such as 2026-11-24.` });

export const assignRiderBody = z.object({
  orderIds: bulkIds('Order id', 'order'),
  riderId: requiredId('Rider id')
    .nullable()
    .meta({ description: "The rider's _id; null takes the jobs back from their rider." }),
  date: day('Date').meta({
    description: 'The day of the run, YYYY-MM-DD; today in India when left out.',
  }),
});

export const assignedDto = z.object({
  assigned: count.meta({ description: 'Jobs given to the rider (or unassigned).' }),
  unchanged: count.meta({
    description: 'Jobs already with that rider for that day (or with nobody).',
  }),
});

export const autoAssignBody = z.object({
  date: requiredDay('Date').meta({
    description: 'The day of the runs: jobs placed up to its end (India) are given out.',
  }),
  pincode,
});

export const autoAssignedDto = z.object({
  assigned: count,
  withoutRider: count.meta({
    description: 'Jobs with no Active rider for their pin code and round.',
  }),
  remaining: count.meta({
    description: `Unassigned jobs beyond the ${AUTO_ASSIGN_LIMIT} one call gives out.`,
  }),
  riders: z.array(z.object({ _id: z.string(), name: z.string(), jobs: count })),
  pincodesWithoutRider: z.array(z.string()).meta({
    description: 'Pin codes of those jobs that no Active rider serves at all.',
  }),
});

// Placing an order by phone (placeOrderRoutes.ts; the checks, prices and transaction in phoneOrder.ts).

export const PAYMENT_METHODS = ['Cash on Delivery', 'Online', 'Wallet'] as const;
const MOST_ACCESSORIES = 20;

/** A whole number from `min` to 100 (what a phone order may ask of one item). */
const itemCount = (label: string, min: 0 | 1) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${label} is required.` : `${label} must be a number.`,
    })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be from ${min} to 100.`)
    .max(100, `${label} must be from ${min} to 100.`);

export const placeOrderBody = z.object({
  customerId: requiredId('Customer id'),
  addressId: requiredId('Address id'),
  productId: requiredId('Product id'),
  quantity: itemCount('Quantity', 1),
  returnQuantity: itemCount('Return quantity', 0).optional(),
  deliveryTime: lineText('Delivery time')
    .trim()
    .max(50, 'Delivery time must be at most 50 characters.')
    .optional(),
  isEmergency: z.boolean({ error: 'isEmergency must be true or false.' }).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, {
    error: `Payment method must be one of: ${PAYMENT_METHODS.join(', ')}.`,
  }),
  specialInstruction: optionalText('Special instruction', 500),
  accessories: z
    .array(
      z.object({
        accessoryId: requiredId('Accessory id'),
        quantity: itemCount('Accessory quantity', 1),
      }),
      { error: 'Accessories must be a list of { accessoryId, quantity }.' },
    )
    .max(MOST_ACCESSORIES, `At most ${MOST_ACCESSORIES} accessories per order.`)
    .optional(),
});

export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const oneOrder = z.object({ order: orderDto });

/** POST order/price-preview: an order taken by phone, priced and not placed (pricePhoneOrder). */
export const pricePreview = z.object({
  preview: z.object({
    /** The product's line first, then each accessory's. */
    lines: z.array(
      z.object({
        kind: z.enum(['product', 'accessory']),
        _id: z.string(),
        name: z.string(),
        quantity: z.number().int(),
        unitPrice: money,
        amount: money,
      }),
    ),
    amount: money,
    deliveryCharge: money,
    emergencyCharge: money,
    gst: money,
    totalAmount: money,
    orderType: z.enum(['fresh', 'reorder']),
    deliveryTime: z.string().nullable(),
    pincode: z.string(),
  }),
});
