import { lazyScreen, type MenuCategory, type ResourceDeclaration } from '@/providers/resource';
import { GET_ORDER } from '../orders/calls';
import { assigningJobActions } from './calls';

const AssigningJobList = lazyScreen(() => import('./AssigningJobList'), 'AssigningJobList');
const JobView = lazyScreen(() => import('./JobView'), 'JobView');

const lower = (c: MenuCategory) => c.name.toLowerCase();

/**
 * Assigning jobs (spec 001): the open jobs of one service, filtered by pin code, with the job
 * sheet PDF: downloaded whole and streamed from order/job-sheet (addition), not the list's
 * bounded base64 `pdf` of `wantPdf=true`.
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
      csv: { path: 'order/export-jobs/:serviceId', fileName: 'orders.csv' },
    },
    getOne: GET_ORDER,
    files: {
      jobSheet: { path: 'order/job-sheet/:serviceId', fileName: 'orders.pdf' },
    },
    actions: assigningJobActions,
  },
  routes: [
    { path: 'assigning-job/:name/:serviceId/:page', component: AssigningJobList },
    { path: 'assigning-job/view/:id', component: JobView, action: 'show' },
  ],
  menu: (categories) =>
    categories.map((c) => ({ label: c.name, to: `assigning-job/${lower(c)}/${c.id}/1` })),
};
