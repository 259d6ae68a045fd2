import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { OrderDatagrid } from './OrderDatagrid';
import { ORDER_FILTERS, OrderFilters } from './OrderFilters';
import { isOrderStatus } from '@/orders/orderFields';
import { OrderInvoicesButton } from './OrderInvoicesButton';
import { OrdersPagedList } from './OrdersPagedList';
import { useServiceCategory } from './useServiceCategory';

/**
 * /admin-panel/orders/{page}: every order, or those of the filters in the address (`?status=`
 * from the dashboard's links, `?serviceId=`, days, emergencies ...), through GET
 * order/view-all-orders. The title names the status and service filtered by.
 */
export function AllOrdersList() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  // Only the four statuses filter; anything else in the address shows every order.
  const status = isOrderStatus(params.get('status')) ? params.get('status')! : undefined;
  const serviceId = params.get('serviceId') || undefined;
  const { category, returns } = useServiceCategory(serviceId);
  const service = category?.name;
  const title =
    status && service
      ? translate('app.orders.status_service_title', { status, service })
      : status
        ? translate('app.orders.status_title', { status })
        : service
          ? translate('app.orders.service_title', { service })
          : translate('app.orders.title');
  return (
    <OrdersPagedList
      resource="orders"
      listKey="all"
      title={title}
      sort={{ field: 'createdAt', order: 'DESC' }}
      queryKeys={ORDER_FILTERS}
      filters={<OrderFilters service type />}
      actions={<OrderInvoicesButton />}
    >
      <OrderDatagrid viewPath="/order/view" returns={returns} />
    </OrdersPagedList>
  );
}
