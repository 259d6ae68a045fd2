import type { Locator, Page } from '@playwright/test';
import {
  expect,
  loginAs,
  ORDERS_ADMIN,
  screen,
  SEEDED_CATEGORIES,
  SUPER_ADMIN,
  test,
} from './fixtures';

const ALL_GROUPS = [
  'User Management',
  'Assigning Jobs',
  'Service Management',
  'Pricing Management',
  'Orders Management',
  'Return Management',
  'Banners Management',
  'Plans',
  'Support Management',
  'Others',
  'Settings',
];

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
/** The collapsible group headers of the sidebar (buttons that tell whether they are open). */
const closedGroups = (page: Page) => sidebar(page).getByRole('button', { expanded: false });

/** Whether the element is what a person sees at its own centre (not covered by anything). */
const shownOnTop = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return (
      r.width > 0 && el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))
    );
  });

test('an orders-only admin sees only Orders Management', async ({ page }) => {
  await loginAs(page, ORDERS_ADMIN);
  const nav = sidebar(page);
  await expect(nav.getByText('Dashboard', { exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Orders Management' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(closedGroups(page)).toHaveText(['Orders Management']);
  for (const hidden of ['Service Management', 'User Management', 'Admin Users']) {
    await expect(nav.getByText(hidden, { exact: true })).toHaveCount(0);
  }
  await screen(page, 'sidebar-orders-admin');

  await nav.getByRole('button', { name: 'Orders Management' }).click();
  await expect(
    nav.getByRole('button', { name: 'Orders Management', expanded: true }),
  ).toBeVisible();
  await expect(nav.getByText('All Orders', { exact: true })).toBeVisible();
  for (const category of SEEDED_CATEGORIES) {
    await expect(nav.getByText(`${category} Orders`, { exact: true })).toHaveCount(1);
    // Really in sight once the group has finished opening, not clipped by its animation.
    await expect
      .poll(() => shownOnTop(nav.getByText(`${category} Orders`, { exact: true })))
      .toBe(true);
  }
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('activeSidebarList')))
    .toBe('orders');
  await screen(page, 'sidebar-orders-expanded');

  // The open group survives a reload (it is kept in sessionStorage).
  await page.reload();
  await expect(
    nav.getByRole('button', { name: 'Orders Management', expanded: true }),
  ).toBeVisible();
  await expect(nav.getByText('All Orders', { exact: true })).toBeVisible();

  await page.goto('/admin-panel/categories/1');
  await expect(page.getByRole('heading', { name: 'Not allowed', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Your account does not have the permission for this screen.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toHaveCount(0);
  await screen(page, 'sidebar-not-allowed');
});

test('the super-admin sees all eleven groups in order, and Admin Users', async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
  const nav = sidebar(page);
  await expect(nav.getByText('Dashboard', { exact: true })).toBeVisible();
  await expect(nav.getByText('Admin Users', { exact: true })).toBeVisible();
  await expect(closedGroups(page)).toHaveText(ALL_GROUPS);
  await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await screen(page, 'sidebar-super-admin');

  await nav.getByRole('button', { name: 'Service Management' }).click();
  await expect(nav.getByText('Categories', { exact: true })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('activeSidebarList')))
    .toBe('serviceManagement');

  // One group open at a time: choosing another closes the first.
  await nav.getByRole('button', { name: 'Settings' }).click();
  await expect(nav.getByText('Change Password', { exact: true })).toBeVisible();
  await expect(nav.getByText('Categories', { exact: true })).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('activeSidebarList')))
    .toBe('settings');
  await screen(page, 'sidebar-super-admin-settings');
});

test('the sidebar starts closed on a 700px-wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await loginAs(page, SUPER_ADMIN);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeVisible();
  // Closed means no width, and the menu is out of reach of the keyboard and screen readers.
  await expect(sidebar(page)).toBeHidden();
  await expect
    .poll(async () => (await page.getByRole('heading', { level: 1 }).boundingBox())?.x)
    .toBeLessThan(100);
  await screen(page, 'sidebar-narrow-closed');

  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await expect
    .poll(() => shownOnTop(sidebar(page).getByText('Dashboard', { exact: true })))
    .toBe(true);
  await expect
    .poll(async () => (await page.getByRole('heading', { level: 1 }).boundingBox())?.x)
    .toBeGreaterThanOrEqual(280);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Close menu' })).toBeVisible();
  await screen(page, 'sidebar-narrow-opened');
});

test("a page opened by its URL opens its group and highlights its entry, whatever the list's page", async ({
  page,
}) => {
  await loginAs(page, SUPER_ADMIN);
  const nav = sidebar(page);
  await page.goto('/admin-panel/orders/2');
  await expect(
    nav.getByRole('button', { name: 'Orders Management', expanded: true }),
  ).toBeVisible();
  await expect(nav.getByRole('link', { name: 'All Orders' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(closedGroups(page)).toHaveCount(ALL_GROUPS.length - 1);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await screen(page, 'sidebar-where-am-i');

  // A record screen: the entry of its list.
  await page.goto('/admin-panel/categories/1');
  await page.getByRole('link', { name: /^View/ }).first().click();
  await expect(page).toHaveURL(/\/admin-panel\/category\/view\//);
  await page.reload();
  await expect(
    nav.getByRole('button', { name: 'Service Management', expanded: true }),
  ).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Categories' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});
