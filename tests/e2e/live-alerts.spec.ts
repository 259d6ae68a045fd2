import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { BASE_URL, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Live alerts (issue 15.6): with the panel open, an emergency order placed through the API (as
 * an operator's phone order, or another instance would) shows as a toast and a count on Orders
 * without a reload; the alert's sound can be muted, and stays muted. How fast (the spec's 2 s) is
 * measured by `npx tsx bench/live-alerts.ts`, not promised here on a shared machine.
 *
 * The orders are Oxygen orders of a pin code no other spec uses, placed for one of the seeded
 * customers: the water jobs and the lists the other specs count are left as they are.
 */

/** Pin codes other specs add, delete or count: not the one used here. */
const TAKEN_PINS = new Set(['560034', '560035', '110001', '400050', '400053']);
/** The sign-in code only on the login page; the live client comes after sign-in. */
const LIVE_CLIENT = /\/assets\/connection-[\w-]+\.js$/;

interface Setup {
  api: APIRequestContext;
  headers: Record<string, string>;
  service: string;
  productId: string;
  customerId: string;
  addressId: string;
  pincode: string;
}

let setup: Setup;

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: BASE_URL });
  const login = await api.post('/api/admin/login', { data: SUPER_ADMIN });
  const headers = { authorization: `Bearer ${(await login.json()).result.token}` };
  const get = async (url: string) => {
    const res = await api.get(url, { headers });
    expect(res.status(), url).toBe(200);
    return (await res.json()).result;
  };

  const { categories } = await get('/api/category/view-all-categories?limit=100');
  const oxygen = categories.find((c: { kind: string }) => c.kind === 'oxygen');
  const image = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: 30, g: 136, b: 229 } },
  })
    .png()
    .toBuffer();
  const created = await api.post('/api/product/create-product', {
    headers,
    multipart: {
      name: '10 L Oxygen Cylinder (refill)',
      title: 'Medical oxygen, 10 litres',
      description: 'A refilled 10 litre cylinder.',
      price: '650',
      discountPrice: '600',
      stockQuantity: '20',
      categoryId: oxygen._id,
      image: { name: 'cylinder.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(created.status()).toBe(200);

  // A seeded customer whose address is on a pin code of its own, made a service area.
  const { users } = await get('/api/user/all-users?limit=100');
  for (const user of [...users].reverse()) {
    const { user: detail } = await get(`/api/user/get-user/${user._id}`);
    const address = detail.addresses.find((a: { pincode: string }) => !TAKEN_PINS.has(a.pincode));
    if (!address) continue;
    const added = await api.post('/api/pincode/add', {
      headers,
      data: { pinCode: address.pincode, pinType: 'Home' },
    });
    expect([200, 409]).toContain(added.status());
    setup = {
      api,
      headers,
      service: oxygen.name,
      productId: (await created.json()).result.product._id,
      customerId: user._id,
      addressId: address._id,
      pincode: address.pincode,
    };
    return;
  }
  throw new Error('no seeded customer with an address on a free pin code');
});

test.afterAll(async () => {
  await setup?.api.dispose();
});

/** An emergency order taken by phone, through the API; its order number. */
async function placeEmergency(): Promise<string> {
  const res = await setup.api.post('/api/order/place-order', {
    headers: setup.headers,
    data: {
      customerId: setup.customerId,
      addressId: setup.addressId,
      productId: setup.productId,
      quantity: 1,
      isEmergency: true,
      paymentMethod: 'Cash on Delivery',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).result.order.orderId;
}

const toast = (orderId: string) =>
  `Emergency order ${orderId} for ${setup.service}, pin code ${setup.pincode}.`;
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const ordersGroup = (page: Page) =>
  sidebar(page).getByRole('button', { name: 'Orders Management' });
const muteSwitch = (page: Page) => page.getByRole('button', { name: 'Mute alert sound' });
/** The tones the alert played (a page has no speakers here: its oscillators are counted). */
const tones = (page: Page) =>
  page.evaluate(() => (window as unknown as { __alertTones: number }).__alertTones);

/** Counts the Web Audio tones each page of the test plays. */
async function countTones(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __alertTones: number };
    w.__alertTones = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__alertTones += 1;
      return create.call(this);
    };
  });
}

