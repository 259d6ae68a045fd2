import { z } from 'zod';
import { CATEGORY_KINDS } from '@shared/catalogue';
import { isPinCode } from '@shared/pincode';
import {
  MAX_EVERY_N_DAYS,
  SCHEDULE_KINDS,
  SUBSCRIPTION_STATUSES,
  type Schedule,
} from '@shared/schedule';
import { ORDER_STATUSES } from '@shared/statuses';
import { count, pagingFields, timestamp } from '../../lib/responses';
import {
  isCalendarDay,
  lineText,
  optionalId,
  optionalText,
  pagingQuery,
  plainText,
  requiredId,
} from '../../lib/validation';

// The subscription calls' parameters and answers (routes.ts), as docs/api.md lists them.

/** A calendar day as sent, `2026-11-24`, named in its message. */
const calendarDay = (label: string) =>
  lineText(label, `${label} is required.`)
    .trim()
    .refine(isCalendarDay, { error: `${label} must be a date such as 2026-11-24.` });

const optionalDay = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), calendarDay(label).optional());

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

/** The schedule: which days it delivers on (shared/schedule.ts). */
const schedule = z
  .object(
    {
      kind: z.enum(SCHEDULE_KINDS, {
        error: `Schedule kind must be one of: ${SCHEDULE_KINDS.join(', ')}.`,
      }),
      weekdays: z
        .array(wholeNumber('Weekdays', 1, 7), { error: 'Weekdays must be a list of days 1-7.' })
        .max(7, 'Weekdays must list each day once.')
        .nullish(),
      everyNDays: wholeNumber('Every N days', 2, MAX_EVERY_N_DAYS).nullish(),
    },
    { error: 'Schedule is required.' },
  )
  .superRefine((s, ctx) => {
    if (s.kind === 'weekdays' && !s.weekdays?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['weekdays'],
        message: 'Weekdays: choose at least one day of the week.',
      });
    }
    if (s.weekdays && new Set(s.weekdays).size !== s.weekdays.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['weekdays'],
        message: 'Weekdays must list each day once.',
      });
    }
    if (s.kind === 'everyNDays' && !s.everyNDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['everyNDays'],
        message: `Every N days is required (2 to ${MAX_EVERY_N_DAYS}).`,
      });
    }
  })
  .transform((s): Schedule => ({
    kind: s.kind,
    weekdays: s.kind === 'weekdays' ? [...(s.weekdays ?? [])].sort((a, b) => a - b) : [],
    everyNDays: s.kind === 'everyNDays' ? (s.everyNDays ?? null) : null,
  }));

const accessoryLines = z
  .array(
    z.object({
      accessoryId: requiredId('Accessory id'),
      quantity: wholeNumber('Accessory quantity', 1, 100),
    }),
    { error: 'Accessories must be a list.' },
  )
  .max(20, 'Accessories: at most 20.');

/** The fields create and edit share; edit takes each of them optionally. */
const subscriptionFields = {
  productId: optionalId('Product id'),
  planId: optionalId('Plan id'),
  accessories: accessoryLines.optional(),
  quantity: wholeNumber('Quantity', 1, 1000),
  returnQuantity: wholeNumber('Return quantity', 0, 1000).optional(),
  schedule,
  slot: plainText('Slot', 'Slot is required.')
    .trim()
    .min(1, 'Slot is required.')
    .max(100, 'Slot must be at most 100 characters.'),
  addressId: optionalId('Address id'),
  startDate: calendarDay('Start date'),
  endDate: optionalDay('End date').nullable(),
  paymentMethod: plainText('Payment method', 'Payment method is required.')
    .trim()
    .min(1, 'Payment method is required.')
    .max(50, 'Payment method must be at most 50 characters.'),
  specialInstruction: optionalText('Special instruction', 500).nullable(),
};

/** POST subscription/create. */
export const createBody = z
  .object({ userId: requiredId('User id'), ...subscriptionFields })
  .superRefine((b, ctx) => {
    if (!b.productId === !b.planId) {
      ctx.addIssue({
        code: 'custom',
        path: ['productId'],
        message: 'Choose either a product (productId) or a plan (planId).',
      });
    }
    if (b.endDate && b.endDate < b.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'End date must be on or after the start date.',
      });
    }
  });
export type CreateBody = z.infer<typeof createBody>;

/** POST subscription/edit: any create field but the customer. */
export const editBody = z
  .object({
    subscriptionId: requiredId('Subscription id'),
    productId: subscriptionFields.productId,
    planId: subscriptionFields.planId,
    accessories: subscriptionFields.accessories,
    quantity: subscriptionFields.quantity.optional(),
    returnQuantity: subscriptionFields.returnQuantity,
    schedule: subscriptionFields.schedule.optional(),
    slot: subscriptionFields.slot.optional(),
    addressId: subscriptionFields.addressId,
    startDate: subscriptionFields.startDate.optional(),
    endDate: subscriptionFields.endDate,
    paymentMethod: subscriptionFields.paymentMethod.optional(),
    specialInstruction: subscriptionFields.specialInstruction,
  })
  .superRefine((b, ctx) => {
    if (b.productId && b.planId) {
      ctx.addIssue({
        code: 'custom',
        path: ['productId'],
        message: 'Choose either a product (productId) or a plan (planId), not both.',
      });
    }
  });
export type EditBody = z.infer<typeof editBody>;

const subscriptionId = requiredId('Subscription id');

