import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { OPEN_ORDER_STATUSES, orderOpenSlotCountsTable } from '../../db/schema';

/**
 * Minutes after midnight a slot starts ('5:00 PM - 8:00 PM': 1020), to list slots in the order
 * of the day; a slot without a time ('Within 2 hours') comes first.
 */
function slotStart(slot: string): number {
  const m = /^(\d{1,2}):(\d{2})\s*([AP]M)/i.exec(slot.trim());
  if (!m) return -1;
  const hour = (Number(m[1]) % 12) + (m[3]!.toUpperCase() === 'PM' ? 12 : 0);
  return hour * 60 + Number(m[2]);
}

/** The delivery slots the jobs list offers as a filter. */
export function createOrderSlots(db: Database) {
  return {
    /**
     * The delivery slots of a service's open jobs with how many jobs each has (the jobs list's
     * slot filter), from their counters (migration 0048); at most `limit`, in the order of the
     * day.
     */
    async openJobSlots(categoryId: string, limit: number) {
      const c = orderOpenSlotCountsTable;
      const jobs = sql<number>`sum(${c.n})`.mapWith(Number);
      const slots = await db
        .select({ slot: c.slot, jobs })
        .from(c)
        .where(
          and(eq(c.categoryId, categoryId), inArray(c.status, OPEN_ORDER_STATUSES), gt(c.n, 0)),
        )
        .groupBy(c.slot)
        .limit(limit);
      return slots.sort(
        (a, b) => slotStart(a.slot) - slotStart(b.slot) || a.slot.localeCompare(b.slot),
      );
    },
  };
}
