import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

const EcommCategoryList = lazyScreen(() => import('./EcommCategoryList'), 'EcommCategoryList');
const EcommProductList = lazyScreen(() => import('./EcommProductList'), 'EcommProductList');

/** E-commerce products (spec 001): a read-only list; both screens and menu entries live here. */
export const ecomm: ResourceDeclaration = {
  name: 'ecomm',
  group: 'others',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'e-comm/admin-get-all-products',
      resultKey: 'products',
      paging: 'result',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
    },
  },
  routes: [
    { path: 'ecomm/all-products/:page', component: EcommProductList },
    { path: 'ecomm/product-categories/:page', component: EcommCategoryList },
  ],
  menu: [
    { label: 'E-commerce Products', to: 'ecomm/all-products/1' },
    { label: 'E-commerce Categories', to: 'ecomm/product-categories/1' },
  ],
};

/**
 * E-commerce product categories: the categories list call with `kind=ecommerce` (an addition,
 * see docs/api.md), which answers the sub-categories of the E-commerce category.
 */
export const ecommCategories: ResourceDeclaration = {
  name: 'ecommCategories',
  group: 'others',
  api: {
    envelope: 'statusCode',
    list: {
      method: 'GET',
      path: 'category/view-all-categories',
      query: { kind: 'ecommerce' },
      resultKey: 'categories',
      paging: 'result',
      searchParam: 'search',
      sortParam: 'sort',
      sortOrderParam: 'sortOrder',
    },
  },
  routes: [],
};

/** Every declaration of this folder, for resources/index.ts. */
export const ecommResources = [ecomm, ecommCategories];
