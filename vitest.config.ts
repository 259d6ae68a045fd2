import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { ALIASES } from './vite.config';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias: ALIASES },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: ALIASES },
        test: {
          name: 'api',
          environment: 'node',
          // tests/postgres: what only a PostgreSQL server does (statement timeouts, a pool).
          include: [
            'tests/api/**/*.test.ts',
            ...(process.env.TEST_DATABASE_URL ? ['tests/postgres/**/*.test.ts'] : []),
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
