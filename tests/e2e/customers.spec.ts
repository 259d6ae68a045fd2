import type { Page } from '@playwright/test';
import { expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Needs customers in the e2e database: tests/e2e/prepare.ts calls
 * `seedCustomers(database.db, 12)` (server/db/seed/customers.ts). There is no API to create a
 * customer (they sign up in the app), so the data cannot come from the panel.
 */

const rowWith = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });

/** The e-mail and full name of the first row of the list on screen. */
async function firstCustomer(page: Page) {
  const first = page.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  // After the row checkbox (bulk Block) and the Family Id.
  const cells = first.getByRole('cell');
  await expect(cells.first().getByRole('checkbox')).toBeVisible();
  return {
    name: (await cells.nth(2).innerText()).trim(),
    email: (await cells.nth(3).innerText()).trim(),
  };
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
});

test('blocking a customer moves them to the blocked list, and unblocking back', async ({
  page,
}) => {
  await page.goto('/admin-panel/user/active-users/1');
  await expect(page.getByRole('heading', { name: 'Total Users', level: 1 })).toBeVisible();
  await expect(page.getByText(/Showing 1 to \d+ out of \d+/)).toBeVisible();
  const customer = await firstCustomer(page);
  await screen(page, 'customers-list');

  await rowWith(page, customer.email)
    .getByRole('button', { name: `Block ${customer.name}` })
    .click();
  await expect(page.getByText(`Block ${customer.name}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('User blocked successfully')).toBeVisible();
  await expect(rowWith(page, customer.email)).toHaveCount(0);

  await page.goto('/admin-panel/user/blocked-users/1');
  await expect(page.getByRole('heading', { name: 'Blocked Users', level: 1 })).toBeVisible();
  await search(page, customer.email);
  const blocked = rowWith(page, customer.email);
  await expect(blocked).toBeVisible();
  await blocked.getByRole('button', { name: `Unblock ${customer.name}` }).click();
  await page.getByRole('button', { name: 'Unblock', exact: true }).click();
  await expect(page.getByText('User unblocked successfully')).toBeVisible();
  await expect(rowWith(page, customer.email)).toHaveCount(0);

  // ?status=All (the dashboard link) lists every status.
  await page.goto('/admin-panel/user/active-users/1?status=All');
  await expect(page.getByRole('heading', { name: 'All Users', level: 1 })).toBeVisible();
});

test("editing a customer's last name shows the change in the list", async ({ page }) => {
  await page.goto('/admin-panel/user/active-users/1');
  const customer = await firstCustomer(page);
  await rowWith(page, customer.email)
    .getByRole('link', { name: `View ${customer.name}` })
    .click();
  await expect(page).toHaveURL(/\/admin-panel\/user\/view\//);
  await expect(page.getByRole('heading', { name: customer.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Email Verified')).toBeVisible();
  await screen(page, 'customer-view');

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit User', level: 1 })).toBeVisible();
  const lastName = page.getByRole('textbox', { name: 'Last Name' });
  await lastName.fill('Venkataraman');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  // The form goes back one step, to the view, which shows the new name.
  await expect(page).toHaveURL(/\/admin-panel\/user\/view\//);
  await expect(
    page.getByRole('heading', { name: `${customer.name.split(' ')[0]} Venkataraman`, level: 1 }),
  ).toBeVisible();

  await page.goto('/admin-panel/user/active-users/1');
  await search(page, customer.email);
  const firstName = customer.name.split(' ')[0]!;
  await expect(
    rowWith(page, customer.email).getByRole('cell', {
      name: `${firstName} Venkataraman`,
      exact: true,
    }),
  ).toBeVisible();
});
