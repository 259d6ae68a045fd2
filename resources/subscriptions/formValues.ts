import type { RaRecord } from 'react-admin';
import { tomorrowInIndia } from '@shared/time';
import type { Subscription } from './types';

export const ACCESSORY_PREFIX = 'id_';

/** What a new subscription's form starts from: tomorrow, every day, one, cash on delivery. */
export const newSubscriptionValues = (userId?: string) => ({
  userId,
  quantity: 1,
  returnQuantity: 0,
  schedule: { kind: 'daily', weekdays: [], everyNDays: 2 },
  startDate: tomorrowInIndia(),
  endDate: null,
  paymentMethod: 'Cash on Delivery',
  accessoryQty: {},
});

/** A subscription as its form edits it: accessories as quantities by id. */
export function toForm(record: RaRecord): RaRecord {
  const s = record as unknown as Subscription & RaRecord;
  const accessoryQty = Object.fromEntries(
    (s.accessories ?? []).map((a) => [`${ACCESSORY_PREFIX}${a.accessoryId}`, a.quantity]),
  );
  return {
    ...record,
    schedule: {
      kind: s.schedule?.kind ?? 'daily',
      weekdays: s.schedule?.weekdays ?? [],
      everyNDays: s.schedule?.everyNDays ?? 2,
    },
    accessoryQty,
  };
}

/**
 * The body of create and edit from the form: the product or the plan as the service takes,
 * the accessories with a quantity, and the schedule with only what its kind uses.
 */
export function toBody(values: Record<string, unknown>, kind: string | undefined) {
  const schedule = (values.schedule ?? {}) as Subscription['schedule'];
  const qty = (values.accessoryQty ?? {}) as Record<string, unknown>;
  const tiffin = kind === 'tiffin';
  const accessories = tiffin
    ? []
    : Object.entries(qty)
        .filter(([, q]) => Number(q) > 0)
        .map(([key, q]) => ({
          accessoryId: key.slice(ACCESSORY_PREFIX.length),
          quantity: Number(q),
        }));
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return {
    userId: values.userId,
    productId: tiffin ? undefined : values.productId || undefined,
    planId: tiffin ? values.planId || undefined : undefined,
    accessories,
    quantity: Number(values.quantity),
    returnQuantity:
      values.returnQuantity === null || values.returnQuantity === undefined
        ? undefined
        : Number(values.returnQuantity),
    schedule: {
      kind: schedule.kind,
      ...(schedule.kind === 'weekdays'
        ? { weekdays: [...(schedule.weekdays ?? [])].map(Number).sort((a, b) => a - b) }
        : {}),
      ...(schedule.kind === 'everyNDays' ? { everyNDays: Number(schedule.everyNDays) } : {}),
    },
    slot: values.slot,
    addressId: values.addressId || undefined,
    startDate: values.startDate,
    endDate: values.endDate || undefined,
    paymentMethod: values.paymentMethod,
    specialInstruction: text(values.specialInstruction),
  };
}
