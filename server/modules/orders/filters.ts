import { z } from 'zod';
import { isPinCode } from '@shared/pincode';
import { OPEN_ORDER_STATUSES, type OrderStatus, type OrderType } from '../../db/schema';
import { isCalendarDay } from '../../lib/validation';
import type { OrderFilter } from './conditions';

/** A pin code filter: a pin code (shared/pincode.ts); blank means "all". */
export const pincode = z
  .string()
  .trim()
  .refine((v) => v === '' || isPinCode(v), { error: 'Pin code must be 6 digits.' })
  .optional()
  .transform((v) => v || undefined);

/** A day in India, `2026-11-24`; blank means "not given". */
export const day = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isCalendarDay(v), {
      error: `${label} must be a date such as 2026-11-24.`,
    })
    .optional()
    .transform((v) => v || undefined);

export const DAY_RANGE_MESSAGE = 'The "from" date must not be after the "to" date.';

export const emergency = z
  .enum(['true', 'false', ''], { error: 'emergency must be true or false.' })
  .optional()
  .transform((v) => (v === 'true' ? true : undefined));

/**
 * The filters every orders list takes beside its own (addition, issue 13.1): the days the
 * orders were placed on in India (`from` / `to`, both included), emergencies only, a pin code.
 */
export const orderFilterQuery = {
  from: day('From'),
  to: day('To'),
  emergency,
  pincode,
};

/** The job lists' status filter: one of the open statuses, or both. */
export const jobStatus = z
  .enum([...OPEN_ORDER_STATUSES, ''], {
    error: `Status must be one of: ${OPEN_ORDER_STATUSES.join(', ')}.`,
  })
  .optional()
  .transform((v) => (v ? (v as OrderStatus) : undefined));

/** The `rider` filter's value for the jobs nobody has yet. */
export const UNASSIGNED = 'none';

/**
 * Rider ids are uuids (or `rider-00001` in seed:large): letters, digits, `-` and `_`; anything
 * else (a name typed into the address, a stray character) can match no rider.
 */
const RIDER_ID = /^[\w-]{1,100}$/;

/** The job lists' rider filter (addition, issue 15): a rider's id, or `none`; blank is all. */
export const riderFilter = z
  .string()
  .trim()
  .refine((v) => v === '' || v === UNASSIGNED || RIDER_ID.test(v), {
    error: `Rider must be a rider id or ${UNASSIGNED}.`,
  })
  .optional()
  .transform((v) => v || undefined);

/**
 * The job lists' filters: the pin code, (addition, issue 13.1) status, days and slot, and
 * (addition, issue 15) the rider.
 */
export const jobFilterQuery = {
  pincode,
  status: jobStatus,
  from: day('From'),
  to: day('To'),
  slot: z
    .string()
    .trim()
    .max(100, 'Slot must be at most 100 characters.')
    .optional()
    .transform((v) => v || undefined),
  rider: riderFilter,
};

/** `from` must not come after `to` (a refinement of the whole query). */
export function daysInOrder(q: { from?: string; to?: string }) {
  return !q.from || !q.to || q.from <= q.to;
}

/** A list query with its days checked in order (`from` not after `to`). */
export const withDays = <T extends z.ZodObject>(query: T) =>
  query.refine(daysInOrder, { error: DAY_RANGE_MESSAGE });

/** The orders lists' parameters as the repository's filter. */
export function ordersFilter(q: {
  serviceId?: string;
  status?: OrderStatus;
  type?: OrderType;
  from?: string;
  to?: string;
  emergency?: true;
  pincode?: string;
  search?: string;
}): OrderFilter {
  return {
    categoryId: q.serviceId,
    statuses: q.status ? [q.status] : undefined,
    orderType: q.type,
    from: q.from,
    to: q.to,
    emergency: q.emergency,
    pincode: q.pincode,
    search: q.search || undefined,
  };
}

/** The open jobs of a service with the job lists' filters. */
export function jobFilter(
  categoryId: string,
  q: {
    pincode?: string;
    status?: OrderStatus;
    from?: string;
    to?: string;
    slot?: string;
    rider?: string;
    search?: string;
  },
): OrderFilter {
  return {
    categoryId,
    statuses: q.status ? [q.status] : 'open',
    pincode: q.pincode,
    from: q.from,
    to: q.to,
    slot: q.slot,
    rider: q.rider,
    search: q.search || undefined,
  };
}
