import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

const PlanCreate = lazyScreen(() => import('./PlanCreate'), 'PlanCreate');
const PlanEdit = lazyScreen(() => import('./PlanEdit'), 'PlanEdit');
const PlanList = lazyScreen(() => import('./PlanList'), 'PlanList');
const PlanShow = lazyScreen(() => import('./PlanShow'), 'PlanShow');

/** Tiffin plans (spec 000): list, add, edit, view, delete. */
export const plans: ResourceDeclaration = {
  name: 'plans',
  group: 'tiffinPlan',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'plan/get-all-plans',
      // `data` and the paging sit at the top level of this answer.
      paging: 'top',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
      csv: { path: 'plan/export-plans', fileName: 'plans.csv' },
    },
    // Addition: one plan by id, for reloads and shared links.
    getOne: { method: 'GET', path: 'plan/get-plan/:id', resultKey: 'plan' },
    // Answers 201.
    create: {
      method: 'POST',
      path: 'plan/create-plan',
      bodyKind: 'json',
      fields: ['name', 'duration', 'price'],
      resultKey: 'plan',
    },
    // Answers a `success` flag instead of a status code.
    update: {
      method: 'POST',
      path: 'plan/update-plan',
      bodyKind: 'json',
      envelope: 'success',
      idField: 'planId',
      fields: ['name', 'duration', 'price'],
      resultKey: 'plan',
    },
    // The id goes in the path and again in a body field the spec names `bannerId`.
    delete: {
      method: 'POST',
      path: 'plan/delete-plan/:id',
      bodyKind: 'json',
      idField: 'bannerId',
      fields: [],
    },
  },
  routes: [
    { path: 'tiffin-plans/:page', component: PlanList },
    { path: 'tiffin-plan/add', component: PlanCreate, action: 'create' },
    { path: 'tiffin-plan/edit/:id', component: PlanEdit, action: 'edit' },
    { path: 'tiffin-plan/view/:id', component: PlanShow, action: 'show' },
  ],
  menu: [{ label: 'Tiffin Plans', to: 'tiffin-plans/1' }],
};
