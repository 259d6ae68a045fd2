import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ordersTable, returnRequestsTable, type ReturnStatus } from '../../db/schema';

export interface NewReturnRequest {
  /** The order's `_id` (not its order number). */
  orderId: string;
  returnedQuantity: number;
  requestedAt?: Date;
  /** Pending unless the seed records a request already settled. */
  status?: ReturnStatus;
  reason?: string | null;
  /** When a settled request was approved or rejected; defaults to the request time. */
  settledAt?: Date | null;
  /** The admin's id. */
  settledBy?: string | null;
}

/**
 * Records a customer's request to hand back jars or cylinders of an order. Customers ask in
 * their app (not part of this product); the seeds and the tests go through this. The customer
 * and the service are copied from the order so that the lists filter without a join.
 */
export async function requestReturn(db: Database, input: NewReturnRequest) {
  if (!Number.isInteger(input.returnedQuantity) || input.returnedQuantity < 1) {
    throw new RangeError(`returnedQuantity must be a whole number of at least 1`);
  }
  const [order] = await db
    .select({ customerId: ordersTable.customerId, categoryId: ordersTable.categoryId })
    .from(ordersTable)
    .where(eq(ordersTable.id, input.orderId));
  if (!order) throw new Error(`order ${input.orderId} does not exist`);

  const status = input.status ?? 'Pending';
  const requestedAt = input.requestedAt ?? new Date();
  const settledAt = status === 'Pending' ? null : (input.settledAt ?? requestedAt);
  const [row] = await db
    .insert(returnRequestsTable)
    .values({
      orderId: input.orderId,
      customerId: order.customerId,
      categoryId: order.categoryId,
      returnedQuantity: input.returnedQuantity,
      status,
      reason: input.reason ?? null,
      requestedAt,
      approvedAt: status === 'Approved' ? settledAt : null,
      settledAt,
      settledBy: status === 'Pending' ? null : (input.settledBy ?? null),
    })
    .returning();
  return row!;
}
