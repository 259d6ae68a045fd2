/**
 * What the admin panel costs to open: the JS and CSS the login page loads, and what a signed-in
 * admin's first (cold-cache) load of the dashboard, or of a content editor, loads. Measured in
 * headless Chromium against the real server over the built bundles; each file is counted at its
 * gzip and brotli size (the build's own .gz / .br copies when present). Prints figures; asserts
 * nothing. Run after a build:
 *
 *   npm run build && npm run bench:bundle [-- distDir] [--files]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestServer } from '@tests/api/helpers';
import { browserPath, CHROMIUM_ARGS } from '@tests/e2e/browser';

const args = process.argv.slice(2);
const listFiles = args.includes('--files');
const distDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
if (!existsSync(path.join(distDir, 'index.html'))) {
  throw new Error(`no build in ${distDir}: run \`npm run build\` first`);
}

/** As playwright.config.ts: never downloads a browser. */
interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** A file's bytes as served: its precompressed copy when the build wrote one, else compressed here. */
function sizesOf(urlPath: string): Sizes {
  const file = path.join(distDir, urlPath);
  const body = readFileSync(file);
  const copy = (ext: string, make: () => Buffer) =>
    existsSync(file + ext) ? readFileSync(file + ext).length : make().length;
  return {
    raw: body.length,
    gzip: copy('.gz', () => gzipSync(body, { level: 9 })),
    brotli: copy('.br', () =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ),
  };
}

/** The /assets JS and CSS a context's pages request while `run` goes on. */
async function assetsLoaded(context: BrowserContext, run: () => Promise<void>): Promise<string[]> {
  const seen = new Set<string>();
  const onRequest = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && /\.(js|css)$/.test(pathname)) seen.add(pathname);
  };
  context.on('request', onRequest);
  try {
    await run();
  } finally {
    context.off('request', onRequest);
  }
  return [...seen].sort();
}

/** Kilobytes of 1000 bytes, as Vite's build report counts them. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The chunks vite.config.ts names after the library they hold. */
const NAMED_CHUNKS = { charts: /\/charts-[\w-]+\.js$/, 'rich text': /\/rich-text-[\w-]+\.js$/ };

function report(label: string, files: string[]) {
  const rows = files.map((file) => ({ file, ...sizesOf(file) }));
  const sum = (key: keyof Sizes, of = rows) => of.reduce((total, row) => total + row[key], 0);
  const js = rows.filter((row) => row.file.endsWith('.js')).length;
  const named = Object.entries(NAMED_CHUNKS).flatMap(([name, pattern]) => {
    const chunk = rows.filter((row) => pattern.test(row.file));
    return chunk.length ? [`${name} ${kb(sum('gzip', chunk))}`] : [];
  });
  console.log(
    `${label.padEnd(30)} ${String(js).padStart(2)} JS + ${rows.length - js} CSS   ` +
      `raw ${kb(sum('raw')).padStart(10)}   gzip ${kb(sum('gzip')).padStart(9)}   ` +
      `brotli ${kb(sum('brotli')).padStart(9)}` +
      (named.length ? `   (of which gzip: ${named.join(', ')})` : ''),
  );
  if (listFiles) {
    for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`    ${row.file.padEnd(56)} gzip ${kb(row.gzip).padStart(9)}`);
    }
  }
}

/**
 * A chain of static imports between chunks that leads back to its start, from Vite's manifest:
 * such chunks can run a module before the one it depends on (the trap of splitting libraries
 * into groups that import each other).
 */
function chunkCycle(): string[] | undefined {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const state = new Map<string, 'open' | 'done'>();
  const visit = (key: string, chain: string[]): string[] | undefined => {
    if (state.get(key) === 'open') return [...chain.slice(chain.indexOf(key)), key];
    if (state.get(key) === 'done') return undefined;
    state.set(key, 'open');
    for (const next of manifest[key]?.imports ?? []) {
      const cycle = visit(next, [...chain, key]);
      if (cycle) return cycle;
    }
    state.set(key, 'done');
    return undefined;
  };
  for (const key of Object.keys(manifest)) {
    const cycle = visit(key, []);
    if (cycle) return cycle.map((k) => manifest[k]?.file ?? k);
  }
  return undefined;
}

const server = await createTestServer({ env: { DIST_DIR: distDir } });
let browser: Browser | undefined;
try {
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await chromium.launch({
    executablePath: await browserPath(),
    args: CHROMIUM_ARGS,
  });

  // 1. A visitor opens the login page.
  const visitor = await browser.newContext({ baseURL: address });
  const page = await visitor.newPage();
  const login = await assetsLoaded(visitor, async () => {
    await page.goto('/admin-panel/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
  });
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin-panel\/dashboard$/);
  const session = await visitor.storageState();
  await visitor.close();

  // 2. A signed-in admin opens the dashboard with an empty cache, until its chart is drawn.
  let admin = await browser.newContext({ baseURL: address, storageState: session });
  // The live alert stream never ends: without it the network goes idle once the page is drawn.
  await admin.route('**/api/live/events', (route) => route.abort());
  const dashboardPage = await admin.newPage();
  const dashboard = await assetsLoaded(admin, async () => {
    await dashboardPage.goto('/admin-panel/dashboard');
    await dashboardPage.locator('[data-testid="orders-chart"] svg').first().waitFor();
    await dashboardPage.waitForLoadState('networkidle');
  });
  // 3. The admin, again with an empty cache, opens a content editor by its address.
  await admin.close();
  admin = await browser.newContext({ baseURL: address, storageState: session });
  await admin.route('**/api/live/events', (route) => route.abort());
  const editorPage = await admin.newPage();
  const editor = await assetsLoaded(admin, async () => {
    await editorPage.goto('/admin-panel/terms-and-conditions');
    await editorPage.locator('.ProseMirror').waitFor();
    await editorPage.waitForLoadState('networkidle');
  });
  await admin.close();

  console.log(
    `Bundles in ${path.relative(process.cwd(), distDir) || '.'} (JS + CSS under /assets)`,
  );
  report('login page', login);
  report('dashboard, first load', dashboard);
  report('content editor, first load', editor);
  const cycle = chunkCycle();
  if (!existsSync(path.join(distDir, '.vite', 'manifest.json'))) {
    console.log('No Vite manifest: chunk imports not checked.');
  } else if (cycle) {
    console.log(`Circular static imports between chunks: ${cycle.join(' -> ')}`);
  } else {
    console.log('No circular static imports between chunks (Vite manifest).');
  }
} finally {
  await browser?.close();
  await server.close();
}
