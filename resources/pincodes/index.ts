import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Not built yet: its routes show a 'coming' page. */
export const pincodes: ResourceDeclaration = {
  name: 'pincodes',
  group: 'others',
  api: {},
  routes: [
    { path: 'pincodes/:page', component: comingSoon('Pin Codes') },
    { path: 'pincode/add', component: comingSoon('Add Pin Code'), action: 'create' },
    { path: 'pincode/view/:id', component: comingSoon('Pin Code'), action: 'show' },
    { path: 'pincode/edit/:id', component: comingSoon('Edit Pin Code'), action: 'edit' },
  ],
  menu: [{ label: 'Pin Codes', to: 'pincodes/1' }],
};
