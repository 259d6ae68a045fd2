import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { OrderDatagrid } from './OrderDatagrid';
import { ORDER_FILTERS, OrderFilters } from './OrderFilters';
import { OrdersPagedList } from './OrdersPagedList';
import { useServiceCategory } from './useServiceCategory';

/** A service's list has its service in the path. */
const SERVICE_ORDER_FILTERS = ORDER_FILTERS.filter((key) => key !== 'serviceId');

/** /admin-panel/order/{serviceId}/{page}: the orders of one service (GET order/orders-by-serviceId). */
export function ServiceOrderList() {
  const { serviceId = '' } = useParams();
  const translate = useTranslate();
  const { category, returns } = useServiceCategory(serviceId);
  return (
    <OrdersPagedList
      key={serviceId}
      resource="orders"
      listKey={`service.${serviceId}`}
      meta={{ list: 'byService' }}
      title={
        category
          ? translate('app.orders.service_title', { service: category.name })
          : translate('app.orders.title')
      }
      sort={{ field: 'createdAt', order: 'DESC' }}
      filter={{ serviceId }}
      queryKeys={SERVICE_ORDER_FILTERS}
      filters={<OrderFilters type />}
    >
      <OrderDatagrid viewPath="/order/view" returns={returns} />
    </OrdersPagedList>
  );
}
