import { CssBaseline } from '@mui/material';
import { lazy, Suspense, useEffect, type ComponentProps, type ComponentType } from 'react';
import {
  AdminContext,
  CoreAdminUI,
  localStorageStore,
  LoadingPage,
  type AdminContextProps,
  type CoreAdminUIProps,
} from 'react-admin';

// What only a signed-in admin sees loads after sign-in, in chunks of its own.
const loadLayout = () => import('./Layout');
const LazyLayout = lazy(async () => ({ default: (await loadLayout()).Layout }));
const NotFound = lazy(async () => ({ default: (await import('./errorPages')).NotFound }));
const AccessDenied = lazy(async () => ({ default: (await import('./errorPages')).AccessDenied }));
const AuthenticationError = lazy(async () => ({
  default: (await import('./errorPages')).AuthenticationError,
}));
const ErrorPage = lazy(async () => ({ default: (await import('./errorPages')).Error }));

/**
 * Starts fetching the layout (sidebar, app bar, menu) before it is needed: when sign-in starts,
 * and while the session is checked on opening a screen, so that the screen does not wait for it.
 */
export function preloadLayout() {
  loadLayout().catch(() => {}); // a failure shows when the layout itself loads
}

function CheckingSession() {
  useEffect(preloadLayout, []);
  return <LoadingPage />;
}

const CatchAll = () => <NotFound />;

function LazyError(props: ComponentProps<typeof ErrorPage>) {
  return (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  );
}

const store = localStorageStore();

export type AdminShellProps = Omit<AdminContextProps, 'store'> &
  Pick<
    CoreAdminUIProps,
    'children' | 'dashboard' | 'loginPage' | 'requireAuth' | 'title' | 'disableTelemetry'
  > & { notification: ComponentType };

/**
 * react-admin's <Admin> (AdminContext around AdminUI) with the same store, but without AdminUI's
 * static imports of the default layout, error and not-found pages: the login page then loads no
 * sidebar, app bar or menu code. The catch-all, access and error pages render inside the layout,
 * whose Suspense shows react-admin's Loading while they load.
 */
export function AdminShell({
  children,
  dashboard,
  loginPage,
  requireAuth,
  title,
  disableTelemetry,
  notification: Notification,
  ...context
}: AdminShellProps) {
  return (
    <AdminContext store={store} {...context}>
      <CssBaseline enableColorScheme>
        {/* While the layout loads after sign-in: the page shown while the session is checked. */}
        <Suspense fallback={<LoadingPage />}>
          <CoreAdminUI
            layout={LazyLayout}
            catchAll={CatchAll}
            accessDenied={AccessDenied}
            authenticationError={AuthenticationError}
            error={LazyError}
            loading={CheckingSession}
            dashboard={dashboard}
            loginPage={loginPage}
            requireAuth={requireAuth}
            title={title}
            disableTelemetry={disableTelemetry}
          >
            {children}
          </CoreAdminUI>
        </Suspense>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
