import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { returnableActions } from './calls';

const OutstandingList = lazyScreen(() => import('./OutstandingList'), 'OutstandingList');
const DepotStockPage = lazyScreen(() => import('./DepotStockPage'), 'DepotStockPage');
const CustomerLedgerPage = lazyScreen(() => import('./CustomerLedgerPage'), 'CustomerLedgerPage');

/**
 * Jars and cylinders with customers (issue 16), under Return Management: who holds what and for
 * how long, the depot's stock, and a customer's ledger for admins who cannot open customers.
 */
export const returnables: ResourceDeclaration = {
  name: 'returnables',
  group: 'return',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'returnable/outstanding',
      resultKey: 'customers',
      paging: 'result',
      searchParam: 'search',
      // One order only, by the oldest unit outstanding: asc puts the most overdue first.
      sortOrderParam: 'sortOrder',
      idFields: ['userId', 'productId'],
      csv: { path: 'returnable/export-outstanding', fileName: 'outstanding-returnables.csv' },
    },
    actions: returnableActions,
  },
  routes: [
    { path: 'outstanding-returnables/:page', component: OutstandingList },
    { path: 'depot-stock', component: DepotStockPage },
    { path: 'returnable/customer/:id', component: CustomerLedgerPage, action: 'show' },
  ],
  menu: [
    { label: 'Outstanding returnables', to: 'outstanding-returnables/1' },
    { label: 'Depot stock', to: 'depot-stock' },
  ],
};
