/**
 * How long a live alert takes to reach an open panel: an emergency order placed through the API
 * (POST order/place-order, as an operator's phone order) until its toast shows on a signed-in
 * dashboard in headless Chromium, over the built bundles and the real server (in this process,
 * PGlite in memory, or PostgreSQL with TEST_DATABASE_URL). The spec promises 2 s; the browser
 * test (tests/e2e/live-alerts.spec.ts) checks that the alert arrives, this prints how fast.
 * Prints figures; asserts nothing. Run after a build:
 *
 *   npm run build && npx tsx bench/live-alerts.ts [orders=10]
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestServer } from '@tests/api/helpers';
import { createOrderFixtures } from '@tests/api/orderFixtures';
import { ensurePincodes } from '@tests/api/riderFixtures';
import { browserPath, CHROMIUM_ARGS } from '@tests/e2e/browser';
import { ms, percentile } from './stats';

const ORDERS = Number(process.argv[2] ?? 10);
const distDir = path.resolve('dist');
if (!existsSync(path.join(distDir, 'index.html'))) {
  throw new Error(`no build in ${distDir}: run \`npm run build\` first`);
}

/** As playwright.config.ts: never downloads a browser. */
const server = await createTestServer({ env: { DIST_DIR: distDir } });
let browser: Browser | undefined;
try {
  const f = await createOrderFixtures(server.db);
  const customer = f.customers[1]!;
  await ensurePincodes(server.db, [customer.address.pincode]);
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await chromium.launch({
    executablePath: await browserPath(),
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage({ baseURL: address, viewport: { width: 1366, height: 900 } });
  const streamOpen = page.waitForResponse(
    (r) => r.url().endsWith('/api/live/events') && r.status() === 200,
  );
  await page.goto('/admin-panel/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin-panel\/dashboard$/);
  await streamOpen;

  const placed: number[] = [];
  const shown: number[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const start = performance.now();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/order/place-order',
      headers: bearer(server.superToken),
      payload: {
        customerId: customer.id,
        addressId: customer.addressId,
        productId: f.products.oxygen.id,
        quantity: 1,
        isEmergency: true,
        paymentMethod: 'Cash on Delivery',
      },
    });
    if (res.statusCode !== 201) throw new Error(`place-order: ${res.statusCode} ${res.body}`);
    placed.push(performance.now() - start);
    const { orderId } = res.json().result.order as { orderId: string };
    await page
      .getByText(`Emergency order ${orderId} for`)
      .waitFor({ state: 'visible', timeout: 30_000 });
    shown.push(performance.now() - start);
  }

  console.log(
    `Live alerts: ${ORDERS} emergency orders, placed to toast shown, in ms (${server.kind}; the spec promises 2,000)`,
  );
  for (const [label, values] of [
    ['place-order answered', placed],
    ['toast shown', shown],
  ] as const) {
    console.log(
      `${label.padEnd(22)} median ${ms(percentile(values, 50)).padStart(9)}   ` +
        `p95 ${ms(percentile(values, 95)).padStart(9)}   max ${ms(Math.max(...values)).padStart(9)}`,
    );
  }
} finally {
  await browser?.close();
  await server.close();
}
