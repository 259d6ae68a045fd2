import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ordersTable } from '../../db/schema';
import { createOrderDetails } from './details';
import { createOrderExport } from './exportRows';
import { createJobSheetBatches } from './jobSheetBatches';
import { createOrderPaging } from './paging';
import { createOrderSlots } from './slots';
import { createStatusChanges } from './statusChanges';

// Other areas import these from here: the search by order id (returns).
export { findOrderIds } from './search';

/**
 * The orders' repository, put together from its concerns: a list's pages and totals
 * (paging.ts), its CSV export (exportRows.ts), the job sheet's batches (jobSheetBatches.ts), the
 * jobs' delivery slots (slots.ts), one order's details (details.ts) and status changes
 * (statusChanges.ts).
 */
export function createOrderRepository(db: Database) {
  return {
    ...createOrderPaging(db),
    ...createOrderExport(db),
    ...createJobSheetBatches(db),
    ...createOrderSlots(db),
    ...createOrderDetails(db),
    ...createStatusChanges(db),
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;

/**
 * How many orders name a product or a plan (to explain a refused delete); served by
 * `orders_product_idx` / `orders_plan_idx`.
 */
export async function countOrdersOf(
  db: Database,
  ref: { productId: string } | { planId: string },
): Promise<number> {
  const where =
    'productId' in ref
      ? eq(ordersTable.productId, ref.productId)
      : eq(ordersTable.planId, ref.planId);
  const [row] = await db.select({ n: count() }).from(ordersTable).where(where);
  return row?.n ?? 0;
}

/** Why a product or plan cannot be deleted, and what to do instead. */
export function inOrdersMessage(what: 'product' | 'plan', orders: number): string {
  const where = orders > 0 ? `in ${orders} order${orders === 1 ? '' : 's'}` : 'used by orders';
  return `This ${what} is ${where} and cannot be deleted. Set it Inactive instead.`;
}
