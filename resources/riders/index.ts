import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import { riderActions } from './calls';

const RIDER_FIELDS = ['name', 'phone', 'vehicle', 'pincodes', 'shift', 'status'];

const RiderCreate = lazyScreen(() => import('./RiderCreate'), 'RiderCreate');
const RiderEdit = lazyScreen(() => import('./RiderEdit'), 'RiderEdit');
const RiderList = lazyScreen(() => import('./RiderList'), 'RiderList');
const RiderShow = lazyScreen(() => import('./RiderShow'), 'RiderShow');
const RiderRunPage = lazyScreen(() => import('./RiderRunPage'), 'RiderRunPage');
const RiderCashPage = lazyScreen(() => import('./RiderCashPage'), 'RiderCashPage');

/**
 * Delivery riders (issue 15), under Assigning Jobs: list, add, edit, view, delete, a rider's
 * run of a day, and the day's cash on delivery. Its menu entries follow the per-service ones.
 */
export const riders: ResourceDeclaration = {
  name: 'riders',
  group: 'assigningJobs',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'rider/get-riders',
      resultKey: 'riders',
      paging: 'result',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
    },
    getOne: { method: 'GET', path: 'rider/get-rider/:id', resultKey: 'rider' },
    create: {
      method: 'POST',
      path: 'rider/create-rider',
      bodyKind: 'json',
      fields: RIDER_FIELDS,
      resultKey: 'rider',
    },
    update: {
      method: 'POST',
      path: 'rider/edit-rider',
      bodyKind: 'json',
      idField: 'riderId',
      fields: RIDER_FIELDS,
      resultKey: 'rider',
    },
    delete: { method: 'POST', path: 'rider/delete-rider/:id', bodyKind: 'json', fields: [] },
    files: {
      runSheet: { path: 'rider/run-sheet/:riderId', fileName: 'run-sheet.pdf' },
    },
    actions: riderActions,
  },
  routes: [
    { path: 'riders/:page', component: RiderList },
    { path: 'rider/add', component: RiderCreate, action: 'create' },
    { path: 'rider/edit/:id', component: RiderEdit, action: 'edit' },
    { path: 'rider/view/:id', component: RiderShow, action: 'show' },
    { path: 'rider/run/:id', component: RiderRunPage, action: 'show' },
    { path: 'rider-cash', component: RiderCashPage },
  ],
  menu: [
    { label: 'Riders', to: 'riders/1' },
    { label: 'Cash on delivery', to: 'rider-cash' },
  ],
};
