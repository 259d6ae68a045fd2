import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import tsconfig from './tsconfig.base.json' with { type: 'json' };

const COMPRESSIBLE = /\.(js|css|svg|html|json)$/;

/** The import aliases of tsconfig.base.json for Vite and Vitest: '@shared/*' -> '<root>/shared'. */
export const ALIASES = Object.fromEntries(
  Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => [
    alias.replace(/\/\*$/, ''),
    path.resolve(import.meta.dirname, target.replace(/\/\*$/, '')),
  ]),
);

/**
 * Writes a `.br` and a `.gz` copy beside each compressible file of the build, kept only when
 * smaller, so that the server sends them as they are instead of compressing on every request.
 * Left out: Vite's own `.vite/` (not served) and the landing page's HTML, which
 * `landing/prerender.tsx` rewrites after the build and the server fills in on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => {
        const relative = path.relative(dir, file).split(path.sep).join('/');
        return !relative.startsWith('.vite/') && relative !== 'landing/index.html';
      });
  }
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundles and the public/ copies are written.
    async closeBundle() {
      const files = await filesUnder(outDir);
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const copies: [string, Buffer][] = [
            [
              '.br',
              await brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: (await stat(file)).size,
                },
              }),
            ],
            ['.gz', await gzipAsync(body, { level: constants.Z_BEST_COMPRESSION })],
          ];
          for (const [ext, copy] of copies) {
            if (copy.length < body.length) await writeFile(file + ext, copy);
          }
        }),
      );
    },
  };
}

// Three bundles from one build: the admin SPA (index.html, served under /admin-panel), the
// landing page (landing/index.html, served at /) and the riders' page (rider/index.html, served
// under /rider). Assets live under /assets for all.
export default defineConfig({
  plugins: [react(), precompress()],
  base: '/',
  resolve: {
    alias: {
      ...ALIASES,
      // node-polyglot (react-admin's translations) requires this polyfill, whose dependency
      // tree (get-intrinsic, call-bind, ...) weighed ~5 kB gzip on the login page; every browser
      // Vite targets has Object.entries.
      'object.entries': path.resolve('src/i18n/objectEntries.cjs'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by bench/bundle-size.ts and tests/api/static-assets.test.ts; dist/.vite is not served.
    manifest: true,
    // The panel's `vendor` chunk is ~500 kB before compression; bench/bundle-size.ts is the
    // figure to watch.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // The panel (src/Panel.tsx) is an entry of its own, which main.tsx imports once the admin
      // has a session or starts on the light sign-in form: its libraries are then '$initial'.
      input: {
        admin: 'index.html',
        landing: 'landing/index.html',
        panel: 'src/Panel.tsx',
        rider: 'rider/index.html',
      },
      output: {
        // Screens are lazy (resources/*/index.ts), so rolldown splits at each dynamic import.
        // React goes to a `react` chunk, all the light sign-in form needs. The libraries the
        // panel needs to open go to one `vendor` chunk: one request, and no library split
        // across chunks that import each other (the dependencies of a module the panel imports
        // are themselves imported by it, so `vendor` imports no lazy chunk). Libraries only
        // screens use stay in the screens' chunks, the charts and the rich-text editor in
        // chunks of their own, named below.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            // The riders' page needs only React and node-polyglot (its catalogue's library, which
            // the panel's translations use too): polyglot gets a small chunk of its own, else it
            // would pull the panel's whole `vendor` chunk into the riders' page.
            {
              name: 'polyglot',
              test: /node_modules[\\/](node-polyglot|warning|hasown|function-bind)[\\/]/,
              priority: 3,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
        chunkFileNames: (chunk) => {
          const has = (pattern: RegExp) => chunk.moduleIds.some((id) => pattern.test(id));
          if (has(/node_modules[\\/]@mui[\\/]x-charts[\\/]/)) return 'assets/charts-[hash].js';
          if (has(/node_modules[\\/](@tiptap|ra-input-rich-text)[\\/]/)) {
            return 'assets/rich-text-[hash].js';
          }
          return 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
});
