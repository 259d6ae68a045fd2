import { lazyScreen, type ListCall, type ResourceDeclaration } from '@/providers/resource';
import { GET_ORDER, orderActions, ORDERS_CSV } from './calls';

const AllOrdersList = lazyScreen(() => import('./AllOrdersList'), 'AllOrdersList');
const NewOrder = lazyScreen(() => import('./NewOrder'), 'NewOrder');
const OrdersByTypeList = lazyScreen(() => import('./OrdersByTypeList'), 'OrdersByTypeList');
const OrderTypeView = lazyScreen(() => import('./OrderShow'), 'OrderTypeView');
const OrderView = lazyScreen(() => import('./OrderShow'), 'OrderView');
const ServiceOrderList = lazyScreen(() => import('./ServiceOrderList'), 'ServiceOrderList');

const byType = (type: string, resultKey: string): ListCall => ({
  method: 'GET',
  path: 'order/by-type',
  query: { type },
  resultKey,
  paging: 'result',
  sortParam: 'sortField',
  sortOrderParam: 'sortOrder',
  searchParam: 'search',
  csv: ORDERS_CSV,
});

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
      searchParam: 'search',
      csv: ORDERS_CSV,
    },
    lists: {
      // by-type pages one type on the server when asked for it (our addition, docs/api.md).
      fresh: byType('fresh', 'freshOrders'),
      reorder: byType('reorder', 'reorderOrders'),
      byService: {
        method: 'GET',
        path: 'order/orders-by-serviceId',
        resultKey: 'orders',
        paging: 'result',
        sortParam: 'sortField',
        sortOrderParam: 'sortOrder',
        searchParam: 'search',
        csv: ORDERS_CSV,
      },
      // One customer's orders, newest first (addition, issue 35): the customer view's tab.
      byCustomer: {
        method: 'GET',
        path: 'order/get-customer-orders',
        resultKey: 'orders',
        paging: 'result',
      },
      // The credit and debit notes of a range of days (issue 38): Reports' Credit notes tab.
      creditNotes: {
        method: 'GET',
        path: 'order/credit-notes',
        resultKey: 'creditNotes',
        paging: 'result',
      },
    },
    getOne: GET_ORDER,
    actions: orderActions,
    files: {
      // A delivered order's GST tax invoice (issue 16), named after its number by the server.
      invoice: { path: 'order/invoice/:orderId', fileName: 'invoice.pdf' },
      // The invoices issued on a range of days (issue 16), `?from=&to=`: the orders list's Invoices.
      invoices: { path: 'order/invoices', fileName: 'invoices.pdf' },
      // A credit or debit note (issue 38), named after its number by the server.
      creditNote: { path: 'order/credit-note/:creditNoteId', fileName: 'credit-note.pdf' },
    },
  },
  routes: [
    // New order (issue 37): an order taken for a caller (`?userId=` picks the customer).
    { path: 'order/new', component: NewOrder, action: 'create' },
    { path: 'orders/:page', component: AllOrdersList },
    { path: 'orders/:type/:page', component: OrdersByTypeList },
    { path: 'order/:serviceId/:page', component: ServiceOrderList },
    { path: 'order/view/:id', component: OrderView, action: 'show' },
    { path: 'order-type/view/:id', component: OrderTypeView, action: 'show' },
  ],
  menu: (categories) => [
    { label: 'New Order', to: 'order/new' },
    { label: 'All Orders', to: 'orders/1' },
    { label: 'Fresh Orders', to: 'orders/fresh/1' },
    { label: 'Reorders', to: 'orders/reorder/1' },
    ...categories.map((c) => ({ label: `${c.name} Orders`, to: `order/${c.id}/1` })),
  ],
};
