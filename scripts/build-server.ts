/**
 * Builds the server into one ES module, build/server/main.mjs, that `npm start` runs with plain
 * node: no TypeScript compiler in the running process (tsx and its source maps held ~100 MB of a
 * server's memory, docs/performance.md). Packages stay in node_modules; the migrations are
 * copied beside the bundle, where server/db/client.ts looks for them.
 */
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const out = 'build/server';
await rm(out, { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts'],
  outfile: `${out}/main.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Its `paths` resolve the import aliases (@shared/..., @server/...).
  tsconfig: 'tsconfig.node.json',
  sourcemap: 'linked',
  logLevel: 'warning',
});
await cp('server/db/migrations', `${out}/migrations`, { recursive: true });
console.log(`server built: ${out}/main.mjs`);
