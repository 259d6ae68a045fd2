import type { Page } from '@playwright/test';
import { apiOf, E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Credit and debit notes (issue 38), at 1366 and 390 px. A water order of its own (a pin code no
 * other spec counts), delivered: its view lists no notes yet; Issue credit note refuses more
 * than a line has left with the server's words, then credits ₹10 of the jar; taking the order
 * back issues a credit note for the rest and delivering it again a debit note, each listed with
 * its PDF. Reports → Credit notes shows them with the month's totals. The order ends Delivered.
 */

// As the returnables and order-guards specs save them (the same prefix).
const BUSINESS = {
  legalName: 'Doorstep Test Services Private Limited',
  gstin: '27AAPFU0939F1ZV',
  address: '5 Linking Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
  invoicePrefix: 'TS',
};

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

/** The page fits the screen (no sideways scroll). */
async function fits(page: Page) {
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(inner);
}

/** Changes the status from the view's dialog, with a reason. */
async function changeStatus(page: Page, status: string, reason: string) {
  await page.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Status' });
  await dialog.getByRole('radio', { name: status }).check();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Order status updated to ${status}.`)).toBeVisible();
}

test('credit part of an invoice, take the order back and deliver it again: each note listed with its PDF', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await loginAs(page, SUPER_ADMIN);
  const api = await apiOf(page);

  const saved = await api.postRaw('settings/save-business', BUSINESS);
  expect(saved.status(), await saved.text()).toBe(200);
  const { customerId, addressId, pincode } = await customerAddress(api);
  const added = await api.postRaw('pincode/add', { pinCode: pincode, pinType: 'Home' });
  expect([200, 409]).toContain(added.status());
  const { categories } = await api.get('category/view-all-categories?limit=100');
  const water = (categories as { _id: string; name: string }[]).find((c) => c.name === 'Water')!;
  const [jar] = (await api.get(`product/by-category?searchId=${water._id}`)) as {
    _id: string;
    name: string;
  }[];
  const { order } = await api.post('order/place-order', {
    customerId,
    addressId,
    productId: jar!._id,
    quantity: 2,
    returnQuantity: 0,
    deliveryTime: '7:00 AM - 9:00 AM',
    paymentMethod: 'Cash on Delivery',
  });
  await api.post('order/update-status', { orderId: order._id, status: 'Delivered' });
  const { order: delivered } = await api.get(`order/get-order/${order._id}`);
  const jarLine = delivered.invoice.lines[0] as { description: string; left: number };
  const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

  const view = `/admin-panel/order/view/${order._id}`;
  await page.goto(view);
  const invoice = page.getByRole('region', { name: 'Tax Invoice' });
  await expect(invoice).toContainText('No credit or debit notes against this invoice.');

  // More than the jar's line has left: the server's 409 stays in the dialog; nothing is issued.
  await invoice.getByRole('button', { name: 'Issue credit note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue a credit note' });
  await expect(dialog).toContainText(`Line 1: ${jarLine.description}`);
  await expect(dialog).toContainText(`${rupees.format(jarLine.left)} left`);
  const amount = dialog.getByRole('spinbutton').first();
  await amount.fill(String(jarLine.left + 1));
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('One jar was short-filled');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `Line 1, ${jarLine.description}, has ₹${jarLine.left.toFixed(2)} left to credit. Nothing was issued.`,
  );
  await screen(page, 'credit-note-dialog-1366');
  await amount.fill('10');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(page.getByText(/^Credit note CN\/\d\d-\d\d\/\d{6} issued\.$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  const notes = invoice.getByRole('list', { name: 'Credit and debit notes' });
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(notes).toContainText('Part credited');
  await expect(notes).toContainText('Reason: One jar was short-filled');

  // Its PDF, named after its number.
  const downloading = page.waitForEvent('download');
  await notes.getByRole('button', { name: /^Download CN\// }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^credit-note-CN-\d\d-\d\d-\d{6}\.pdf$/);

  // Taken back: a credit note for the rest; delivered again: a debit note giving that back.
  await changeStatus(page, 'Pending', 'Customer was not home');
  await expect(notes.getByRole('listitem')).toHaveCount(2);
  await expect(notes.getByRole('listitem').nth(1)).toContainText('Taken back from Delivered');
  await changeStatus(page, 'Delivered', 'Delivered on the second try');
  await expect(notes.getByRole('listitem')).toHaveCount(3);
  await expect(notes.getByRole('listitem').nth(2)).toContainText(/DN\/\d\d-\d\d\/\d{6}/);
  await expect(notes.getByRole('listitem').nth(2)).toContainText('Delivered again');
  await fits(page);
  await screen(page, 'credit-notes-view-1366');

  // On a phone: the same notes, and the page fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(view);
  await expect(
    page.getByRole('list', { name: 'Credit and debit notes' }).getByRole('listitem'),
  ).toHaveCount(3);
  await fits(page);
  await screen(page, 'credit-notes-view-390');
  await page.setViewportSize({ width: 1366, height: 800 });
});

test('Reports → Credit notes lists this month’s notes with their totals and PDFs', async ({
  page,
}) => {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await loginAs(page, SUPER_ADMIN);
    await page.goto('/admin-panel/reports?tab=credit-notes');
    await expect(page.getByRole('tab', { name: 'Credit notes', selected: true })).toBeVisible();
    const totals = page.getByLabel('Totals of these days');
    await expect(totals).toContainText(/[1-9]\d* credit notes?/);
    await expect(totals).toContainText(/1 debit note|\d+ debit notes/);
    // Each note names its order: a link on a desk; on a phone the note's line opens the order.
    if (width > 500) await expect(page.getByRole('link', { name: /^OD/ }).first()).toBeVisible();
    else await expect(page.getByText(/^OD\w+ · /).first()).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /^Download (CN|DN)\// })
      .first()
      .click();
    expect((await downloading).suggestedFilename()).toMatch(/^(credit|debit)-note-(CN|DN)-/);
    await fits(page);
    await screen(page, `credit-notes-report-${width}`);
    // A range the other way round is refused before anything is asked.
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2026-12-31');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2026-01-01');
    await expect(page.getByText('The From date must be on or before the To date.')).toBeVisible();
    await page.evaluate(() => localStorage.clear());
  }
});
