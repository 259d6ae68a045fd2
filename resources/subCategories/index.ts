import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

const SubCategoryCreate = lazyScreen(() => import('./SubCategoryCreate'), 'SubCategoryCreate');
const SubCategoryEdit = lazyScreen(() => import('./SubCategoryEdit'), 'SubCategoryEdit');
const SubCategoryShow = lazyScreen(() => import('./SubCategoryShow'), 'SubCategoryShow');

/** Sub-categories of the laundry category (spec 000): listed in the category view. */
export const subCategories: ResourceDeclaration = {
  name: 'subCategories',
  group: 'serviceManagement',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'subCategory/by-categoryId/:categoryId',
      resultKey: 'subCategories',
      paging: 'none',
    },
    getOne: { method: 'GET', path: 'subCategory/get-subCategory/:id', resultKey: 'subCategory' },
    create: {
      method: 'POST',
      path: 'subCategory/create-subCategory',
      bodyKind: 'multipart',
      fields: ['name', 'title', 'description', 'image', 'categoryId'],
      resultKey: 'subCategory',
    },
    update: {
      method: 'POST',
      path: 'subCategory/edit-subCategory',
      bodyKind: 'multipart',
      idField: 'subCategoryId',
      fields: ['name', 'title', 'description', 'image'],
      resultKey: 'subCategory',
    },
    delete: {
      method: 'POST',
      path: 'subCategory/delete-subCategory',
      bodyKind: 'multipart',
      idField: 'subCategoryId',
      fields: [],
    },
  },
  routes: [
    { path: 'sub-category/add/:categoryId', component: SubCategoryCreate, action: 'create' },
    { path: 'sub-category/edit/:id', component: SubCategoryEdit, action: 'edit' },
    { path: 'sub-category/view/:id', component: SubCategoryShow, action: 'show' },
  ],
};
