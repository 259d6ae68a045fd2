import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Not built yet: its routes show a 'coming' page. */
export const subCategories: ResourceDeclaration = {
  name: 'subCategories',
  group: 'serviceManagement',
  api: {},
  routes: [
    {
      path: 'sub-category/add/:categoryId',
      component: comingSoon('Add Sub Category'),
      action: 'create',
    },
    { path: 'sub-category/edit/:id', component: comingSoon('Edit Sub Category'), action: 'edit' },
    { path: 'sub-category/view/:id', component: comingSoon('Sub Category'), action: 'show' },
  ],
};
