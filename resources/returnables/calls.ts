import { action } from '@/providers/actions';
import type { Correction, Ledger, ReturnableSummary, StockItem } from './types';

/** The outstanding list's route; `?minDays=30` filters it (the dashboard links to it). */
export const OUTSTANDING_PATH = '/outstanding-returnables/1';

/** The summary's query key (returnableSummary), shared with the dashboard's cards. */
export const SUMMARY_KEY = ['returnables', 'summary'];

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

/** The result types of these calls, for the screens of other resources too. */
export type * from './types';
