import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Navigation renders at once rather than as a React transition: react-admin's sign-out
        (react-router 7 wraps navigation in startTransition) otherwise loops sign-out → session
        check → sign-out, each restarting the transition, and the sign-in page waited out React's
        5 s transition expiry (react-admin issue #10885). */}
    <BrowserRouter basename="/admin-panel" useTransitions={false}>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
