import type { ResourceDeclaration } from '../../src/providers/resource';

/**
 * The dashboard's calls (spec 001 §7; docs/api.md "Dashboard"). The screen itself is
 * `src/pages/DashboardPage.tsx`, mounted by the app for every admin, so no group, routes or menu
 * here. `getOne` (any id) answers the figures and recent lists; the `ordersByFilter` list answers
 * the chart's buckets, with `type` as the filter.
 */
export const dashboard: ResourceDeclaration = {
  name: 'dashboard',
  api: {
    envelope: 'statusCode',
    getOne: { method: 'GET', path: 'admin/dashboard-data' },
    lists: {
      ordersByFilter: {
        method: 'GET',
        path: 'order/get-orders-by-filter',
        resultKey: 'buckets',
        paging: 'none',
      },
    },
  },
  routes: [],
};

/** The id asked of `getOne`: the call has none, one name keeps react-admin's cache to one entry. */
export const DASHBOARD_ID = 'data';
