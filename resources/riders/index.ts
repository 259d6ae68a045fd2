import type { Identifier } from 'react-admin';
import { action } from '@/providers/actions';
import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';
import type {
  CashDay,
  DispatchSummary,
  RiderPage,
  RiderRun,
  RunShift,
  SettleResult,
} from './types';

/** Dispatch's calls that are not CRUD (docs/api.md, "Dispatch"). */
export const riderActions = {
  /**
   * Riders for a picker: `prefer` (comma-separated pin codes) puts those serving them first,
   * `date` is the day their `jobs` count. Not getList: a list filter named `date` is a period.
   */
  findRiders: action<
    {
      status?: 'Active' | 'Inactive';
      prefer?: string;
      date?: string;
      search?: string;
      limit?: number;
      sort?: 'name';
    },
    RiderPage
  >({ method: 'GET', path: 'rider/get-riders' }),
  /** A rider's jobs of a day, one round or both (`shift` empty). */
  riderRun: action<{ riderId: Identifier; date?: string; shift?: RunShift | '' }, RiderRun>({
    method: 'GET',
    path: 'rider/run/:riderId',
  }),
  /** Cash on delivery per rider for a day. */
  riderCash: action<{ date?: string }, CashDay>({ method: 'GET', path: 'rider/cash' }),
  /** Cash a rider hands in for a day's runs. */
  settleRiderCash: action<{ riderId: string; date: string; amount: number }, SettleResult>({
    method: 'POST',
    path: 'rider/settle-cash',
    bodyKind: 'json',
    fields: ['riderId', 'date', 'amount'],
  }),
  /** The dashboard's dispatch card. */
  dispatchSummary: action<{ date?: string }, DispatchSummary>({
    method: 'GET',
    path: 'rider/dispatch-summary',
  }),
};

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
