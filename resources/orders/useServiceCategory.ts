import { useGetOne, type RaRecord } from 'react-admin';
import { collectsReturns } from '@/orders/orderFields';
import type { OrderDatagridProps } from './OrderDatagrid';

/**
 * The category of a service id (through the `categories` resource): its name titles the list
 * and its kind decides the columns, never the id itself (DESIGN.md).
 */
export function useServiceCategory(serviceId: string | null | undefined) {
  const { data, isPending, error } = useGetOne<RaRecord>(
    'categories',
    { id: serviceId ?? '' },
    { enabled: Boolean(serviceId) },
  );
  const category = serviceId ? data : undefined;
  /** Return column: by the kind once known; per row if the category cannot be loaded. */
  const returns: OrderDatagridProps['returns'] = !serviceId
    ? 'row'
    : category
      ? collectsReturns(category.kind)
        ? 'service'
        : 'none'
      : error
        ? 'row'
        : 'none';
  return { category, isPending: Boolean(serviceId) && isPending, error, returns };
}
