import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RiderApp } from './App';
import './styles.css';

createRoot(document.getElementById('rider')!).render(
  <StrictMode>
    <RiderApp />
  </StrictMode>,
);

// Built pages only: opens the page with no network (public/rider/sw.js). Vite's dev server
// serves its modules by other paths, which the worker does not keep.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/rider/sw.js', { scope: '/rider' }).catch(() => {
      // Without it the page works online as before.
    });
  });
}
