import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

const ProductCreate = lazyScreen(() => import('./ProductCreate'), 'ProductCreate');
const ProductEdit = lazyScreen(() => import('./ProductEdit'), 'ProductEdit');
const ProductShow = lazyScreen(() => import('./ProductShow'), 'ProductShow');

const PRODUCT_FIELDS = [
  'name',
  'title',
  'description',
  'image',
  'price',
  'stockQuantity',
  'discountPrice',
  'categoryId',
  'quantity',
  'subCategoryId',
  'returnable',
  'deposit',
  'hsnCode',
  'gstRate',
];

/** Products of a category (spec 000): listed in the category view, by `searchId`. */
export const products: ResourceDeclaration = {
  name: 'products',
  group: 'serviceManagement',
  api: {
    envelope: 'statusCode',
    list: { method: 'GET', path: 'product/by-category', paging: 'none' },
    getOne: { method: 'GET', path: 'product/get-product/:id', resultKey: 'product' },
    create: {
      method: 'POST',
      path: 'product/create-product',
      bodyKind: 'multipart',
      fields: PRODUCT_FIELDS,
      resultKey: 'product',
    },
    update: {
      method: 'POST',
      path: 'product/edit-product',
      bodyKind: 'multipart',
      idField: 'productId',
      fields: PRODUCT_FIELDS,
      resultKey: 'product',
    },
    delete: {
      method: 'POST',
      path: 'product/delete-product',
      bodyKind: 'multipart',
      idField: 'productId',
      fields: [],
    },
  },
  routes: [
    { path: 'product/add/:categoryId', component: ProductCreate, action: 'create' },
    { path: 'product/edit/:id', component: ProductEdit, action: 'edit' },
    { path: 'product/view/:id', component: ProductShow, action: 'show' },
  ],
};
