import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The first render of the whole panel can take over a second on a busy 2-core machine.
configure({ asyncUtilTimeout: 4000 });

// jsdom has no scrolling; the panel scrolls to the top on every route change.
window.scrollTo = vi.fn() as never;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
