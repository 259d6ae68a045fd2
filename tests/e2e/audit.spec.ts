import type { Page } from '@playwright/test';
import { apiOf, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * The audit log in words (issue 37): a price changed on the pricing screen and a customer blocked
 * from the list read as sentences, with their before → after, and each entry opens its record.
 * Works on the 20 L Water Jar (₹90) and the first customer that prepare.ts makes, and puts both
 * back as they were for the specs after it.
 */

const JAR = '20 L Water Jar';

async function waterCategoryId(page: Page): Promise<string> {
  const { categories } = await (await apiOf(page)).get('category/view-all-categories?limit=100');
  return (categories as { _id: string; name: string }[]).find((c) => c.name === 'Water')!._id;
}

test('a price change and a block read as words, with before → after, at 1366 and 390 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, SUPER_ADMIN);

  // Change the jar's price from ₹90 to ₹95 on the pricing screen.
  await page.goto(`/admin-panel/pricing/water/${await waterCategoryId(page)}`);
  const price = page.getByRole('spinbutton', { name: `Price (₹) of ${JAR}`, exact: true });
  await expect(price).toHaveValue('90');
  await price.fill('95');
  await page.getByRole('button', { name: `Save ${JAR}` }).click();
  await expect(page.getByText(`Product ${JAR} updated successfully`)).toBeVisible();

  // Block the first active customer from the list.
  await page.goto('/admin-panel/user/active-users/1');
  const first = page.getByRole('row').nth(1);
  const name = (await first.getByRole('cell').nth(2).innerText()).trim();
  await first.getByRole('button', { name: `Block ${name}` }).click();
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('User blocked successfully')).toBeVisible();
  const blocked = `Blocked customer ${name}`;

  // Both read as words in the audit log, with what they changed.
  await page.goto('/admin-panel/audit-log/1');
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  const priceWords = `Changed the price of ${JAR} from ₹90 to ₹95`;
  const priceRow = page.getByRole('row').filter({ hasText: priceWords });
  await expect(priceRow).toBeVisible();
  await expect(priceRow.getByText('Price: ₹90 → ₹95')).toBeVisible();
  const blockRow = page.getByRole('row').filter({ hasText: blocked });
  await expect(blockRow).toBeVisible();
  await expect(blockRow.getByText('Status: Active → Blocked')).toBeVisible();
  await expect(page.getByText('/api/')).toHaveCount(0);
  await screen(page, 'audit-log-1366');

  // Each entry opens its record.
  await priceRow.getByRole('link', { name: `Open: ${priceWords}` }).click();
  await expect(page).toHaveURL(/\/admin-panel\/product\/view\/[^/]+$/);
  await expect(page.getByText(JAR).first()).toBeVisible();

  // At 390 px: the entries as lines, the changes under the words; a line opens the record.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin-panel/audit-log/1');
  const line = page.getByRole('link').filter({ hasText: blocked });
  await expect(line).toBeVisible();
  await expect(line.getByText('Status: Active → Blocked')).toBeVisible();
  await expect(page.getByRole('link').filter({ hasText: priceWords })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screen(page, 'audit-log-390');
  await line.click();
  await expect(page).toHaveURL(/\/admin-panel\/user\/view\/[^/]+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Put the jar's price and the customer back for the specs after this one.
  const api = await apiOf(page);
  const userId = page.url().split('/').pop()!;
  await api.post('user/update-user-status', { userId, status: 'Active' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/admin-panel/pricing/water/${await waterCategoryId(page)}`);
  await price.fill('90');
  await page.getByRole('button', { name: `Save ${JAR}` }).click();
  await expect(page.getByText(`Product ${JAR} updated successfully`)).toBeVisible();
});
