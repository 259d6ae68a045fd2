import { ChangePasswordPage } from '../../src/auth/ChangePasswordPage';
import type { ResourceDeclaration } from '../../src/providers/resource';

/** The signed-in admin's own account: open to every admin, listed under Settings. */
export const account: ResourceDeclaration = {
  name: 'account',
  api: {},
  routes: [{ path: ChangePasswordPage.path, component: ChangePasswordPage }],
  menu: [{ label: 'Change Password', to: ChangePasswordPage.path, group: 'settings' }],
};
