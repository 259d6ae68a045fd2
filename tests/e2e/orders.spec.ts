import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Works on the orders tests/e2e/prepare.ts places (E2E_JOBS): water jobs in two pin codes of
 * Mumbai, an emergency order whose status changes, a delivered order with a return request.
 */

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function openFromMenu(page: Page, group: string, entry: string) {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByText(group, { exact: true }).click();
  await nav.getByText(entry, { exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
});

test('filter the water jobs by pin code and download the job sheet of every matching job', async ({
  page,
}) => {
  await openFromMenu(page, 'Assigning Jobs', 'Water');
  await expect(page).toHaveURL(/\/admin-panel\/assigning-job\/water\/[^/]+\/1$/);
  await expect(
    page.getByRole('heading', { name: 'Assigning Jobs: Water', level: 1 }),
  ).toBeVisible();
  const all = E2E_JOBS.water['400050'].length + E2E_JOBS.water['400053'].length + 1;
  await expect(page.getByText(`Showing 1 to 10 out of ${all}`)).toBeVisible();

  await page.getByRole('combobox', { name: 'Pin Code' }).click();
  await page.getByRole('option', { name: '400050' }).click();
  const inPin = E2E_JOBS.water['400050'];
  await expect(page.getByText(`Showing 1 to 10 out of ${inPin.length}`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '400053' })).toHaveCount(0);
  await screen(page, 'assigning-jobs-water');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('orders.pdf');
  const file = await download.path();
  const { text } = await new PDFParse({ data: readFileSync(file) }).getText();
  // Every job of the pin code, not only the ten on the page; none of the other pin code.
  for (const orderId of inPin) expect(text).toContain(orderId);
  for (const orderId of E2E_JOBS.water['400053']) expect(text).not.toContain(orderId);
  expect(text).toContain('Water');
  expect(text).toContain('400050');
  expect(text).toContain(`${inPin.length} open job`);
  // Streamed from order/job-sheet: 'Page n' footers (a streamed sheet has no page total).
  expect(text).toMatch(/Page 1\b/);
  expect(text).not.toMatch(/Page \d+ of/);
});

test.describe('in a browser whose zone is UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('the order view says when the order was placed in India time', async ({ page }) => {
    // Found by its number: orders other specs place (live alerts, dispatch) come first.
    await page.goto(`/admin-panel/orders/1?q=${E2E_JOBS.statusOrder}`);
    const loaded = page.waitForResponse((r) => r.url().includes('/api/order/get-order/'));
    await rowWith(page, E2E_JOBS.statusOrder)
      .getByRole('link', { name: `View order ${E2E_JOBS.statusOrder}` })
      .click();
    const { createdAt } = (await (await loaded).json()).result.order as { createdAt: string };
    const inIndia = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    }).format(new Date(createdAt));
    const placedOn = page
      .locator('dt', { hasText: 'Placed On' })
      .locator('xpath=following-sibling::dd[1]');
    await expect(placedOn).toHaveText(inIndia);
    // The browser's own clock reads five and a half hours earlier.
    expect(await page.evaluate(() => new Date().getTimezoneOffset())).toBe(0);
  });
});

