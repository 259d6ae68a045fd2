import { action } from '@/providers/actions';
import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import type { Correction, Ledger, ReturnableSummary, StockItem } from './types';

/** The returnables' calls that are not the outstanding list (docs/api.md, "Returnables"). */
export const returnableActions = {
  /** A customer's balances and one page of their ledger, newest first. */
  returnableLedger: action<{ userId: string; page?: number; limit?: number }, Ledger>({
    method: 'GET',
    path: 'returnable/ledger/:userId',
  }),
  /** A correction: a new ledger line with its reason; + the customer holds more, - fewer. */
  adjustReturnable: action<
    { userId: string; productId: string; quantity: number; reason: string },
    Correction
  >({
    method: 'POST',
    path: 'returnable/adjust',
    bodyKind: 'json',
    fields: ['userId', 'productId', 'quantity', 'reason'],
  }),
  /** Full, empty and with-customer units of every returnable item. */
  returnableStock: action<Record<string, never>, StockItem[]>({
    method: 'GET',
    path: 'returnable/stock',
    resultKey: 'stock',
  }),
  /** Empties filled at the depot: they become full units. */
  refillReturnable: action<{ productId: string; quantity: number }>({
    method: 'POST',
    path: 'returnable/refill',
    bodyKind: 'json',
    fields: ['productId', 'quantity'],
  }),
  /** New full units bought. */
  receiveReturnable: action<{ productId: string; quantity: number }>({
    method: 'POST',
    path: 'returnable/receive',
    bodyKind: 'json',
    fields: ['productId', 'quantity'],
  }),
  /** The dashboard's figures: jars and cylinders out, and the overdue ones. */
  returnableSummary: action<Record<string, never>, ReturnableSummary>({
    method: 'GET',
    path: 'returnable/summary',
  }),
};

const OutstandingList = lazyScreen(() => import('./OutstandingList'), 'OutstandingList');
const DepotStockPage = lazyScreen(() => import('./DepotStockPage'), 'DepotStockPage');
const CustomerLedgerPage = lazyScreen(() => import('./CustomerLedgerPage'), 'CustomerLedgerPage');

/** The outstanding list's route; `?minDays=30` filters it. */
export const OUTSTANDING_PATH = '/outstanding-returnables/1';

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
