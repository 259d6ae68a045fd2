import type { MenuCategory, ResourceDeclaration } from '../../src/providers/resource';
import { GET_ORDER, UPDATE_ORDER_STATUS } from '../orders/calls';
import { AssigningJobList } from './AssigningJobList';
import { JobView } from './JobView';

const lower = (c: MenuCategory) => c.name.toLowerCase();

/**
 * Assigning jobs (spec 001): the open jobs of one service, filtered by pin code, with the job
 * sheet PDF. The list answer's `pdf` (with `wantPdf=true`) comes back as the list's `meta`.
 */
export const assigningJobs: ResourceDeclaration = {
  name: 'assigningJobs',
  group: 'assigningJobs',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'order/assign-jobs/:serviceId',
      resultKey: 'orders',
      paging: 'result',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
      metaKeys: ['pdf'],
    },
    getOne: GET_ORDER,
    update: UPDATE_ORDER_STATUS,
  },
  routes: [
    { path: 'assigning-job/:name/:serviceId/:page', component: AssigningJobList },
    { path: 'assigning-job/view/:id', component: JobView, action: 'show' },
  ],
  menu: (categories) =>
    categories.map((c) => ({ label: c.name, to: `assigning-job/${lower(c)}/${c.id}/1` })),
};
