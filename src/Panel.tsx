import { StrictMode } from 'react';
import { BrowserRouter, matchPath } from 'react-router-dom';
import { resources } from '../resources';
import { App } from './App';
import { preloadLayout } from './layout/AdminShell';
import { preloadHttpClient } from './providers/httpClient';

/** The whole panel under /admin-panel, as main.tsx opens it (its own chunk: see main.tsx). */
export function Panel() {
  return (
    <StrictMode>
      {/* Navigation renders at once rather than as a React transition: react-admin's sign-out
          (react-router 7 wraps navigation in startTransition) otherwise loops sign-out → session
          check → sign-out, each restarting the transition, and the sign-in page waited out
          React's 5 s transition expiry (react-admin issue #10885). */}
      <BrowserRouter basename="/admin-panel" useTransitions={false}>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
}

/**
 * While the admin signs in on the light form: fetch what the first screen needs (the layout,
 * the HTTP client, the screen at `path` under /admin-panel, the dashboard for '/'), so that on
 * a phone network the panel does not fetch them one after the other once signed in.
 */
export function preloadFor(path: string) {
  preloadLayout();
  preloadHttpClient();
  const at = path === '/' ? '/dashboard' : path;
  for (const resource of resources) {
    const route = resource.routes.find((r) => matchPath(`/${r.path}`, at));
    if (route) {
      route.component.preload?.().catch(() => undefined); // a failure shows when it opens
      return;
    }
  }
}
