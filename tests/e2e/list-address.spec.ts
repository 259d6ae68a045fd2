import { expect, loginAs, SUPER_ADMIN, test } from './fixtures';

/*
 * A list's search, sort and page size live in its address beside the page in the path: a
 * filtered list can be reloaded, bookmarked, shared and restored with Back (issue 13.2).
 */

test('a searched, sorted list survives a reload, a shared link and Back', async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin-panel/orders/1');
  await expect(page.getByText(/^Showing 1 to 10 out of/)).toBeVisible();

  // The four water jobs of pin code 400053 (tests/e2e/prepare.ts).
  await page.getByRole('searchbox', { name: 'Search' }).fill('ODE2EW5300');
  await expect(page.getByText('Showing 1 to 4 out of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Order ID' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/orders\/1\?q=ODE2EW5300&sort=orderId&order=/);
  const address = page.url();

  await page.reload();
  await expect(page.getByText('Showing 1 to 4 out of 4')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('ODE2EW5300');

  // Back from another page brings the list back as it was.
  await page.goto('/admin-panel/dashboard');
  await page.goBack();
  await expect(page).toHaveURL(address);
  await expect(page.getByText('Showing 1 to 4 out of 4')).toBeVisible();

  // The same address in a new tab (a shared link) opens the same list.
  const shared = await page.context().newPage();
  await shared.goto(address);
  await expect(shared.getByText('Showing 1 to 4 out of 4')).toBeVisible();
  await expect(shared.getByRole('searchbox', { name: 'Search' })).toHaveValue('ODE2EW5300');
  await shared.close();
});
