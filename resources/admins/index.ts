import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Not built yet: its routes show a 'coming' page. */
export const admins: ResourceDeclaration = {
  name: 'admins',
  superAdminOnly: true,
  api: {},
  routes: [
    { path: 'adminuser/:page', component: comingSoon('Admin Users') },
    { path: 'adminusers/add', component: comingSoon('Add Admin User'), action: 'create' },
    { path: 'adminusers/edit/:id', component: comingSoon('Edit Admin User'), action: 'edit' },
  ],
  menu: [{ label: 'Admin Users', to: 'adminuser/1' }],
};
