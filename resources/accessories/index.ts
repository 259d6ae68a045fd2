import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Not built yet: its routes show a 'coming' page. */
export const accessories: ResourceDeclaration = {
  name: 'accessories',
  group: 'serviceManagement',
  api: {},
  routes: [
    {
      path: 'accessory/add/:categoryId',
      component: comingSoon('Add Accessory'),
      action: 'create',
    },
    { path: 'accessory/edit/:id', component: comingSoon('Edit Accessory'), action: 'edit' },
    { path: 'accessory/view/:id', component: comingSoon('Accessory'), action: 'show' },
  ],
};
