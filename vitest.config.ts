import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { ALIASES } from './vite.config';

// A stray `.only` fails the run instead of quietly skipping the rest of the file (vitest allows
// it outside CI by default); each project says so, the root's setting is not inherited.
// eslint.config.js catches it before a run too.
const allowOnly = false;

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias: ALIASES },
        test: {
          name: 'unit',
          allowOnly,
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // The files share their worker's modules and jsdom instead of importing react-admin,
          // MUI and the screens again for each file (about half the suite's CPU time). A test
          // that changes a global restores it (vi.spyOn, vi.stubGlobal with unstub).
          isolate: false,
          // One worker per core: vitest's default keeps a core for its main process, which is
          // idle once the files are transformed; on a 2-core machine one worker ran every file.
          maxWorkers: '100%',
          // Projects with their own worker counts run one after the other: the unit files
          // first, then the API files (vitest refuses to mix them in one group).
          sequence: { groupOrder: 0 },
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: ALIASES },
        test: {
          name: 'api',
          allowOnly,
          environment: 'node',
          // tests/postgres: what only a PostgreSQL server does (statement timeouts, a pool).
          include: [
            'tests/api/**/*.test.ts',
            ...(process.env.TEST_DATABASE_URL ? ['tests/postgres/**/*.test.ts'] : []),
          ],
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
