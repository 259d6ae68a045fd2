import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Not built yet: its routes show a 'coming' page. */
export const plans: ResourceDeclaration = {
  name: 'plans',
  group: 'tiffinPlan',
  api: {},
  routes: [
    { path: 'tiffin-plans/:page', component: comingSoon('Tiffin Plans') },
    { path: 'tiffin-plan/add', component: comingSoon('Add Tiffin Plan'), action: 'create' },
    { path: 'tiffin-plan/edit/:id', component: comingSoon('Edit Tiffin Plan'), action: 'edit' },
    { path: 'tiffin-plan/view/:id', component: comingSoon('Tiffin Plan'), action: 'show' },
  ],
  menu: [{ label: 'Tiffin Plans', to: 'tiffin-plans/1' }],
};
