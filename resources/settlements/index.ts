import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { settlementActions } from './calls';

const SettlementPage = lazyScreen(() => import('./SettlementPage'), 'SettlementPage');

export const SETTLEMENT_PATH = 'settlements';

/**
 * Settlement import (issue 36), under Orders Management: a UPI / bank settlement file matched to
 * the payments recorded by reference; the lines nobody's payment matched (its `list`, GET
 * account/settlement-lines) are assigned to customers from here.
 */
export const settlementLines: ResourceDeclaration = {
  name: 'settlementLines',
  group: 'orders',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'account/settlement-lines',
      resultKey: 'lines',
      paging: 'result',
    },
    actions: settlementActions,
  },
  routes: [{ path: SETTLEMENT_PATH, component: SettlementPage }],
  menu: [{ label: 'Settlement import', to: SETTLEMENT_PATH }],
};

/** The files imported so far, newest first (GET account/settlement-imports), on the same page. */
export const settlementImports: ResourceDeclaration = {
  name: 'settlementImports',
  group: 'orders',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'account/settlement-imports',
      resultKey: 'imports',
      paging: 'result',
    },
  },
  routes: [],
};

export const settlementResources = [settlementLines, settlementImports];
