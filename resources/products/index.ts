import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Not built yet: its routes show a 'coming' page. */
export const products: ResourceDeclaration = {
  name: 'products',
  group: 'serviceManagement',
  api: {},
  routes: [
    { path: 'product/add/:categoryId', component: comingSoon('Add Product'), action: 'create' },
    { path: 'product/edit/:id', component: comingSoon('Edit Product'), action: 'edit' },
    { path: 'product/view/:id', component: comingSoon('Product'), action: 'show' },
  ],
};
