import { ListBase, useGetList, useListContext, useTranslate } from 'react-admin';
import { ORDER_STATUSES } from '@shared/statuses';
import { DateRangeFilter } from '@/lists/filters/DateRangeFilter';
import { FilterBar } from '@/lists/filters/FilterBar';
import { SelectFilter } from '@/lists/filters/SelectFilter';
import { TabList } from '@/lists/TabList';
import { OrderDatagrid } from './OrderDatagrid';

/** The filters get-customer-orders takes (issue 37); `date` stands for `from` / `to`. */
const CUSTOMER_ORDER_FILTERS = ['status', 'serviceId', 'date', 'from', 'to'] as const;

/**
 * The customer view's Orders tab: their orders newest first (GET order/get-customer-orders,
 * the orders list's rows) with status, service and date filters, paged here rather than in the
 * address; each row opens its order.
 */
export function CustomerOrders({ userId }: { userId: string }) {
  return (
    <ListBase
      resource="orders"
      filter={{ userId }}
      queryOptions={{ meta: { list: 'byCustomer' } }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      disableSyncWithLocation
      storeKey={false}
    >
      <CustomerOrderFilters />
      <CustomerOrderRows />
    </ListBase>
  );
}

function CustomerOrderRows() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const filtered = CUSTOMER_ORDER_FILTERS.some((key) => filterValues[key]);
  return (
    <TabList
      emptyText={translate(
        filtered ? 'app.users.orders_none_match' : 'app.subscriptions.customer_orders_none',
      )}
    >
      <OrderDatagrid viewPath="/order/view" returns="row" sortFields={[]} />
    </TabList>
  );
}

function CustomerOrderFilters() {
  const { data: categories = [] } = useGetList('categories', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'createdAt', order: 'ASC' },
    filter: {},
  });
  return (
    <FilterBar keys={CUSTOMER_ORDER_FILTERS}>
      <SelectFilter
        source="status"
        label="app.orders.status"
        choices={ORDER_STATUSES.map((s) => ({ id: s, name: s }))}
      />
      <SelectFilter
        source="serviceId"
        label="app.orders.service"
        choices={categories.map((c) => ({ id: String(c.id), name: String(c.name) }))}
      />
      <DateRangeFilter />
    </FilterBar>
  );
}