test("change an order's status, see it in the list and in the order's history", async ({
  page,
}) => {
  await page.goto(`/admin-panel/orders/1?q=${E2E_JOBS.statusOrder}`);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  const row = rowWith(page, E2E_JOBS.statusOrder);
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByLabel('Emergency')).toBeVisible();

  await row.getByRole('button', { name: `Edit status of order ${E2E_JOBS.statusOrder}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Status' });
  await dialog.getByRole('radio', { name: 'Out for Delivery' }).check();
  await screen(page, 'orders-status-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Order status updated to Out for Delivery.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Out for Delivery', { exact: true })).toBeVisible();

  await page.goto('/admin-panel/orders/1?status=Out%20for%20Delivery');
  await expect(rowWith(page, E2E_JOBS.statusOrder)).toBeVisible();
  await expect(page.getByText('Showing 1 to 1 out of 1')).toBeVisible();

  await rowWith(page, E2E_JOBS.statusOrder)
    .getByRole('link', { name: `View order ${E2E_JOBS.statusOrder}` })
    .click();
  await expect(page).toHaveURL(/\/admin-panel\/order\/view\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'View Order', level: 1 })).toBeVisible();
  const history = page.getByRole('region', { name: 'Status History' });
  await expect(history.getByText('Super Admin')).toBeVisible();
  await expect(history.getByText('Placed by the customer')).toBeVisible();
  // Mark As Delivered is offered only while the order is Pending.
  await expect(page.getByRole('button', { name: 'Mark As Delivered' })).toHaveCount(0);
  await screen(page, 'order-view');

  // The view survives a reload: it loads the order by id.
  await page.reload();
  await expect(history.getByText('Super Admin')).toBeVisible();
});

test('set two orders Out for Delivery at once with the row checkboxes', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/admin-panel/orders/1');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  const rows = E2E_JOBS.bulkOrders.map((orderId) => rowWith(page, orderId));
  for (const row of rows) {
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await row.getByRole('checkbox').check();
  }
  await expect(page.getByText('2 orders selected')).toBeVisible();
  await screen(page, 'orders-bulk-selected');

  await page.getByRole('button', { name: 'Set status' }).click();
  const chooser = page.getByRole('dialog', { name: 'Set the status of 2 orders' });
  await chooser.getByRole('radio', { name: 'Out for Delivery' }).check();
  await chooser.getByRole('button', { name: 'Next' }).click();
  const confirm = page.getByRole('dialog', { name: 'Set 2 orders to Out for Delivery?' });
  await expect(confirm).toBeVisible();
  // The picture once the chooser has faded out and the question in.
  await expect(page.locator('.MuiDialog-container')).toHaveCount(1);
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await screen(page, 'orders-bulk-confirm');
  await confirm.getByRole('button', { name: 'Set status' }).click();

  await expect(page.getByText('2 orders updated to Out for Delivery.')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  for (const row of rows) {
    await expect(row.getByText('Out for Delivery', { exact: true })).toBeVisible();
    await expect(row.getByRole('checkbox')).not.toBeChecked();
  }
  await expect(page.getByText('2 orders selected')).toHaveCount(0);

  // Each order has its own step in its history, by the admin.
  await rows[0]!.getByRole('link', { name: `View order ${E2E_JOBS.bulkOrders[0]}` }).click();
  const history = page.getByRole('region', { name: 'Status History' });
  await expect(history.getByText('Super Admin')).toBeVisible();
  await expect(history.getByText('Out for Delivery')).toBeVisible();
});

test('on a phone, the orders are a line each: sort, select, edit a status and open one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin-panel/orders/1?pincode=400053');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  const [first, second, , last] = E2E_JOBS.water['400053'];
  const line = (orderId: string) => page.getByRole('listitem').filter({ hasText: orderId });
  await expect(line(first!)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  // The number, a status, then the customer, day and amount: what the table's columns said.
  await expect(line(first!)).toContainText(/\d{2}-\d{2}-\d{4} · ₹/);
  await expect(line(first!).locator('.MuiChip-root')).toHaveCount(1);
  const shownOrder = async () =>
    (await page.getByRole('listitem').allTextContents())
      .map((text) => text.match(/ODE2EW53\d{4}/)?.[0])
      .filter(Boolean);
  // Newest first by default: the last placed comes first.
  expect((await shownOrder())[0]).toBe(last);

  await page.getByRole('button', { name: 'Sort by date descending' }).click();
  await page.getByRole('menuitem', { name: 'Order ID ascending' }).click();
  await expect(page).toHaveURL(/sort=orderId&order=ASC/);
  await expect.poll(shownOrder).toEqual([...E2E_JOBS.water['400053']]);

  await line(first!)
    .getByRole('checkbox', { name: `Select ${first}` })
    .check();
  await line(second!)
    .getByRole('checkbox', { name: `Select ${second}` })
    .check();
  await expect(page.getByText('2 orders selected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set status' })).toBeVisible();
  const all = page.getByRole('checkbox', { name: 'Select all' });
  await all.check();
  const count = await page.getByRole('listitem').count();
  await expect(page.getByText(`${count} orders selected`)).toBeVisible();
  await screen(page, 'orders-phone-selected-390');
  await all.uncheck();
  await expect(page.getByText(/orders? selected/)).toBeHidden();

  await line(first!)
    .getByRole('button', { name: `Edit status of order ${first}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Update Status' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
  await screen(page, 'orders-phone-390');
  await line(first!).getByRole('link').click();
  await expect(page).toHaveURL(/\/admin-panel\/order\/view\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'View Order', level: 1 })).toBeVisible();
  await expect(page.getByRole('paragraph').filter({ hasText: first! })).toBeVisible();
});

test('approve a water return request once', async ({ page }) => {
  await openFromMenu(page, 'Return Management', 'Water Returns');
  await expect(
    page.getByRole('heading', { name: 'Water Return Requests', level: 1 }),
  ).toBeVisible();
  const row = rowWith(page, E2E_JOBS.returnOrder);
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin-panel\/return\/view\/[^/]+$/);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please select the status')).toBeVisible();
  await page.getByRole('radio', { name: 'Approved' }).check();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Two empty jars collected.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Return request approved.')).toBeVisible();
  await expect(page.getByText(/Approved on .+ by Super Admin/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await screen(page, 'return-approved');

  await page.goto('/admin-panel/returns/0/1');
  await expect(rowWith(page, E2E_JOBS.returnOrder).getByText('Approved')).toBeVisible();
});

test('reply to a support ticket and resolve it', async ({ page }) => {
  await openFromMenu(page, 'Support Management', 'Help');
  await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveCount(0);
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin-panel\/support\/view\/[^/]+$/);
  await expect(page.getByText(E2E_JOBS.ticket)).toBeVisible();
  await expect(page.getByText('No replies yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Reply' }).click();
  const dialog = page.getByRole('dialog');
  // The dialog starts on the ticket's own status (issue 37): only the reply is asked for.
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Unresolved');
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Resolved', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter reply.')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Reply' })
    .fill('Sorry about that. A sealed jar is on its way today.');
  await screen(page, 'support-reply');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reply sent.')).toBeVisible();
  // The admin stays with the customer's tickets (the spec's client went back to Help).
  await expect(page).toHaveURL(/\/admin-panel\/support\/view\/[^/]+$/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Sorry about that. A sealed jar is on its way today.')).toBeVisible();
  await expect(page.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reply' })).toHaveCount(0);
});
