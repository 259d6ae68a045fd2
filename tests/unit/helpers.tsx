import { notifyManager } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import {
  AdminContext,
  HttpError,
  Loading,
  memoryStore,
  TestMemoryRouter,
  testDataProvider,
  type DataProvider,
} from 'react-admin';
import { matchPath, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { expect, vi, type Mock } from 'vitest';
import { resources } from '../../resources';
import { withWriteMessages } from '@/actions/writeMessages';
import { App, createQueryClient, resourceRoutes, TopRightNotification } from '@/App';
import { i18nProvider } from '@/i18n';
import { Layout } from '@/layout/Layout';
import { theme } from '@/layout/theme';
import { resourceRules } from '@/layout/menuModel';
import type { AppAuthProvider } from '@/providers/authProvider';
import { canAccess, type AccessIdentity } from '@/providers/permissions';

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

/**
 * create and update mocks that answer as the server does: the record back, with the message
 * `<noun> <its name (or other field)> created/updated successfully`.
 */
export function savesAs(noun: string, field = 'name') {
  return {
    create: vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...data, id: 'new' },
      meta: { message: `${noun} ${String(data[field])} created successfully` },
    })),
    update: vi.fn(
      async (_resource: string, { id, data }: { id: unknown; data: Record<string, unknown> }) => ({
        data: { ...data, id },
        meta: { message: `${noun} ${String(data[field])} updated successfully` },
      }),
    ),
  };
}

/** getOne by id and getManyReference by categoryId over records in memory, per resource. */
export function recordsOf(
  records: Record<string, { id: string; categoryId?: unknown }[]>,
  missing: string,
) {
  return {
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      const record = records[resource]?.find((r) => r.id === id);
      if (!record) throw new HttpError(missing, 404);
      return { data: record };
    }),
    getManyReference: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      const data = (records[resource] ?? []).filter((r) => r.categoryId === id);
      return { data, total: data.length };
    }),
  };
}

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
  return testDataProvider({
    getList,
    getOne,
    ...savesAs('Category'),
    ...overrides,
  } as never) as unknown as DataProvider & {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    [K in 'getList' | 'getOne' | 'create' | 'update']: Mock<(...args: any[]) => any>;
  };
}

/** A longer wait, for what may come after the first screen of a file loads its code. */
export const SLOW = { timeout: 10_000 };

/** The screen's title, its level-1 heading. */
export const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, SLOW);

/** The column headers of a table, in order; the row checkboxes' column (bulk actions) left out. */
export const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .filter((h) => !h.querySelector('input[type="checkbox"]'))
    .map((h) => h.textContent);

export const SUPER_ADMIN: AccessIdentity = { role: 'super-admin', permissions: null };

/**
 * Waits until the screen has asked `canAccess` about `resource` (and `action`, when given) and
 * has been drawn with every answer given so far: the answers settled, react-query's queued
 * notifications of them delivered, and React's render of them flushed. After it, what the
 * answers hide is absent for good, not merely not drawn yet; no guessed delay.
 */
export async function accessDecided(canAccessMock: unknown, resource: string, action?: string) {
  const mock = canAccessMock as Mock;
  await waitFor(() =>
    expect(mock).toHaveBeenCalledWith(
      expect.objectContaining(action ? { resource, action } : { resource }),
    ),
  );
  await act(async () => {
    await Promise.allSettled(mock.mock.results.map((r) => r.value));
    // A macrotask: every promise reaction to the answers (the queries' success) has run, so
    // their notifications are queued; then one of ours, queued behind them.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise<void>((resolve) => notifyManager.schedule(resolve));
  });
}

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

interface RenderOptions {
  dataProvider?: DataProvider;
  authProvider?: AppAuthProvider;
  /** The history state of the first entry (e.g. `{ nextPathname }` for the login page). */
  state?: unknown;
}

export interface RenderScreenOptions extends RenderOptions {
  /**
   * The names of the resources whose routes are mounted; by default the resource(s) whose routes
   * match `path`. Name others when the test follows a link to one of their screens.
   */
  resources?: string[];
  /** Wraps the screen in the panel's layout (sidebar menu, app bar, title) for tests about it. */
  layout?: boolean;
}

function resourcesNamed(names: string[]) {
  return names.map((name) => {
    const resource = resources.find((r) => r.name === name);
    if (!resource) throw new Error(`renderPanel: no resource named ${name}`);
    return resource;
  });
}

/** The resources with a route matching `pathname` (resources/<name>/index.ts `routes`). */
export function resourcesAt(pathname: string) {
  return resources
    .filter((resource) =>
      resource.routes.some((route) => matchPath(`/${route.path}`, pathname) !== null),
    )
    .map((resource) => resource.name);
}

/** What a path outside the mounted resources shows, instead of a blank page. */
function NotMounted() {
  const { pathname } = useLocation();
  return <p>renderPanel: no mounted route for {pathname}; name its resource in `resources`.</p>;
}

/**
 * Renders the screen at `path` as the panel does, but without the rest of the panel: inside
 * react-admin's AdminContext (the given providers, the panel's i18nProvider, theme and query
 * retry rule, a fresh store) and a TestMemoryRouter, with the routes of the resource(s) `path`
 * belongs to, each behind its CanAccess, and the panel's notifications. The sidebar, app bar and
 * title only with `layout: true`; sign-in, the session check and the catch-all pages only with
 * renderApp.
 */
export function renderPanel(path: string, opts: RenderScreenOptions = {}) {
  const dataProvider = opts.dataProvider ?? fakeDataProvider();
  const authProvider = opts.authProvider ?? fakeAuthProvider();
  const url = new URL(path, 'http://panel.test');
  const names = opts.resources ?? resourcesAt(url.pathname);
  if (names.length === 0) throw new Error(`renderPanel: no resource route matches ${path}`);
  const routes = (
    <Suspense fallback={<Loading />}>
      <Routes>
        {resourcesNamed(names).flatMap((resource) => resourceRoutes(resource))}
        <Route path="*" element={<NotMounted />} />
      </Routes>
    </Suspense>
  );
  const utils = render(
    <TestMemoryRouter
      initialEntries={[
        { pathname: url.pathname, search: url.search, hash: url.hash, state: opts.state },
      ]}
    >
      <AdminContext
        // As App does: the server's message of a write reaches react-admin's onSuccess.
        dataProvider={withWriteMessages(dataProvider)}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        store={memoryStore()}
        queryClient={createQueryClient()}
      >
        {opts.layout ? <Layout>{routes}</Layout> : routes}
        <TopRightNotification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...utils, dataProvider, authProvider };
}

/**
 * Renders the whole panel (`<App>`: sign-in, session check, layout, every resource) at `path`,
 * for the tests of what only the whole panel does: sign-in and its redirects, the recovery
 * screens, the guards.
 */
export function renderApp(path: string, opts: RenderOptions = {}) {
  const dataProvider = opts.dataProvider ?? fakeDataProvider();
  const authProvider = opts.authProvider ?? fakeAuthProvider();
  const utils = render(
    // As main.tsx's BrowserRouter: navigation without React transitions.
    <MemoryRouter initialEntries={[{ pathname: path, state: opts.state }]} useTransitions={false}>
      <App dataProvider={dataProvider} authProvider={authProvider} />
    </MemoryRouter>,
  );
  return { ...utils, dataProvider, authProvider };
}
