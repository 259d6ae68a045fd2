import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { returnActions } from './calls';

const ReturnList = lazyScreen(() => import('./ReturnList'), 'ReturnList');
const ReturnShow = lazyScreen(() => import('./ReturnShow'), 'ReturnShow');

/** Return requests of water jars and oxygen cylinders (spec 001; docs/api.md "Returns"). */
export const returns: ResourceDeclaration = {
  name: 'returns',
  group: 'return',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'return-history/get-all-return-requests',
      // `categoryType` arrives as the list filter (from the route) and is sent as a query.
      paging: 'top',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
      csv: { path: 'return-history/export-return-requests', fileName: 'return-requests.csv' },
    },
    // Addition: one request by id, for reloads and shared links.
    getOne: {
      method: 'GET',
      path: 'return-history/get-return-request/:id',
      resultKey: 'returnRequest',
    },
    actions: returnActions,
  },
  routes: [
    { path: 'returns/:categoryType/:page', component: ReturnList },
    { path: 'return/view/:id', component: ReturnShow, action: 'show' },
  ],
  menu: [
    { label: 'Water Returns', to: 'returns/0/1' },
    { label: 'Oxygen Returns', to: 'returns/1/1' },
  ],
};
