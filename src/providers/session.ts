/**
 * The admin's session in browser storage, as the spec's client keeps it: `token` and `role` in
 * localStorage, the open sidebar section in sessionStorage. Only the authProvider and the HTTP
 * client use this module.
 */
const TOKEN = 'token';
const ROLE = 'role';

export type AdminRole = 'admin' | 'super-admin';

export const session = {
  getToken: (): string | null => localStorage.getItem(TOKEN),
  getRole: (): AdminRole => (localStorage.getItem(ROLE) as AdminRole | null) ?? 'admin',
  start(token: string, role: AdminRole) {
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(ROLE, role);
  },
  replaceToken(token: string) {
    localStorage.setItem(TOKEN, token);
  },
  /** Logout clears the whole session, role and sidebar state included. */
  clear() {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(ROLE);
    sessionStorage.clear();
  },
};
