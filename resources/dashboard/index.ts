import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

const DashboardPage = lazyScreen(() => import('./DashboardPage'), 'DashboardPage');

/**
 * The dashboard's calls (spec 001 §7; docs/api.md "Dashboard") and its screen,
 * `DashboardPage.tsx`, open to every admin, so no group or menu entry (the menu links
 * it on its own). `getOne` (any id) answers the figures and recent lists; the `ordersByFilter`
 * list answers the chart's buckets, with `type` as the filter.
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
  routes: [{ path: 'dashboard', component: DashboardPage }],
};
