import type { AuthProvider } from 'react-admin';
import { takeSignedInUser } from '../auth/arrival';
import { apiRequest, preloadHttpClient } from './httpClient';
import { canAccess, type AccessIdentity, type ResourceRules } from './permissions';
import { session, type AdminRole } from './session';

export interface AdminUserData {
  _id: string;
  name: string;
  email: string;
  role: AdminRole;
  permissions: AccessIdentity['permissions'];
}

/** Re-read the admin's permissions at most this often, so changes reach the menu soon. */
const USER_DATA_TTL_MS = 30_000;

/** Sign-in, recovery and password calls; the auth screens use these, never fetch. */
export type AppAuthProvider = AuthProvider & {
  getAccess(): Promise<AccessIdentity>;
  sendOtp(email: string): Promise<string>;
  verifyOtp(email: string, otp: string): Promise<{ securityToken: string }>;
  resetPassword(body: {
    securityToken: string;
    password: string;
    confirmPassword: string;
  }): Promise<string>;
  changePassword(body: {
    oldPassword: string;
    newPassword: string;
    confirmPassword: string;
  }): Promise<string>;
};

const post = (path: string, body: Record<string, unknown>) =>
  apiRequest({ method: 'POST', path, body, bodyKind: 'json' });

export function createAuthProvider(rules: ResourceRules): AppAuthProvider {
  let cached: { at: number; data: Promise<AdminUserData> } | undefined;

  function userData(): Promise<AdminUserData> {
    const signedIn = takeSignedInUser();
    if (signedIn) cached = { at: Date.now(), data: Promise.resolve(signedIn) };
    if (!cached || Date.now() - cached.at > USER_DATA_TTL_MS) {
      const data = apiRequest({ method: 'GET', path: 'admin/get-user-data' }).then(
        (answer) => answer.result.user[0] as AdminUserData,
      );
      cached = { at: Date.now(), data };
      data.catch(() => (cached = undefined));
    }
    return cached.data;
  }

  /** The role and permissions; when they cannot be loaded, the full menu (spec 000 §6). */
  async function getAccess(): Promise<AccessIdentity> {
    try {
      const user = await userData();
      return { role: user.role, permissions: user.permissions };
    } catch {
      return { role: session.getRole(), permissions: null };
    }
  }

  return {
    async login({ email, password }: { email: string; password: string }) {
      const answer = await post('admin/login', { email, password });
      // The sign-in answers the admin's data as get-user-data does: no second call for them.
      const user = answer.result.user as AdminUserData | undefined;
      cached = user ? { at: Date.now(), data: Promise.resolve(user) } : undefined;
      session.start(answer.result.token, answer.result.role);
    },
    async logout() {
      cached = undefined;
      if (session.getToken()) {
        // End the session on the server too; signing out still works when it cannot be reached.
        await post('admin/logout', {}).catch(() => undefined);
      }
      session.clear();
    },
    async checkAuth() {
      if (!session.getToken()) throw { redirectTo: '/login', message: false };
      // Signed in: the screen's calls come next, so their client loads now.
      preloadHttpClient();
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        cached = undefined;
        session.clear();
        throw { redirectTo: '/login', message: false };
      }
      // 403 and the rest: the admin stays signed in and sees the message.
    },
    async getIdentity() {
      const user = await userData();
      return { id: user._id, fullName: user.name, email: user.email, role: user.role };
    },
    getPermissions: getAccess,
    async canAccess(params) {
      return canAccess(await getAccess(), params, rules);
    },
    getAccess,
    async sendOtp(email) {
      return (await post('admin/forgot-password', { email })).message;
    },
    async verifyOtp(email, otp) {
      return (await post('admin/verify-otp', { email, otp })).result;
    },
    async resetPassword(body) {
      return (await post('admin/reset-password', body)).message;
    },
    async changePassword(body) {
      const answer = await post('admin/change-password', body);
      // The server ends the old session on a password change and hands over a new token.
      if (answer.result?.token) session.replaceToken(answer.result.token);
      cached = undefined;
      return answer.message;
    },
  };
}
