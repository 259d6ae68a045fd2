import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '@/components/RecordMissing';
import { OrderDatagrid } from './OrderDatagrid';
import { ORDER_FILTERS, OrderFilters } from './OrderFilters';
import { OrdersPagedList } from './OrdersPagedList';

const TYPES = ['fresh', 'reorder'];
/** A list of one type has its type in the path. */
const TYPE_ORDER_FILTERS = ORDER_FILTERS.filter((key) => key !== 'type');

/**
 * /admin-panel/orders/{fresh|reorder}/{page}: GET order/by-type with `type`, paged and sorted
 * on the server (our addition; the documented call answered every order at once).
 */
export function OrdersByTypeList() {
  const { type = '' } = useParams();
  const translate = useTranslate();
  if (!TYPES.includes(type))
    return <RecordMissing message={translate('app.orders.unknown_type')} />;
  return (
    <OrdersPagedList
      key={type}
      resource="orders"
      listKey={type}
      meta={{ list: type }}
      title={translate(`app.orders.${type}_title`)}
      sort={{ field: 'createdAt', order: 'DESC' }}
      queryKeys={TYPE_ORDER_FILTERS}
      filters={<OrderFilters service />}
    >
      <OrderDatagrid viewPath="/order-type/view" returns="row" />
    </OrdersPagedList>
  );
}
