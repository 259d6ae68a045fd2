import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { duesActions } from './calls';

const DuesList = lazyScreen(() => import('./DuesList'), 'DuesList');
const LowBalanceList = lazyScreen(() => import('./LowBalanceList'), 'LowBalanceList');

/**
 * Who owes and since when (issue 36), under Orders Management: the customers owing, oldest
 * unpaid charge first, their amount aged charge by charge, the totals and the CSV.
 */
export const dues: ResourceDeclaration = {
  name: 'dues',
  group: 'orders',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'account/dues',
      resultKey: 'customers',
      paging: 'result',
      searchParam: 'search',
      idFields: ['userId'],
      csv: { path: 'account/export-dues', fileName: 'dues.csv' },
    },
    actions: duesActions,
  },
  routes: [{ path: 'dues/:page', component: DuesList }],
  menu: [{ label: 'Dues', to: 'dues/1' }],
};

/** Prepaid customers whose balance lasts fewer days than the setting, fewest first. */
export const lowBalance: ResourceDeclaration = {
  name: 'lowBalance',
  group: 'orders',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'account/low-balance',
      resultKey: 'customers',
      paging: 'result',
      searchParam: 'search',
      idFields: ['userId'],
    },
  },
  routes: [{ path: 'low-balance/:page', component: LowBalanceList }],
  menu: [{ label: 'Low balance', to: 'low-balance/1' }],
};

/**
 * Changing the low-balance days (account/update-settings) is for admins of Settings: this
 * declaration carries only that rule, so the Low balance page asks canAccess like every other.
 */
export const accountSettings: ResourceDeclaration = {
  name: 'accountSettings',
  group: 'settings',
  api: {},
  routes: [],
};

export const duesResources = [dues, lowBalance, accountSettings];
