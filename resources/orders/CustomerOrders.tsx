import { ListBase, useTranslate } from 'react-admin';
import { TabList } from '@/lists/TabList';
import { OrderDatagrid } from './OrderDatagrid';

/**
 * The customer view's Orders tab: their orders newest first (GET order/get-customer-orders,
 * the orders list's rows), paged here rather than in the address; each row opens its order.
 */
export function CustomerOrders({ userId }: { userId: string }) {
  const translate = useTranslate();
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
      <TabList emptyText={translate('app.subscriptions.customer_orders_none')}>
        <OrderDatagrid viewPath="/order/view" returns="row" sortFields={[]} />
      </TabList>
    </ListBase>
  );
}
