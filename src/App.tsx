import { QueryClient } from '@tanstack/react-query';
import { CanAccess, CustomRoutes, HttpError, Notification, Resource } from 'react-admin';
import { useMemo, useState } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { resources } from '../resources';
import { LoginPage } from './auth/LoginPage';
import { SendOtpPage } from './auth/SendOtpPage';
import { UpdatePasswordPage } from './auth/UpdatePasswordPage';
import { VerifyOtpPage } from './auth/VerifyOtpPage';
import { i18nProvider } from './i18n';
import { LoadingText } from './components/LoadingText';
import { AdminShell } from './layout/AdminShell';
import { resourceRules } from './layout/menuModel';
import { darkTheme, theme } from './layout/theme';
import { createAuthProvider } from './providers/authProvider';
import { withWriteMessages } from './actions/writeMessages';
import { createDataProvider } from './providers/dataProvider';
import { isTimeout } from './providers/httpClient';
import { lazyScreen, type ResourceDeclaration } from './providers/resource';
import type { AppActions } from './providers/types';
import type { AuthProvider, DataProvider } from 'react-admin';

/** Top-right, just under the app bar so that its buttons stay usable, closing after 5 s. */
export const TopRightNotification = () => (
  <Notification
    anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    autoHideDuration={5000}
    sx={{ top: { xs: 64, sm: 72 } }}
  />
);

export interface AppProps {
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
}

/**
 * A 4xx (unknown id, no permission, bad input) will not change on retry; a network error may.
 * A timeout has already made the admin wait REQUEST_TIMEOUT_MS: it is said at once.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 2 &&
          !(error instanceof HttpError && error.status >= 400 && error.status < 500) &&
          !isTimeout(error),
      },
    },
  });
}

const NotAllowed = lazyScreen(() => import('./pages/NotAllowed'), 'NotAllowed');

/**
 * The routes of a resource's screens (`resources/<name>/index.ts`), each mounted only for admins
 * whose permissions grant it (react-admin's CanAccess asks the authProvider's canAccess, as the
 * menu does). A failed check shows NotAllowed too, rather than CanAccess's default redirect to
 * /authentication-error.
 */
export function resourceRoutes(resource: ResourceDeclaration) {
  return resource.routes.map((route) => (
    <Route
      key={route.path}
      path={`/${route.path}`}
      element={
        <CanAccess
          resource={resource.name}
          action={route.action ?? 'list'}
          loading={<LoadingText />}
          accessDenied={<NotAllowed />}
          error={<NotAllowed />}
        >
          <route.component />
        </CanAccess>
      }
    />
  ));
}

const defaultDataProvider = createDataProvider<AppActions>(resources);
const defaultAuthProvider = createAuthProvider(resourceRules(resources));

/**
 * The admin panel: providers, layout, and the spec's routes generated from `resources/`. It runs
 * inside the caller's router: a BrowserRouter under /admin-panel (main.tsx), a MemoryRouter in tests.
 */
export function App({
  dataProvider = defaultDataProvider,
  authProvider = defaultAuthProvider,
}: AppProps) {
  const [queryClient] = useState(createQueryClient);
  const provider = useMemo(() => withWriteMessages(dataProvider), [dataProvider]);
  return (
    <AdminShell
      dataProvider={provider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      lightTheme={theme}
      darkTheme={darkTheme}
      loginPage={LoginPage}
      notification={TopRightNotification}
      dashboard={() => <Navigate to="/dashboard" replace />}
      title="Admin Panel"
      queryClient={queryClient}
      // Every screen inside the layout needs a session: without one, to login (and back after).
      // Nothing, the menu included, loads before the session is known; the noLayout recovery
      // screens stay public.
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/send-otp" element={<SendOtpPage />} />
        <Route path="/verify-otp" element={<VerifyOtpPage />} />
        <Route path="/update-forgot-password" element={<UpdatePasswordPage />} />
      </CustomRoutes>
      <CustomRoutes>{resources.flatMap((resource) => resourceRoutes(resource))}</CustomRoutes>
      {resources.map((resource) => (
        <Resource key={resource.name} name={resource.name} />
      ))}
    </AdminShell>
  );
}
