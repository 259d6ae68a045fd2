import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  HttpError,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { WriteMeta } from '../../src/providers/dataProvider';
import type { OrderStatus } from './orderFields';

/** Every list that shows an order's status reloads after a change. */
const ORDER_LISTS = ['orders', 'assigningJobs'];

/**
 * Sets an order's status through `resource`'s update call (POST order/update-status): the
 * server's message on success and the order lists reload; on failure the spec's message, with
 * the server's reason when it gave one. Resolves to whether the change was saved.
 */
export function useOrderStatusUpdate(resource: string) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [busy, setBusy] = useState(false);

  const update = async (order: RaRecord, status: OrderStatus): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await dataProvider.update(resource, {
        id: order.id,
        data: { status },
        previousData: order,
      });
      const { message } = ((result as { meta?: WriteMeta }).meta ?? {}) as WriteMeta;
      notify(message || 'ra.notification.updated', {
        type: 'success',
        messageArgs: { smart_count: 1 },
      });
      await Promise.all(ORDER_LISTS.map((r) => queryClient.invalidateQueries({ queryKey: [r] })));
      return true;
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) {
        notify(failureText(translate('app.orders.update_failed'), error), { type: 'error' });
      }
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { update, busy };
}

/** The spec's failure text, followed by the server's reason when the server gave one. */
export function failureText(text: string, error: unknown): string {
  const reason = error instanceof HttpError && error.status > 0 ? error.message : '';
  return reason ? `${text} ${reason}` : text;
}
