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
import { LiveAlertsEnabled } from '../live/enabled';
import { MOBILE_MAX_WIDTH } from './theme';

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
// The sidebar starts closed on phones and open otherwise, from the first render: a phone's
// drawer opened from the stored state and closed at once left the page aria-hidden.
store.setItem('sidebar.open', window.innerWidth > MOBILE_MAX_WIDTH);

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
      {/* The layout opens the live alert stream once signed in (src/live/LiveAlerts.tsx). */}
      <LiveAlertsEnabled.Provider value>
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
      </LiveAlertsEnabled.Provider>
    </AdminContext>
  );
}
