/**
 * The riders' page on a phone network (issue 40): in headless Chromium throttled as
 * Lighthouse's mobile profile (bench/mobile.ts), against the real server over the built bundles,
 * a rider with 25 stops today; each run with an empty cache:
 *
 *   - the sign-in form shown, from opening /rider;
 *   - sign-in to today's stops shown;
 *   - a rider already signed in opening the page (the day's first load): until the stops show.
 *
 * Prints figures; asserts nothing. Run after a build:
 *
 *   npm run build && npm run bench:rider [-- --runs 3]
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ridersTable } from '@server/db/schema';
import { hashPassword } from '@server/lib/passwords';
import { createTestServer } from '@tests/api/helpers';
import { createOrderFixtures } from '@tests/api/orderFixtures';
import { assignToRider, ensurePincodes } from '@tests/api/riderFixtures';
import { browserPath, CHROMIUM_ARGS } from '@tests/e2e/browser';
import { median, profileText, seconds, throttledPage } from './mobile';

const args = process.argv.slice(2);
const at = args.indexOf('--runs');
const RUNS = Number(at >= 0 ? args[at + 1] : 3);
const STOPS = 25;
const distDir = path.resolve('dist');
if (!existsSync(path.join(distDir, 'rider', 'index.html'))) {
  throw new Error(`no build in ${distDir}: run \`npm run build\` first`);
}
const RIDER = { phone: '9845099001', pin: '4826' };

const server = await createTestServer({ env: { DIST_DIR: distDir } });
let browser: Browser | undefined;
try {
  const f = await createOrderFixtures(server.db);
  await ensurePincodes(server.db, ['560001', '560034', '110001', '400050']);
  const [rider] = await server.db
    .insert(ridersTable)
    .values({
      name: 'Bench Rider',
      phone: RIDER.phone,
      pincodes: ['560001'],
      pinHash: await hashPassword(RIDER.pin),
      pinSetAt: new Date(),
    })
    .returning({ id: ridersTable.id });
  const ids: string[] = [];
  for (let i = 0; i < STOPS; i++) {
    const row = await f.place({
      kind: i % 5 === 0 ? 'oxygen' : 'water',
      customer: i % 4,
      quantity: 2,
      returnQuantity: 2,
      isEmergency: i === 7,
      paymentMethod: 'Cash on Delivery',
      totalAmount: 120,
    });
    ids.push(row.id);
  }
  await assignToRider(server.db, ids, rider!.id);

  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await chromium.launch({ executablePath: await browserPath(), args: CHROMIUM_ARGS });
  const formShown: number[] = [];
  const signedIn: number[] = [];
  const returning: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await throttledPage(browser, address);
    const opened = Date.now();
    await page.goto('/rider', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    formShown.push(Date.now() - opened);
    await page.getByLabel('Mobile number').fill(RIDER.phone);
    await page.getByLabel('PIN').fill(RIDER.pin);
    const pressed = Date.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`To do (${STOPS})`).waitFor({ timeout: 60_000 });
    signedIn.push(Date.now() - pressed);
    const state = await page.context().storageState();
    await page.context().close();

    // The next morning: signed in already, nothing cached.
    const again = await throttledPage(browser, address, state);
    const reopened = Date.now();
    await again.goto('/rider', { waitUntil: 'commit' });
    await again.getByText(`To do (${STOPS})`).waitFor({ timeout: 60_000 });
    returning.push(Date.now() - reopened);
    await again.context().close();
  }
  console.log(`Throttled as a phone: ${profileText()}; ${RUNS} cold runs, median (all)`);
  const row = (label: string, values: number[]) =>
    console.log(
      `${label.padEnd(40)} ${seconds(median(values))}   (${values.map(seconds).join(', ')})`,
    );
  row('sign-in form shown', formShown);
  row(`sign-in to ${STOPS} stops shown`, signedIn);
  row('signed in, opening the page: stops shown', returning);
} finally {
  await browser?.close();
  await server.close();
}
