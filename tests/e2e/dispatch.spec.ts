import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { indiaDay, indiaMidnight } from '@shared/time';
import { apiOf, E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Dispatch (issue 15) end to end: a rider added on the panel, five jobs of the rider's pin code
 * given to the rider in bulk and found under the rider, the run sheet downloaded and read, the
 * run handed off, the jobs delivered cash on delivery and the cash recorded. The jobs are placed
 * here through the API on a pin code of their own, and end Delivered, so that the open water
 * jobs the other specs count (tests/e2e/prepare.ts) are as they were.
 */

const RIDER = { name: 'Ravi Kumar', phone: '98450 12345', vehicle: 'MH-02-AB-1234' };

/**
 * The browser's clock (page.clock): ten minutes past midnight in India on today's India day,
 * when the UTC day is still yesterday. The server keeps the real clock, on the same India day.
 */
const CLOCK = new Date(indiaMidnight(indiaDay(new Date())).getTime() + 10 * 60_000);
/** Today in India, as the server's run days are: by the product's own India-day function. */
const today = indiaDay(CLOCK);

/** A customer with an address outside the pin codes the other specs count, and the address. */
async function customerAddress(api: Awaited<ReturnType<typeof apiOf>>) {
  const { users } = await api.get('user/all-users?limit=50');
  for (const user of users as { _id: string }[]) {
    const { user: full } = await api.get(`user/get-user/${user._id}`);
    const address = (full.addresses as { _id: string; pincode: string }[]).find(
      (a) => /^\d{6}$/.test(a.pincode) && !(E2E_JOBS.pins as readonly string[]).includes(a.pincode),
    );
    if (address) return { customerId: user._id, addressId: address._id, pincode: address.pincode };
  }
  throw new Error('No customer has an address on another pin code');
}

/** No page wider than the screen, then a screenshot for a person to review. */
async function fitsAndShoot(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    // As a phone opens the page: its sidebar starts closed, whatever the desktop left stored
    // (resized, the desktop's would stay open over the page), and the page is not hidden from
    // screen readers. Not 'networkidle': the panel keeps its live events stream open.
    if (width < 600) {
      await page.evaluate(() => localStorage.setItem('RaStore.sidebar.open', 'true'));
      await page.reload();
      await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    }
    await expect(page.getByText('Loading ...')).toHaveCount(0);
    const { scroll, inner, wide, wideTables } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
      // Nor a table scrolling sideways inside the page (on a phone, jobs are a line each).
      wideTables: [...document.querySelectorAll('table')].filter(
        (t) => t.getBoundingClientRect().width > t.parentElement!.clientWidth + 1,
      ).length,
      // What sticks out, to say where to look.
      wide: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map(
          (e) =>
            `${e.tagName}.${String(e.className).slice(0, 60)} "${e.textContent?.slice(0, 30)}"`,
        ),
    }));
    expect(
      scroll,
      `${name} is ${scroll}px wide on a ${inner}px screen: ${wide.join('; ')}`,
    ).toBeLessThanOrEqual(inner);
    if (width < 600) expect(wideTables, `${name} has a table wider than the screen`).toBe(0);
    await screen(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 800 });
  const open = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  if (await open.isVisible()) await open.click();
}

