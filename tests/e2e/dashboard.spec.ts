import type { Page } from '@playwright/test';
import { indiaDay, indiaMidnight } from '@shared/time';
import { addAxe, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * The dashboard over the data of tests/e2e/prepare.ts: customers, water orders placed within
 * the last hour (mostly Pending, one Delivered) and a support ticket.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The browser's clock (page.clock): ten minutes past midnight in India on today's India day,
 * when the UTC day is still yesterday. The server keeps the real clock, on the same India day.
 */
const CLOCK = new Date(indiaMidnight(indiaDay(new Date())).getTime() + 10 * 60_000);

/** Today in India as the chart labels it ('22 Nov'), by the product's own India-day function. */
function todayLabel() {
  const [, month, day] = indiaDay(CLOCK).split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]}`;
}

/** The x-axis labels of the orders chart, as drawn. */
const axisLabels = (page: Page) =>
  page.getByTestId('orders-chart').locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');

test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: CLOCK });
  await loginAs(page, SUPER_ADMIN);
});

test('the Pending card opens the orders list filtered to Pending orders', async ({ page }) => {
  const card = page.getByRole('link', { name: /^Pending/ });
  await expect(card).toBeVisible();
  const figure = Number((await card.innerText()).replace(/\D/g, ''));
  expect(figure).toBeGreaterThan(10);
  await screen(page, 'dashboard');

  await card.click();
  await expect(page).toHaveURL(/\/admin-panel\/orders\/1\?status=Pending$/);
  await expect(page.getByText(`Showing 1 to 10 out of ${figure}`)).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(10);
  await expect(rows.filter({ hasText: 'Pending' })).toHaveCount(10);
  for (const other of ['Delivered', 'Out for Delivery', 'Cancelled']) {
    await expect(rows.filter({ hasText: other })).toHaveCount(0);
  }
});

test('the other cards link to their lists, recent orders and tickets to their screens', async ({
  page,
}) => {
  const hrefs: [RegExp, string][] = [
    [/^All Users/, '/admin-panel/user/active-users/1?status=All'],
    [/^Active Users/, '/admin-panel/user/active-users/1'],
    [/^Blocked Users/, '/admin-panel/user/blocked-users/1'],
    [/^All Orders/, '/admin-panel/orders/1'],
    [/^Delivered/, '/admin-panel/orders/1?status=Delivered'],
    [/^Out for Delivery/, '/admin-panel/orders/1?status=Out%20for%20Delivery'],
    [/^Cancelled/, '/admin-panel/orders/1?status=Cancelled'],
  ];
  for (const [name, href] of hrefs) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  const orders = page.getByRole('region', { name: 'Recent Orders' });
  await expect(orders.getByRole('row')).toHaveCount(1 + 5);
  const tickets = page.getByRole('region', { name: 'Recent Support Tickets' });
  // prepare.ts's ticket is longer than 40 characters: cut, with '...'.
  const ticket = tickets.getByRole('link', { name: /\.\.\.$/ });
  await expect(ticket).toHaveText('The jar delivered this morning had a bro...');
  await ticket.click();
  await expect(page).toHaveURL(/\/admin-panel\/support\/view-support\/[^/]+$/);
  await expect(page.getByText('broken seal. Please replace it.')).toBeVisible();
});

test('the chart filter changes the buckets: 12 months by default, 14 days when Daily', async ({
  page,
}) => {
  await expect(page.getByRole('heading', { name: 'Orders (Monthly)' })).toBeVisible();
  await expect(axisLabels(page)).toHaveCount(12);

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Daily' }).click();
  await expect(page.getByRole('heading', { name: 'Orders (Daily)' })).toBeVisible();
  await expect(axisLabels(page)).toHaveCount(14);
  await expect(axisLabels(page).last()).toHaveText(todayLabel());
  // Every order of prepare.ts was placed within the last hour: all in today's bucket.
  await expect(page.getByText(/^\d+ orders worth .* in these 14 days\.$/)).toBeVisible();
  await screen(page, 'dashboard-daily');

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Quarterly' }).click();
  await expect(axisLabels(page)).toHaveCount(8);
  await expect(axisLabels(page).last()).toHaveText(/^Q[1-4] \d{4}$/);
});

test('the chart is reached with Tab and read bar by bar with the arrow keys', async ({ page }) => {
  await expect(axisLabels(page)).toHaveCount(12);
  await page.getByRole('combobox', { name: 'Period' }).focus();
  await page.keyboard.press('Tab');
  // End: the last bucket, this month, named as its tooltip reads.
  await page.keyboard.press('End');
  const month = todayLabel().split(' ')[1]!;
  const bar = new RegExp(`^${month} \\d{4}; Orders; \\d+ orders · ₹[\\d,]+\\.\\d\\d$`);
  await expect(page.locator(':focus')).toHaveAccessibleName(bar);
  await expect(page.locator('.MuiChartsTooltip-root')).toContainText(/\d+ orders · ₹/);
  await page.keyboard.press('Home');
  await expect(page.locator(':focus')).toHaveAccessibleName(
    /^\w{3} \d{4}; Orders; 0 orders · ₹0\.00$/,
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the cards, lists and chart fit the screen', async ({ page }) => {
    await expect(page.getByRole('link', { name: /^Pending/ })).toBeVisible();
    await expect(axisLabels(page).first()).toBeVisible();
    // Nothing wider than the screen: the page does not scroll sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Nor is a table wider than its card (it would scroll sideways and cut a status).
    await expect(page.getByRole('link', { name: /^OD/ }).first()).toBeVisible();
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('table')]
        .filter((t) => t.getBoundingClientRect().width > t.parentElement!.clientWidth + 1)
        .map((t) => t.querySelector('th')?.textContent),
    );
    expect(wide).toEqual([]);
    await screen(page, 'dashboard-phone');
  });
});

/** Serious or critical WCAG 2 A/AA violations axe-core finds on the whole page. */
async function seriousViolations(page: Page) {
  await addAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    // The whole page: the dashboard with the layout's top bar and sidebar.
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

test('axe-core finds no serious or critical accessibility violations', async ({ page }) => {
  await expect(page.getByRole('heading', { name: 'Orders (Monthly)' })).toBeVisible();
  await expect(axisLabels(page)).toHaveCount(12);
  const serious = await seriousViolations(page);
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
});

test('the dark theme: chosen in the top bar, remembered by the browser, and AA contrast', async ({
  page,
}) => {
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
  await expect.poll(background).not.toBe(light);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Orders (Monthly)' })).toBeVisible();
  await expect(axisLabels(page)).toHaveCount(12);
  expect(await background()).not.toBe(light);
  await screen(page, 'dashboard-dark');
  const serious = await seriousViolations(page);
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
  // And an orders list, with its status chips and links.
  await page.goto('/admin-panel/orders/1');
  await expect(page.getByText(/^Showing 1 to/)).toBeVisible();
  await screen(page, 'orders-dark');
  const onList = await seriousViolations(page);
  expect(onList, JSON.stringify(onList, null, 2)).toEqual([]);
  // Back to light for the next tests of this browser.
  await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
  await expect.poll(background).toBe(light);
});
