import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module's tables beside its routes, and the few that belong to no module
  // (server/db/schema.ts re-exports them all for the code; listing it too would count each twice).
  schema: ['./server/modules/*/tables.ts', './server/db/tables/*.ts'],
  out: './server/db/migrations',
});