/** Signs in, watching which scripts load before and after; resolves once the stream is open. */
async function signInWithStream(page: Page) {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const streamOpen = page.waitForResponse(
    (r) => r.url().endsWith('/api/live/events') && r.status() === 200,
  );
  await page.goto('/admin-panel/login');
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => LIVE_CLIENT.test(s))).toBe(false);
  await loginAs(page, SUPER_ADMIN);
  const stream = await streamOpen;
  expect(stream.headers()['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(scripts.some((s) => LIVE_CLIENT.test(s))).toBe(true);
}

test('at 1366 px, an emergency placed through the API shows in the open dashboard, with its sound, which can be muted', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await countTones(page);
  await signInWithStream(page);
  await expect(page).toHaveURL(/\/admin-panel\/dashboard$/);

  const first = await placeEmergency();
  // Without a reload: the toast and the count (bench/live-alerts.ts times it). The toast
  // does not wait behind the one still saying "Logged in successfully!".
  await expect(page.getByText(toast(first))).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: first })).toBeVisible();
  await expect(ordersGroup(page)).toHaveAttribute('aria-description', '1 new order');
  await expect(ordersGroup(page).getByTestId('live-count')).toHaveText('1');
  await expect(
    sidebar(page).getByRole('button', { name: 'Assigning Jobs' }).getByTestId('live-count'),
  ).toHaveText('1');
  await expect.poll(() => tones(page)).toBe(2);
  await screen(page, 'live-alert-1366');

  // Muted, and still muted after a reload; the next emergency shows, silently.
  await expect(muteSwitch(page)).toHaveAttribute('aria-pressed', 'false');
  await muteSwitch(page).click();
  await expect(muteSwitch(page)).toHaveAttribute('aria-pressed', 'true');
  const reopened = page.waitForResponse(
    (r) => r.url().endsWith('/api/live/events') && r.status() === 200,
  );
  await page.reload();
  await expect(muteSwitch(page)).toHaveAttribute('aria-pressed', 'true');
  // The count is kept for the tab across the reload.
  await expect(ordersGroup(page)).toHaveAttribute('aria-description', '1 new order');
  await reopened;
  const second = await placeEmergency();
  await expect(page.getByText(toast(second))).toBeVisible();
  await expect(ordersGroup(page)).toHaveAttribute('aria-description', '2 new orders');
  expect(await tones(page)).toBe(0);

  // Opening All Orders: both are there, and the count is cleared.
  await ordersGroup(page).click();
  await sidebar(page).getByRole('link', { name: 'All Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: first })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: second })).toBeVisible();
  await expect(ordersGroup(page)).not.toHaveAttribute('aria-description', /new order/);
  await expect(ordersGroup(page).getByTestId('live-count')).toHaveCount(0);

  // Unmuted again for the next test's browser (the switch is per browser; a fresh one here).
  await muteSwitch(page).click();
  await expect(muteSwitch(page)).toHaveAttribute('aria-pressed', 'false');
});

test('at 390 px, the toast shows over the dashboard and the count waits in the menu; the mute switch is in the app bar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await countTones(page);
  await signInWithStream(page);

  const orderId = await placeEmergency();
  await expect(page.getByText(toast(orderId))).toBeVisible();
  await expect.poll(() => tones(page)).toBe(2);
  await screen(page, 'live-alert-390');

  // The sidebar is folded on a phone: opened, the count is on Orders.
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await expect(ordersGroup(page)).toHaveAttribute('aria-description', '1 new order');
  await expect(ordersGroup(page).getByTestId('live-count')).toHaveText('1');
  await screen(page, 'live-alert-390-menu');
  // On a phone the menu is a drawer over the page: Escape closes it.
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).toBeHidden();

  const mute = page.getByRole('banner').getByRole('button', { name: 'Mute alert sound' });
  await expect(mute).toBeVisible();
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
});
