import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no scrolling; the panel scrolls to the top on every route change.
window.scrollTo = vi.fn() as never;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
