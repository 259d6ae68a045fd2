import type { ReactNode } from 'react';
import { useTranslate, type SortPayload } from 'react-admin';
import { PathPagedList } from '@/lists/PathPagedList';

interface OrdersPagedListProps {
  resource: 'orders' | 'assigningJobs';
  /** Which list this is (`all`, `fresh`, `service.<id>`): its page, sort and search are kept apart. */
  listKey: string;
  /** A named list call of the declaration (`{ list: 'fresh' }`); the main `list` without it. */
  meta?: { list: string };
  title: string;
  sort?: SortPayload;
  filter?: Record<string, unknown>;
  /** Filters of the list kept in the address beside the search (`pincode`). */
  queryKeys?: readonly string[];
  /** Search box, pin code select, Download PDF ... above the table. */
  toolbar?: ReactNode;
  /** Buttons beside the search box and Export (Invoices). */
  actions?: ReactNode;
  /** The list's filters (a FilterBar), in a row of their own under the title. */
  filters?: ReactNode;
  children: ReactNode;
}

/**
 * The orders lists: the shared path-paged list with a store per list, the orders wording for
 * empty ('No results found.') and failed ('Failed to fetch orders') loads, and Export.
 */
export function OrdersPagedList({ listKey, toolbar, actions, ...props }: OrdersPagedListProps) {
  const translate = useTranslate();
  return (
    <PathPagedList
      {...props}
      storeKey={`${props.resource}.${listKey}.pathList`}
      actions={toolbar ?? actions}
      // A list with a toolbar of its own (assigning jobs) places the search box in it.
      search={!toolbar}
      exportable
      emptyText={translate('app.orders.no_results')}
      errorText={translate('app.orders.fetch_failed')}
    />
  );
}
