import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

const CategoryCreate = lazyScreen(() => import('./CategoryCreate'), 'CategoryCreate');
const CategoryEdit = lazyScreen(() => import('./CategoryEdit'), 'CategoryEdit');
const CategoryList = lazyScreen(() => import('./CategoryList'), 'CategoryList');
const CategoryShow = lazyScreen(() => import('./CategoryShow'), 'CategoryShow');

/** Categories (spec 000): list, add, edit, view; no delete. */
export const categories: ResourceDeclaration = {
  name: 'categories',
  group: 'serviceManagement',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'category/view-all-categories',
      query: { status: 'Active' },
      resultKey: 'categories',
      paging: 'result',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
      csv: { path: 'category/export-categories', fileName: 'categories.csv' },
    },
    getOne: { method: 'GET', path: 'category/get-category/:id', resultKey: 'category' },
    create: {
      method: 'POST',
      path: 'category/create-category',
      bodyKind: 'multipart',
      fields: ['name', 'title', 'description', 'image', 'kind', 'hsnCode', 'gstRate'],
      resultKey: 'category',
    },
    update: {
      method: 'POST',
      path: 'category/edit-category',
      bodyKind: 'multipart',
      idField: 'categoryId',
      fields: ['name', 'title', 'description', 'image', 'hsnCode', 'gstRate'],
      resultKey: 'category',
    },
  },
  routes: [
    { path: 'categories/:page', component: CategoryList },
    { path: 'category/add', component: CategoryCreate, action: 'create' },
    { path: 'category/edit/:id', component: CategoryEdit, action: 'edit' },
    { path: 'category/view/:id', component: CategoryShow, action: 'show' },
  ],
  menu: [{ label: 'Categories', to: 'categories/1' }],
};
