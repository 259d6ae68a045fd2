/**
 * The panel on a phone network (issue 39.5): in headless Chromium throttled as Lighthouse's
 * mobile profile (1.6 Mbps down, 750 kbps up, 150 ms round trips, CPU 4× slower), against the
 * real server over the built bundles, each run with an empty cache:
 *
 *   - the login page: until its heading shows, and its first contentful paint;
 *   - sign-in to the dashboard's figures: from pressing Sign In (the form filled, as a person
 *     does) until the figures show their counts;
 *   - Lighthouse's mobile performance score of the login page, with its FCP, LCP and TBT.
 *
 * Prints figures; asserts nothing. Run after a build:
 *
 *   npm run build && npm run bench:mobile [-- --runs 5] [--no-lighthouse] [--timeline] [--dist DIR]
 *
 * `--timeline` prints, for the first run, each request made after pressing Sign In, with when
 * it started and ended; `--dist` measures another build (the server serves it).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort, median, PROFILE, seconds, throttledPage } from './mobile';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestServer } from '@tests/api/helpers';
import { browserPath, CHROMIUM_ARGS } from '@tests/e2e/browser';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const RUNS = Number(option('--runs') ?? 3);
const withLighthouse = !args.includes('--no-lighthouse');
const timeline = args.includes('--timeline');
const distDir = path.resolve(option('--dist') ?? 'dist');
if (!existsSync(path.join(distDir, 'index.html'))) {
  throw new Error(`no build in ${distDir}: run \`npm run build\` first`);
}

async function loginPage(browser: Browser, baseURL: string) {
  const page = await throttledPage(browser, baseURL);
  await page.goto('/admin-panel/login', { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Admin Login', level: 1 }).waitFor();
  const shown = await page.evaluate(() => performance.now());
  await page.waitForLoadState('load');
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  );
  return { page, shown, fcp };
}

async function signInToFigures(page: Page, printTimeline: boolean) {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN_PASSWORD);
  // A person takes a few seconds over the form; the panel loads meanwhile, as it does for them.
  await page.waitForTimeout(3000);
  const started = Date.now();
  const requests: { url: string; from: number; to?: number }[] = [];
  if (printTimeline) {
    page.on('request', (request) =>
      requests.push({ url: new URL(request.url()).pathname, from: Date.now() - started }),
    );
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      const entry = requests.find((r) => r.url === path && r.to === undefined);
      if (entry) entry.to = Date.now() - started;
    });
  }
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: /^Pending\D*\d/ }).waitFor({ timeout: 60_000 });
  const took = Date.now() - started;
  for (const r of requests) {
    console.log(
      `  ${String(r.from).padStart(5)} → ${String(r.to ?? '…').padStart(5)} ms  ${r.url}`,
    );
  }
  if (printTimeline) console.log(`  ${took} ms: the figures show`);
  return took;
}

async function lighthouseScore(port: number, url: string) {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse gave no result');
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    si: audit('speed-index'),
  };
}

const server = await createTestServer({ env: { DIST_DIR: distDir } });
let browser: Browser | undefined;
try {
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const debuggingPort = await freePort();
  browser = await chromium.launch({
    executablePath: await browserPath(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
  });
  const shown: number[] = [];
  const paints: number[] = [];
  const signIns: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const login = await loginPage(browser, address);
    shown.push(login.shown);
    paints.push(login.fcp);
    signIns.push(await signInToFigures(login.page, timeline && run === 0));
    await login.page.context().close();
  }
  console.log(
    `Throttled as a phone: ${PROFILE.downKbps} kbps down, ${PROFILE.upKbps} kbps up, ` +
      `${PROFILE.latencyMs} ms RTT, CPU ${PROFILE.cpuSlowdown}× slower; ${RUNS} cold runs, median (all)`,
  );
  const row = (label: string, values: number[]) =>
    console.log(
      `${label.padEnd(34)} ${seconds(median(values))}   (${values.map(seconds).join(', ')})`,
    );
  row('login page shown (heading)', shown);
  row('login page first contentful paint', paints);
  row('sign-in to the dashboard figures', signIns);
  if (withLighthouse) {
    const lh = await lighthouseScore(debuggingPort, `${address}/admin-panel/login`);
    console.log(
      `Lighthouse mobile performance, login page: ${lh.score} ` +
        `(FCP ${seconds(lh.fcp)}, LCP ${seconds(lh.lcp)}, TBT ${Math.round(lh.tbt)} ms, ` +
        `Speed Index ${seconds(lh.si)})`,
    );
  }
} finally {
  await browser?.close();
  await server.close();
}
