import type { Page } from '@playwright/test';
import { E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Finding today's work (issue 13.1): the orders, job, return and Help lists filter on screen,
 * the filters live in the address (reload, share), and on a phone they fold behind 'Filters'.
 * The data is tests/e2e/prepare.ts's: water jobs on pin codes 400050 and 400053 (one of them an
 * emergency), a delivered water order with a return request, two laundry orders, one ticket.
 */

/** Flips a switch filter and waits for it to show its new state (the list applies it). */
async function flip(page: Page, name: string, on: boolean) {
  const control = page.getByRole('switch', { name });
  await control.click();
  if (on) await expect(control).toBeChecked();
  else await expect(control).not.toBeChecked();
}

async function choose(page: Page, filter: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The page is no wider than its viewport (nothing runs off the right edge). */
async function expectFits(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test('the orders list filters by service, emergency, pin code and days, kept in the address', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin-panel/orders/1');
  await expect(page.getByText(/^Showing 1 to 10 out of/)).toBeVisible();

  await choose(page, 'Service', 'Laundry');
  await expect(page).toHaveURL(/serviceId=/);
  await expect(page.getByText('Showing 1 to 2 out of 2')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Laundry Orders', level: 1 })).toBeVisible();
  for (const orderId of E2E_JOBS.bulkOrders) await expect(page.getByText(orderId)).toBeVisible();

  await flip(page, 'Emergency only', true);
  await expect(page).toHaveURL(/emergency=true/);
  await expect(page.getByText(/^No results found\.?$/)).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/serviceId|emergency/);
  await expect(page.getByText(/^Showing 1 to 10 out of/)).toBeVisible();

  // The emergency water job of pin code 400053, and only it.
  await choose(page, 'Pin Code', '400053');
  await flip(page, 'Emergency only', true);
  await expect(page.getByText('Showing 1 to 1 out of 1')).toBeVisible();
  await expect(page.getByText(E2E_JOBS.statusOrder)).toBeVisible();
  await screen(page, 'filters-orders-1366');

  // A reload (or the same address shared) shows the same filtered list.
  await page.reload();
  await expect(page.getByText('Showing 1 to 1 out of 1')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Emergency only' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Pin Code' })).toHaveText('400053');

  // Custom days: none of these orders was placed in January 2000.
  await flip(page, 'Emergency only', false);
  await choose(page, 'Date', 'Custom dates');
  // Custom days start as today in India: one day, from and to the same.
  await expect(page).toHaveURL(/date=custom&from=(\d{4}-\d{2}-\d{2})&to=\1(&|$)/);
  // These orders were placed within the last two hours, which may be yesterday in India (just
  // after midnight there): widened to start the day before, the range holds them at any hour.
  const today = new URL(page.url()).searchParams.get('to')!;
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString();
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(yesterday.slice(0, 10));
  await expect(page).toHaveURL(new RegExp(`from=${yesterday.slice(0, 10)}&to=${today}`));
  await expect(page.getByText(/^Showing 1 to \d out of \d$/)).toBeVisible();
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2000-01-01');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2000-01-31');
  await expect(page.getByText(/^No results found\.?$/)).toBeVisible();
  await expect(page).toHaveURL(/from=2000-01-01&to=2000-01-31/);
  await expectFits(page);
});

test('the dashboard status links open the list filtered by that status', async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin-panel/orders/1?status=Delivered');
  await expect(page.getByRole('heading', { name: 'Delivered Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Delivered');
  await expect(page.getByText(E2E_JOBS.returnOrder)).toBeVisible();
  await expect(page.getByText(E2E_JOBS.bulkOrders[0])).toBeHidden();
});

test('the jobs list filters by status and slot, and the slots count their jobs', async ({
  page,
}) => {
  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin-panel/dashboard');
  const nav = page.getByRole('navigation');
  await nav.getByText('Assigning Jobs', { exact: true }).click();
  await nav.getByText('Water', { exact: true }).click();
  await expect(page.getByText(/^Showing 1 to 10 out of/)).toBeVisible();

  // Every open water job is in the morning slot (prepare.ts).
  const open = E2E_JOBS.water['400050'].length + E2E_JOBS.water['400053'].length + 1;
  await choose(page, 'Slot', `7:00 AM - 9:00 AM (${open})`);
  await expect(page).toHaveURL(/slot=7%3A00/);
  await choose(page, 'Status', 'Out for Delivery');
  await expect(page.getByText(/^No results found\.?$/)).toBeVisible();
  await choose(page, 'Status', 'Pending');
  await choose(page, 'Pin Code', '400053');
  await expect(page.getByText(/^Showing 1 to [45] out of [45]$/)).toBeVisible();
  await screen(page, 'filters-jobs-1366');
});

test('returns filter by status; Help shows unresolved tickets only', async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin-panel/returns/0/1');
  await choose(page, 'Status', 'Rejected');
  await expect(page.getByText(/^No results found\.?$/)).toBeVisible();
  await expect(page).toHaveURL(/status=Rejected/);
  await choose(page, 'Status', 'All');
  await expect(page.getByText(E2E_JOBS.returnOrder)).toBeVisible();

  await page.goto('/admin-panel/supports/1');
  await flip(page, 'Unresolved only', true);
  await expect(page).toHaveURL(/status=unresolved/);
  await expect(page.getByText(/^Showing 1 to 1 out of 1$/)).toBeVisible();
});

test('at 390 px the filters fold behind a button that counts them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin-panel/orders/1?pincode=400053');
  const button = page.getByRole('button', { name: /^Filters/ });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toContainText('1');
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeHidden();
  await button.click();
  await choose(page, 'Service', 'Water');
  await expect(page).toHaveURL(/pincode=400053&serviceId=|serviceId=.*pincode=400053/);
  await expect(button).toContainText('2');
  await expectFits(page);
  await screen(page, 'filters-orders-390');
});
