import { expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

const ORDERS_ONLY = {
  name: 'meera joshi',
  // Unique per run, so a rerun against the same data never meets a duplicate e-mail.
  email: `meera.${Date.now()}@example.com`,
  phone: '9812345678',
  password: 'Meera-Orders-1',
};

test('the super-admin adds an orders-only admin, who then sees only Orders', async ({
  page,
  browser,
}) => {
  await loginAs(page, SUPER_ADMIN);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Admin Users').click();
  await expect(page).toHaveURL(/\/admin-panel\/adminuser\/1$/);
  await expect(page.getByRole('heading', { name: 'Admin Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'S.No' })).toBeVisible();
  await screen(page, 'admin-users-list');

  await page.getByRole('link', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/adminusers\/add$/);
  await page.getByRole('textbox', { name: 'Name' }).fill(ORDERS_ONLY.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(ORDERS_ONLY.email);
  await page.getByRole('textbox', { name: 'Phone' }).fill(ORDERS_ONLY.phone);
  await page.getByRole('textbox', { name: 'Password' }).fill(ORDERS_ONLY.password);
  await page.getByRole('switch', { name: 'orders' }).check();
  await screen(page, 'admin-users-add');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`Admin user ${ORDERS_ONLY.name} created successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/adminuser\/1$/);
  await expect(page.getByRole('cell', { name: 'Meera Joshi', exact: true })).toBeVisible();

  // The new admin, in a browser context of their own (no shared storage).
  const context = await browser.newContext();
  const other = await context.newPage();
  await loginAs(other, ORDERS_ONLY);
  const nav = other.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByText('Dashboard', { exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Orders Management' })).toBeVisible();
  await expect(nav.getByRole('button', { expanded: false })).toHaveText(['Orders Management']);
  for (const hidden of ['Service Management', 'User Management', 'Admin Users', 'Others']) {
    await expect(nav.getByText(hidden, { exact: true })).toHaveCount(0);
  }
  await other.goto('/admin-panel/categories/1');
  await expect(other.getByRole('heading', { name: 'Not allowed', level: 1 })).toBeVisible();
  await other.goto('/admin-panel/adminuser/1');
  await expect(other.getByRole('heading', { name: 'Not allowed', level: 1 })).toBeVisible();
  await context.close();
});