test('a rider gets five jobs in bulk, prints the run, hands off and settles the cash', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.clock.install({ time: CLOCK });
  await page.setViewportSize({ width: 1366, height: 800 });
  await loginAs(page, SUPER_ADMIN);
  const api = await apiOf(page);

  // Five cash-on-delivery water jobs on a pin code of their own, made a service area.
  const { customerId, addressId, pincode } = await customerAddress(api);
  await api.post('pincode/add', { pinCode: pincode, pinType: 'Home' });
  const { categories } = await api.get('category/view-all-categories?limit=100');
  const water = (categories as { _id: string; name: string }[]).find((c) => c.name === 'Water')!;
  const [jar] = (await api.get(`product/by-category?searchId=${water._id}`)) as { _id: string }[];
  const jobs: { _id: string; orderId: string }[] = [];
  for (let i = 0; i < 5; i++) {
    const { order } = await api.post('order/place-order', {
      customerId,
      addressId,
      productId: jar!._id,
      quantity: 2,
      returnQuantity: 2,
      deliveryTime: '7:00 AM - 9:00 AM',
      paymentMethod: 'Cash on Delivery',
    });
    jobs.push(order);
  }

  // The rider, added on the panel, serving that pin code.
  await page.goto('/admin-panel/riders/1');
  await expect(page.getByText('No results found')).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page.getByRole('heading', { name: 'Add Rider', level: 1 })).toBeVisible();
  await fitsAndShoot(page, 'rider-add');
  await page.getByRole('textbox', { name: 'Name' }).fill(RIDER.name);
  await page.getByRole('textbox', { name: 'Phone' }).fill(RIDER.phone);
  await page.getByRole('textbox', { name: 'Vehicle' }).fill(RIDER.vehicle);
  await page.getByRole('combobox', { name: 'Pin Codes' }).fill(pincode);
  await page.getByRole('option', { name: pincode, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Rider added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/riders\/1$/);
  const riderRow = page.getByRole('row').filter({ hasText: RIDER.name });
  await expect(riderRow).toContainText('+91 98450 12345');
  await expect(riderRow).toContainText(pincode);
  await fitsAndShoot(page, 'riders');

  // Five jobs of the pin code, selected together and given to the rider, picked first.
  await page.goto(`/admin-panel/assigning-job/water/${water._id}/1?pincode=${pincode}`);
  await expect(page.getByText('Showing 1 to 5 out of 5')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText('5 orders selected')).toBeVisible();
  await page.getByRole('button', { name: 'Assign to rider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign 5 jobs to a rider' });
  await expect(dialog.getByLabel('Run date')).toHaveValue(today);
  await dialog.getByRole('combobox', { name: 'Rider' }).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toContainText('Serve these pin codes');
  await listbox.getByRole('option', { name: new RegExp(RIDER.name) }).click();
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(`5 jobs assigned to ${RIDER.name}.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: RIDER.name })).toHaveCount(5);

  // Under the rider (the Rider filter, kept in the address with the list's pin code), and
  // none of the pin code's jobs left among the unassigned.
  await page.goto(`/admin-panel/assigning-job/water/${water._id}/1?pincode=${pincode}`);
  await page.getByRole('combobox', { name: 'Rider' }).click();
  await page.getByRole('option', { name: RIDER.name }).click();
  await expect(page).toHaveURL(/rider=[0-9a-f-]{36}/);
  await expect(page.getByText('Showing 1 to 5 out of 5')).toBeVisible();
  await fitsAndShoot(page, 'assigning-jobs-rider');
  await page.getByRole('combobox', { name: 'Rider' }).click();
  await page.getByRole('option', { name: 'Unassigned only' }).click();
  await expect(page).toHaveURL(/rider=none/);
  await expect(page.getByText('No results found.')).toBeVisible();

  // One unassigned (after asking) is back among the unassigned, then given back the same way.
  await page.getByRole('combobox', { name: 'Rider' }).click();
  await page.getByRole('option', { name: RIDER.name }).click();
  await expect(page.getByText('Showing 1 to 5 out of 5')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select this row' }).first().check();
  await page.getByRole('button', { name: 'Unassign' }).click();
  await expect(page.getByRole('dialog')).toContainText('Unassign 1 job?');
  await page.getByRole('dialog').getByRole('button', { name: 'Unassign' }).click();
  await expect(page.getByText('1 job unassigned.')).toBeVisible();
  await expect(page.getByText('Showing 1 to 4 out of 4')).toBeVisible();
  await page.getByRole('combobox', { name: 'Rider' }).click();
  await page.getByRole('option', { name: 'Unassigned only' }).click();
  await expect(page.getByText('Showing 1 to 1 out of 1')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select this row' }).first().check();
  await page.getByRole('button', { name: 'Assign to rider' }).click();
  const again = page.getByRole('dialog', { name: 'Assign 1 job to a rider' });
  await again.getByRole('combobox', { name: 'Rider' }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(RIDER.name) })
    .click();
  await again.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(`1 job assigned to ${RIDER.name}.`)).toBeVisible();
  await expect(page.getByText('No results found.')).toBeVisible();

  // The run of the day: the five jobs, the run sheet naming each of them.
  await page.goto('/admin-panel/riders/1');
  await page.getByRole('link', { name: `Today's run: ${RIDER.name}` }).click();
  await expect(page.getByRole('heading', { name: `${RIDER.name}'s run`, level: 1 })).toBeVisible();
  const runRows = page.getByRole('row').filter({ hasText: pincode });
  await expect(runRows).toHaveCount(5);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download run sheet' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^run-sheet-.*\.pdf$/);
  const { text } = await new PDFParse({ data: readFileSync(await download.path()) }).getText();
  for (const job of jobs) expect(text).toContain(job.orderId);
  expect(text).toContain(RIDER.name);

  // Hand-off: the five Pending jobs go Out for Delivery.
  await page.getByRole('button', { name: 'Hand off' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Hand off 5 jobs?');
  await confirm.getByRole('button', { name: 'Hand off' }).click();
  await expect(page.getByText('5 orders updated to Out for Delivery.')).toBeVisible();
  await expect(runRows.filter({ hasText: 'Out for Delivery' })).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Hand off' })).toBeDisabled();
  await fitsAndShoot(page, 'rider-run');

  // Delivered, cash on delivery (through the API, as the rider's app would).
  await api.post('order/bulk-update-status', {
    orderIds: jobs.map((j) => j._id),
    status: 'Delivered',
  });

  // The cash: all of it expected, a part handed in, the difference left.
  await page.goto('/admin-panel/dashboard');
  const card = page.getByRole('region', { name: 'Dispatch today' });
  await expect(card.getByRole('row').filter({ hasText: RIDER.name })).toContainText('5');
  await card.getByRole('link', { name: 'Cash on delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Cash on delivery', level: 1 })).toBeVisible();
  const cashRow = page.getByRole('row').filter({ hasText: RIDER.name });
  await expect(cashRow.getByRole('cell').nth(0)).toHaveText('5');
  const expected = (await cashRow.getByRole('cell').nth(1).textContent())!;
  const owed = Number(expected.replace(/[^\d.]/g, ''));
  expect(owed).toBeGreaterThan(100);
  await cashRow.getByRole('button', { name: `Record cash for ${RIDER.name}` }).click();
  const cashDialog = page.getByRole('dialog', { name: `Record cash: ${RIDER.name}` });
  const amount = cashDialog.getByRole('textbox', { name: 'Amount (₹)' });
  await expect(amount).toHaveValue(String(owed));
  await amount.fill(String(owed - 100));
  await cashDialog.getByRole('button', { name: 'Record' }).click();
  await expect(
    page.getByText(new RegExp(`^Cash of ₹.* recorded for ${RIDER.name}\\.$`)),
  ).toBeVisible();
  await expect(cashRow.getByRole('cell').nth(3)).toHaveText('₹100.00');
  await expect(cashRow).toContainText('by Super Admin');
  await fitsAndShoot(page, 'rider-cash');

  // The job's history says who gave it to whom.
  await page.goto(`/admin-panel/assigning-job/view/${jobs[0]!._id}`);
  await expect(page.getByRole('table', { name: 'Status History' })).toContainText(
    `Assigned to ${RIDER.name}`,
  );

  // The rider, and the dashboard's card.
  await page.goto('/admin-panel/riders/1');
  await page.getByRole('link', { name: `View ${RIDER.name}` }).click();
  await expect(page.getByRole('heading', { name: RIDER.name, level: 1 })).toBeVisible();
  await fitsAndShoot(page, 'rider-view');
  await page.goto('/admin-panel/dashboard');
  await expect(page.getByRole('region', { name: 'Dispatch today' })).toBeVisible();
  await fitsAndShoot(page, 'dashboard-dispatch');
});
