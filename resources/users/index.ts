import { comingSoon } from '../../src/pages/ComingSoon';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** Not built yet: its routes show a 'coming' page. */
export const users: ResourceDeclaration = {
  name: 'users',
  group: 'userManagement',
  api: {},
  routes: [
    { path: 'user/active-users/:page', component: comingSoon('Total Users') },
    { path: 'user/inactive-users/:page', component: comingSoon('Inactive Users') },
    { path: 'user/blocked-users/:page', component: comingSoon('Blocked Users') },
    { path: 'user/view/:id', component: comingSoon('User Details'), action: 'show' },
    { path: 'user/edit/:id', component: comingSoon('Edit User'), action: 'edit' },
  ],
  menu: [
    { label: 'Total Users', to: 'user/active-users/1' },
    { label: 'Inactive Users', to: 'user/inactive-users/1' },
    { label: 'Blocked Users', to: 'user/blocked-users/1' },
  ],
};
