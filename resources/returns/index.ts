import type { Identifier } from 'react-admin';
import type { ReturnDecision } from '@shared/statuses';
import type { BulkOutcome } from '@/lists/useBulkAction';
import { action } from '@/providers/actions';
import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

/** Approve or reject a Pending request, with an optional reason (form fields). */
export const returnActions = {
  settleReturn: action<{ id: Identifier; status: ReturnDecision; reason?: string }>({
    method: 'POST',
    path: 'return-history/update-return-request-status',
    bodyKind: 'form',
    idField: 'returnHistoryId',
    fields: ['status', 'reason'],
  }),
  /** The list's bulk action (addition): JSON { returnIds: [<_id>, ...], status }. */
  settleReturns: action<{ returnIds: Identifier[]; status: ReturnDecision }, BulkOutcome>({
    method: 'POST',
    path: 'return-history/bulk-update-status',
    bodyKind: 'json',
    fields: ['returnIds', 'status'],
  }),
};

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
