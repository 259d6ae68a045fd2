import type { Page } from '@playwright/test';
import { E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Issue 37, the customer's desk, at a laptop's and a phone's width: a return request links its
 * order and its customer; the customer's view calls the phone by a tap, takes an internal note
 * that shows its author, and filters its Orders tab. Works on prepare.ts's return request of
 * E2E_JOBS.returnOrder (a delivered water order), which it only reads.
 */

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** Opens the return request of E2E_JOBS.returnOrder from the water returns list. */
async function openReturn(page: Page) {
  await page.goto('/admin-panel/returns/0/1');
  await page.getByRole('searchbox', { name: 'Search' }).fill(E2E_JOBS.returnOrder);
  const view = page.locator('a[href*="/return/view/"]').first();
  await expect(view).toBeVisible();
  await view.click();
  await expect(page.getByRole('heading', { name: 'Return Request', level: 1 })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
});

for (const size of WIDTHS) {
  test(`a return request links its order and customer; the customer's view calls, notes and filters (${size.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openReturn(page);
    await expect(page.getByText('Item', { exact: true })).toBeVisible();
    await screen(page, `return-links-${size.width}`);

    // The order link opens the order.
    await page.getByRole('link', { name: E2E_JOBS.returnOrder }).click();
    await expect(page).toHaveURL(/\/admin-panel\/order\/view\//);
    await page.goBack();

    // The customer link, by name, opens the customer's view.
    const customerLink = page.locator('main a[href*="/user/view/"]');
    const name = (await customerLink.innerText()).trim();
    expect(name).not.toContain('@');
    await customerLink.click();
    await expect(page).toHaveURL(/\/admin-panel\/user\/view\//);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

    // The phone is tap-to-call.
    const call = page.getByRole('link', { name: /^Call \+91/ });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute('href', /^tel:\+91\d{10}$/);

    // A note, shown with its author.
    await page.getByRole('tab', { name: 'Notes' }).click();
    const note = `Ring the bell twice (${size.width} px)`;
    await page.getByRole('textbox', { name: 'Add an internal note' }).fill(note);
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Note added successfully')).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: note });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Super Admin · ');
    await screen(page, `customer-notes-${size.width}`);

    // The Orders tab, filtered.
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByText(E2E_JOBS.returnOrder).first()).toBeVisible();
    if (size.width < 600) await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled' }).click();
    await expect(page.getByText('No orders match these filters.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Delivered' }).click();
    await expect(page.getByText(E2E_JOBS.returnOrder).first()).toBeVisible();
    await screen(page, `customer-orders-${size.width}`);
    // Nothing wider than the screen.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(size.width);
  });
}
