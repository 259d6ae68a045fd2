import type { RaRecord } from 'react-admin';
import { useAction } from '@/actions/useAction';
import type { AppDataProvider } from '@/providers/types';
import type { OrderStatus } from '@/orders/orderFields';

/** Every list that shows an order's status reloads after a change. */
const ORDER_LISTS = ['orders', 'assigningJobs'];

/**
 * Sets an order's status (POST order/update-status): the server's message on success and the
 * order lists reload; on failure the spec's message, with the server's reason when it gave
 * one. `update` resolves to whether the change was saved.
 */
export function useOrderStatusUpdate() {
  const setStatus = useAction(
    (dp: AppDataProvider, change: { id: RaRecord['id']; status: OrderStatus; reason?: string }) =>
      dp.setOrderStatus(change),
    {
      failureMessage: 'app.orders.update_failed',
      wording: 'wording-and-reason',
      invalidates: ORDER_LISTS,
    },
  );
  /** A blank reason is not sent (the spec's call); a guarded change needs one (issue 37). */
  const update = (order: RaRecord, status: OrderStatus, reason?: string): Promise<boolean> =>
    setStatus
      .mutateAsync({ id: order.id, status, ...(reason?.trim() ? { reason: reason.trim() } : {}) })
      .then(
        () => true,
        () => false,
      );
  return { update, busy: setStatus.isPending };
}