/** POST subscription/pause. */
export const pauseBody = z
  .object({
    subscriptionId,
    from: calendarDay('From'),
    to: optionalDay('To').nullable(),
    reason: optionalText('Reason', 200).nullable(),
    extendEnd: z.boolean({ error: 'Extend end must be true or false.' }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.to && b.to < b.from) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'To must be on or after From.',
      });
    }
  });

/** POST subscription/resume. */
export const resumeBody = z.object({ subscriptionId });

/** POST subscription/skip and subscription/unskip. */
export const dayBody = z.object({ subscriptionId, date: calendarDay('Date') });

/** POST subscription/cancel-day-order. */
export const cancelDayOrderBody = z.object({ subscriptionId, orderId: requiredId('Order id') });

/** GET subscription/get-subscription/:id and calendar/:id. */
export const subscriptionParams = z.object({ id: subscriptionId });

/** GET subscription/calendar/:id: the month, `2026-11`; this month when left out. */
export const calendarQuery = z.object({
  month: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{4}-\d{2}$/.test(v) && isCalendarDay(`${v}-01`)), {
      error: 'Month must be a month such as 2026-11.',
    })
    .optional()
    .transform((v) => v || undefined),
});

const filters = {
  search: pagingQuery.search,
  status: z
    .enum([...SUBSCRIPTION_STATUSES, 'All', ''], {
      error: `Status must be one of: ${SUBSCRIPTION_STATUSES.join(', ')}.`,
    })
    .optional()
    .transform((v) => (v === 'All' || v === '' ? undefined : v)),
  serviceId: optionalId('Service id'),
  pincode: z
    .string()
    .trim()
    .refine((v) => v === '' || isPinCode(v), { error: 'Pin code must be 6 digits.' })
    .optional()
    .transform((v) => v || undefined),
  userId: optionalId('User id'),
  slot: z
    .string()
    .trim()
    .max(100, 'Slot must be at most 100 characters.')
    .optional()
    .transform((v) => v || undefined),
  endingWithin: z.preprocess(
    (v) => (v === '' ? undefined : v),
    wholeNumber('Ending within', 0, 366).optional(),
  ),
};

/** GET subscription/get-all-subscriptions. Lists are bounded to 100 a page. */
export const listQuery = z.object({
  page: pagingQuery.page,
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be between 1 and 100.')
    .max(100, 'Limit must be between 1 and 100.')
    .default(10),
  ...filters,
});
export type ListQuery = z.infer<typeof listQuery>;

/** GET subscription/export-subscriptions: the list's filters, no page. */
export const exportQuery = z.object(filters);

// Answers.

const address = z.object({
  fullAddress: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});

export const pauseDto = z.object({
  _id: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  reason: z.string().nullable(),
  extendEnd: z.boolean(),
});

/** The subscription as every call answers it (dto.ts toSubscriptionDto). */
export const subscriptionDto = z.object({
  _id: z.string(),
  userId: z.string(),
  customer: z.object({ _id: z.string(), name: z.string(), phone: z.string(), email: z.string() }),
  serviceId: z.string(),
  serviceName: z.string(),
  serviceKind: z.enum(CATEGORY_KINDS),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  accessories: z.array(z.object({ accessoryId: z.string(), name: z.string(), quantity: count })),
  quantity: count,
  returnQuantity: count,
  schedule: z.object({
    kind: z.enum(SCHEDULE_KINDS),
    weekdays: z.array(z.number().int()),
    everyNDays: z.number().int().nullable(),
  }),
  scheduleText: z.string(),
  slot: z.string(),
  addressId: z.string(),
  address: address.nullable(),
  pincode: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  paymentMethod: z.string(),
  /** A plan paid in full when it was bought: its days are delivered at no charge. */
  prepaid: z.boolean(),
  specialInstruction: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  statusReason: z.string().nullable(),
  pause: pauseDto.nullable(),
  nextDelivery: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** A subscription's order made for a day that a change takes away (the panel offers to cancel). */
export const madeOrderDto = z.object({
  _id: z.string(),
  orderId: z.string(),
  deliveryDay: z.string(),
  status: z.enum(ORDER_STATUSES),
});

export const oneSubscription = z.object({ subscription: subscriptionDto });
export const subscriptionWithOrders = z.object({
  subscription: subscriptionDto,
  madeOrders: z.array(madeOrderDto),
});

export const subscriptionPage = z.object({
  subscriptions: z.array(subscriptionDto),
  ...pagingFields,
});

export const historyDto = z.object({
  _id: z.string(),
  action: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
  note: z.string().nullable(),
  adminName: z.string().nullable(),
  at: timestamp,
});

export const subscriptionDetail = z.object({
  subscription: subscriptionDto,
  history: z.array(historyDto),
  pauses: z.array(pauseDto),
  skips: z.array(z.object({ date: z.string() })),
});

export const CALENDAR_STATES = [
  'delivered',
  'generated',
  'cancelled',
  'skipped',
  'paused',
  'holiday',
  'upcoming',
  'missed',
  'none',
] as const;
export type CalendarState = (typeof CALENDAR_STATES)[number];

export const calendarAnswer = z.object({
  month: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      state: z.enum(CALENDAR_STATES),
      order: z
        .object({ _id: z.string(), orderId: z.string(), status: z.enum(ORDER_STATUSES) })
        .optional(),
      holiday: z.string().optional(),
      reason: z.string().optional(),
    }),
  ),
});
