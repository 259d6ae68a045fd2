import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QuickSignIn } from './auth/QuickSignIn';
import { arriveSignedIn } from './auth/arrival';
import { session } from './providers/session';

/**
 * The panel's entry. A browser without a session gets the light sign-in form at once, and the
 * panel (react-admin, MUI and the screens: src/Panel.tsx, a chunk of its own) loads while the
 * admin fills it in; with a session, or on the password-recovery screens, the panel opens
 * straight away.
 */
const BASE = '/admin-panel';
const LOGIN = `${BASE}/login`;
/** The screens react-admin shows without a session (App.tsx's noLayout routes). */
const PUBLIC = ['/send-otp', '/verify-otp', '/update-forgot-password'];

let panel: Promise<typeof import('./Panel')> | undefined;
const loadPanel = () => (panel ??= import('./Panel'));

const root = createRoot(document.getElementById('root')!);
const openPanel = () =>
  loadPanel().then(
    ({ Panel }) => root.render(<Panel />),
    // Offline, or a new release replaced the chunk: a reload fetches the current one.
    () => window.location.reload(),
  );

/** Where react-admin sends the admin after sign-in (its `nextPathname` in the router's state). */
interface Next {
  nextPathname?: string;
  nextSearch?: string;
}

const path = window.location.pathname.replace(/^\/admin-panel/, '') || '/';
if (session.getToken() || PUBLIC.includes(path)) {
  void openPanel();
} else {
  // As react-admin does without a session: to the login page, remembering the screen asked for.
  const state = window.history.state as { usr?: Next } | null;
  const next: Next =
    path === '/login' || path === '/'
      ? (state?.usr ?? {})
      : { nextPathname: path, nextSearch: window.location.search };
  window.history.replaceState({ usr: next, key: 'default', idx: 0 }, '', LOGIN);
  root.render(
    <StrictMode>
      <QuickSignIn
        onStart={() =>
          void loadPanel().then(
            ({ preloadFor }) => preloadFor(next.nextPathname ?? '/'),
            () => undefined, // tried again on sign-in
          )
        }
        onSignedIn={(user) => {
          arriveSignedIn(user);
          const to = `${BASE}${next.nextPathname ?? '/'}${next.nextSearch ?? ''}`;
          window.history.replaceState(null, '', to);
          void openPanel();
        }}
      />
    </StrictMode>,
  );
}
