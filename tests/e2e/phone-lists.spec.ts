import { E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * On a phone the lists of the day's work are a line per record instead of a table running off
 * the screen (the orders' own test is in orders.spec.ts): the line opens the record, and the
 * row's checkbox and buttons sit beside it.
 */

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, SUPER_ADMIN);
});

/** The page is no wider than its viewport. */
async function expectFits(page: import('@playwright/test').Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test('on a phone, a customer is a line: select it, ask to block it, open it', async ({ page }) => {
  await page.goto('/admin-panel/user/active-users/1');
  await expect(page.getByRole('heading', { name: 'Total Users', level: 1 })).toBeVisible();
  const lines = page.getByRole('main').getByRole('listitem');
  await expect(lines.first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const first = lines.first();
  // The name, then the e-mail and the wallet; the checkbox names the customer.
  const label = await first.getByRole('checkbox').getAttribute('aria-label');
  const name = label!.replace(/^Select /, '');
  await expect(first.getByRole('link').first()).toContainText(name);
  await expect(first).toContainText(/@/);
  await expect(first).toContainText(/Wallet ₹[\d,]+\.\d{2}/);

  await first.getByRole('checkbox', { name: `Select ${name}` }).check();
  await expect(page.getByText('1 user selected')).toBeVisible();
  await first.getByRole('checkbox', { name: `Select ${name}` }).uncheck();
  await expect(page.getByText('1 user selected')).toBeHidden();

  // The row's buttons beside the line: edit and block, not a second way to view.
  await expect(first.getByRole('link', { name: `Edit ${name}` })).toBeVisible();
  await expect(first.getByRole('link', { name: `View ${name}` })).toHaveCount(0);
  await first.getByRole('button', { name: `Block ${name}` }).click();
  await expect(page.getByText(`Block ${name}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(`Block ${name}?`)).toBeHidden();
  await expectFits(page);
  await screen(page, 'customers-phone-390');

  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin-panel\/user\/view\/[^/]+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
});

test('on a phone, return requests and Help are a line each; only pending requests can be selected', async ({
  page,
}) => {
  await page.goto('/admin-panel/returns/0/1');
  await expect(
    page.getByRole('heading', { name: 'Water Return Requests', level: 1 }),
  ).toBeVisible();
  for (const orderId of [E2E_JOBS.returnOrder, E2E_JOBS.ledgerOrder]) {
    const line = page.getByRole('main').getByRole('listitem').filter({ hasText: orderId });
    await expect(line).toContainText(/\d+ returned · requested \d{1,2}, [A-Z][a-z]{2} \d{4}/);
    const status = (await line.locator('.MuiChip-root').innerText()).trim();
    const box = line.getByRole('checkbox', { name: `Select ${orderId}` });
    if (status === 'Pending') await expect(box).toBeEnabled();
    else await expect(box).toBeDisabled();
  }
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectFits(page);
  await screen(page, 'returns-phone-390');
  await page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: E2E_JOBS.returnOrder })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/admin-panel\/return\/view\/[^/]+$/);

  await page.goto('/admin-panel/supports/1');
  const ticket = page.getByRole('main').getByRole('listitem').first();
  await expect(ticket).toContainText(/\d+ emails? · \d+ open/);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectFits(page);
  await ticket.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin-panel\/support\/view\/[^/]+$/);
  await expect(page.getByText(E2E_JOBS.ticket)).toBeVisible();
});

test('on a phone, the catalogue is a line per record: categories, their products, pin codes, admins', async ({
  page,
}) => {
  await page.goto('/admin-panel/categories/1');
  const water = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Water' }).first();
  await expect(water).toContainText(/Active · \d{1,2}, [A-Z][a-z]{2} \d{4}/);
  await expect(water.getByRole('link', { name: 'Edit Water' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectFits(page);
  await water.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin-panel\/category\/view\/[^/]+$/);

  // The category's products and accessories under it, each with its edit and delete buttons.
  const jar = page.getByRole('main').getByRole('listitem').filter({ hasText: '20 L Water Jar' });
  await expect(jar).toContainText(/Price ₹[\d,]+\.\d{2}/);
  await expect(jar.getByRole('button', { name: /Delete/ })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectFits(page);
  await screen(page, 'category-phone-390');

  // Its pricing: each item a block with its three figures named and its own Save.
  await page.goto(page.url().replace(/\/category\/view\/([^/]+)$/, '/pricing/water/$1'));
  await expect(page.getByRole('heading', { name: 'Water Pricing', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const stock = page.getByRole('spinbutton', { name: 'Stock of 20 L Water Jar', exact: true });
  const before = await stock.inputValue();
  const save = page.getByRole('button', { name: 'Save 20 L Water Jar' });
  await expect(save).toBeDisabled();
  await stock.fill(String(Number(before) + 1));
  await save.click();
  await expect(page.getByText('Product 20 L Water Jar updated successfully')).toBeVisible();
  await expectFits(page);
  await screen(page, 'pricing-phone-390');
  await page.reload();
  await expect(stock).toHaveValue(String(Number(before) + 1));
  await stock.fill(before);
  await save.click();
  await expect(save).toBeDisabled();

  await page.goto('/admin-panel/pincodes/1');
  const pin = page.getByRole('main').getByRole('listitem').first();
  await expect(pin).toContainText(/^\d{6}/);
  await expect(page.getByRole('table')).toHaveCount(0);

  // Admins have no view: the line is not a link, its edit button is.
  await page.goto('/admin-panel/adminuser/1');
  const admin = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: 'admin@example.com' });
  await expect(admin.getByRole('link')).toHaveCount(1);
  await expect(admin.getByRole('link')).toHaveAccessibleName(/^Edit /);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectFits(page);
});
