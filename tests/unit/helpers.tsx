import { render } from '@testing-library/react';
import { HttpError, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin';
import { vi, type Mock } from 'vitest';
import { resources } from '../../resources';
import { App } from '../../src/App';
import { resourceRules } from '../../src/layout/menuModel';
import type { AppAuthProvider } from '../../src/providers/authProvider';
import { canAccess, type AccessIdentity } from '../../src/providers/permissions';

export const SEEDED_CATEGORIES = [
  {
    id: 'w1',
    _id: 'w1',
    name: 'Water',
    title: '20 and 25 litre jars',
    description: 'Jars',
    image: '/uploads/w.png',
    kind: 'water',
    status: 'Active',
    createdAt: '2025-03-05T10:00:00Z',
  },
  {
    id: 'o1',
    _id: 'o1',
    name: 'Oxygen',
    title: 'Cylinders',
    description: 'O2',
    image: '/uploads/o.png',
    kind: 'oxygen',
    status: 'Active',
    createdAt: '2025-03-06T10:00:00Z',
  },
  {
    id: 't1',
    _id: 't1',
    name: 'Tiffin',
    title: 'Meals',
    description: 'Meal plans',
    image: '/uploads/t.png',
    kind: 'tiffin',
    status: 'Active',
    createdAt: '2025-03-07T10:00:00Z',
  },
];

/** A fake dataProvider: categories in memory, every call recorded. */
export function fakeDataProvider(overrides: Partial<DataProvider> = {}) {
  const getList = vi.fn(
    async (_resource: string, params: { pagination?: { page: number; perPage: number } }) => {
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
      return {
        data: SEEDED_CATEGORIES.slice((page - 1) * perPage, page * perPage),
        total: SEEDED_CATEGORIES.length,
      };
    },
  );
  const getOne = vi.fn(async (_resource: string, { id }: { id: unknown }) => {
    const record = SEEDED_CATEGORIES.find((c) => c.id === id);
    if (!record) throw new HttpError('This category does not exist.', 404);
    return { data: record };
  });
  const create = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
    data: { ...data, id: 'new' },
    meta: { message: `Category ${data.name} created successfully` },
  }));
  const update = vi.fn(
    async (_resource: string, { id, data }: { id: unknown; data: Record<string, unknown> }) => ({
      data: { ...data, id },
      meta: { message: `Category ${data.name} updated successfully` },
    }),
  );
  return testDataProvider({
    getList,
    getOne,
    create,
    update,
    ...overrides,
  } as never) as unknown as DataProvider & {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    [K in 'getList' | 'getOne' | 'create' | 'update']: Mock<(...args: any[]) => any>;
  };
}

export const SUPER_ADMIN: AccessIdentity = { role: 'super-admin', permissions: null };

/** A fake authProvider applying the panel's real canAccess rule to a given identity. */
export function fakeAuthProvider(identity: AccessIdentity | 'fail' = SUPER_ADMIN, signedIn = true) {
  let session = signedIn;
  const rules = resourceRules(resources);
  const access = async (): Promise<AccessIdentity> =>
    identity === 'fail' ? { role: 'admin', permissions: null } : identity;
  const provider: AppAuthProvider = {
    login: vi.fn(async ({ password }: { password: string }) => {
      if (password !== 'right-password') throw new Error('Invalid email or password.');
      session = true;
    }),
    logout: vi.fn(async () => {
      session = false;
    }),
    checkAuth: vi.fn(async () => {
      if (!session) throw { redirectTo: '/login', message: false };
    }),
    // As the real one: a 401 ends the session and sends the admin to sign in; the rest stays.
    checkError: vi.fn(async (error: { status?: number }) => {
      if (error?.status === 401) {
        session = false;
        throw { redirectTo: '/login', message: false };
      }
    }),
    getIdentity: vi.fn(async () => ({ id: 'a1', fullName: 'Asha Admin' })),
    getPermissions: vi.fn(access),
    getAccess: access,
    canAccess: vi.fn(async (params) => canAccess(await access(), params, rules)),
    sendOtp: vi.fn(async () => 'sent'),
    verifyOtp: vi.fn(async () => ({ securityToken: 'sec-1' })),
    resetPassword: vi.fn(async () => 'Password has been updated successfully'),
    changePassword: vi.fn(async () => 'Password Changed successfully!'),
  };
  return provider;
}

export function renderPanel(
  path: string,
  opts: { dataProvider?: DataProvider; authProvider?: AppAuthProvider; state?: unknown } = {},
) {
  const dataProvider = opts.dataProvider ?? fakeDataProvider();
  const authProvider = opts.authProvider ?? fakeAuthProvider();
  const utils = render(
    <TestMemoryRouter initialEntries={[{ pathname: path, state: opts.state }]}>
      <App dataProvider={dataProvider} authProvider={authProvider} />
    </TestMemoryRouter>,
  );
  return { ...utils, dataProvider, authProvider };
}
