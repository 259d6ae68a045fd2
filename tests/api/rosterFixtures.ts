/**
 * Subscriptions for the roster's API tests, written straight into the subscriptions tables (the
 * subscriptions module's calls are another area's): `subscribe` adds one with sensible defaults.
 */
import type { Database } from '@server/db/client';
import { subscriptionsTable } from '@server/db/schema';
import type { ScheduleKind } from '@shared/schedule';
import type { FixtureCustomer, OrderFixtures } from './orderFixtures';

export interface NewSubscription {
  customer: FixtureCustomer;
  kind?: 'water' | 'oxygen' | 'tiffin';
  quantity?: number;
  returnQuantity?: number;
  schedule?: ScheduleKind;
  weekdays?: number[];
  intervalDays?: number;
  startDate: string;
  endDate?: string | null;
  slot?: string;
  taps?: number;
  status?: 'Active' | 'Paused' | 'Ended';
  /** A plan already paid in full: its days cost nothing. */
  prepaid?: boolean;
}

export const MORNING = '7:00 AM - 9:00 AM';

export async function subscribe(db: Database, f: OrderFixtures, s: NewSubscription) {
  const kind = s.kind ?? 'water';
  const schedule = s.schedule ?? 'daily';
  const [row] = await db
    .insert(subscriptionsTable)
    .values({
      customerId: s.customer.id,
      categoryId: f.services[kind].id,
      productId: kind === 'tiffin' ? null : f.products[kind].id,
      planId: kind === 'tiffin' ? f.plan.id : null,
      accessories: s.taps ? [{ accessoryId: f.tap.id, quantity: s.taps }] : [],
      quantity: s.quantity ?? 1,
      returnQuantity: s.returnQuantity ?? 0,
      scheduleKind: schedule,
      weekdays: s.weekdays ?? [],
      intervalDays:
        s.intervalDays ?? (schedule === 'alternate' ? 2 : schedule === 'everyNDays' ? 3 : 1),
      slot: s.slot ?? MORNING,
      addressId: s.customer.addressId,
      pincode: s.customer.address.pincode,
      startDate: s.startDate,
      endDate: s.endDate ?? null,
      paymentMethod: 'Cash on Delivery',
      status: s.status ?? 'Active',
      prepaid: s.prepaid ?? false,
    })
    .returning();
  return row!;
}
