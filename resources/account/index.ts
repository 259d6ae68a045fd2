import { lazyScreen, type ResourceDeclaration } from '@/providers/resource';

const ChangePasswordPage = lazyScreen(
  () => import('@/auth/ChangePasswordPage'),
  'ChangePasswordPage',
);
const CHANGE_PASSWORD_PATH = 'change-password';

/** The signed-in admin's own account: open to every admin, listed under Settings. */
export const account: ResourceDeclaration = {
  name: 'account',
  api: {},
  routes: [{ path: CHANGE_PASSWORD_PATH, component: ChangePasswordPage }],
  menu: [{ label: 'Change Password', to: CHANGE_PASSWORD_PATH, group: 'settings' }],
};
