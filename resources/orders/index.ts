import type { ResourceDeclaration } from '../../src/providers/resource';
import { AllOrdersList } from './AllOrdersList';
import { GET_ORDER, UPDATE_ORDER_STATUS } from './calls';
import { OrdersByTypeList } from './OrdersByTypeList';
import { OrderTypeView, OrderView } from './OrderShow';
import { ServiceOrderList } from './ServiceOrderList';

/**
 * Orders (spec 001, docs/api.md "Orders and assigning jobs"). The all-orders list is `list`;
 * the fresh / reorder and per-service lists are named `lists`, chosen with `meta: { list }`.
 */
export const orders: ResourceDeclaration = {
  name: 'orders',
  group: 'orders',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'order/view-all-orders',
      resultKey: 'orders',
      paging: 'result',
      sortParam: 'sortField',
      sortOrderParam: 'sortOrder',
    },
    lists: {
      // by-type answers both lists whole, newest first; the provider sorts and pages in memory.
      fresh: { method: 'GET', path: 'order/by-type', resultKey: 'freshOrders', paging: 'client' },
      reorder: {
        method: 'GET',
        path: 'order/by-type',
        resultKey: 'reorderOrders',
        paging: 'client',
      },
      byService: {
        method: 'GET',
        path: 'order/orders-by-serviceId',
        resultKey: 'orders',
        paging: 'result',
        sortParam: 'sortField',
        sortOrderParam: 'sortOrder',
      },
    },
    getOne: GET_ORDER,
    update: UPDATE_ORDER_STATUS,
  },
  routes: [
    { path: 'orders/:page', component: AllOrdersList },
    { path: 'orders/:type/:page', component: OrdersByTypeList },
    { path: 'order/:serviceId/:page', component: ServiceOrderList },
    { path: 'order/view/:id', component: OrderView, action: 'show' },
    { path: 'order-type/view/:id', component: OrderTypeView, action: 'show' },
  ],
  menu: (categories) => [
    { label: 'All Orders', to: 'orders/1' },
    { label: 'Fresh Orders', to: 'orders/fresh/1' },
    { label: 'Reorders', to: 'orders/reorder/1' },
    ...categories.map((c) => ({ label: `${c.name} Orders`, to: `order/${c.id}/1` })),
  ],
};
