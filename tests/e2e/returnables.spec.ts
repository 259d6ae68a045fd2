import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { apiOf, E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Jars and tax invoices (issue 16) end to end. tests/e2e/prepare.ts makes the 20 L jar
 * returnable and delivers two jars to a customer (E2E_JOBS.ledgerOrder) who asks one back. Here:
 * the business details are saved on their form, another order of two jars to that customer is
 * marked delivered on View Order and the customer's outstanding jars rise by two, the return is
 * approved and they fall by one, and the order's tax invoice is downloaded and read. The new
 * order is placed on a pin code no other spec counts and ends Delivered.
 */

// A real-format GSTIN of Maharashtra (27) with a valid check character: the customers of
// prepare.ts live in Mumbai, so the invoice charges CGST and SGST.
const BUSINESS = {
  legalName: 'Doorstep Test Services Private Limited',
  gstin: '27AAPFU0939F1ZV',
  address: '5 Linking Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
  prefix: 'TS',
};

/** The 20 L jars the customer's Jars & cylinders tab says they hold. */
async function jarsHeld(page: Page, userId: string): Promise<number> {
  await page.goto(`/admin-panel/user/view/${userId}?tab=returnables`);
  const balances = page.getByRole('table', { name: 'Balances' });
  const row = balances.getByRole('row').filter({ hasText: '20 L Water Jar' });
  await expect(row).toBeVisible();
  // The item heads the row; then issued, returned, outstanding, ...
  return Number(await row.getByRole('cell').nth(2).innerText());
}

test('a delivery raises the jars a customer holds, an approved return lowers them, and the invoice reads right', async ({
  page,
}) => {
  await loginAs(page, SUPER_ADMIN);
  const api = await apiOf(page);

  // The business's details, on their form under Settings.
  await page.goto('/admin-panel/business-details');
  await expect(page.getByRole('heading', { name: 'Business details' }).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Legal name' }).fill(BUSINESS.legalName);
  const gstin = page.getByRole('textbox', { name: 'GSTIN' });
  await gstin.fill('27AAPFU0939F1ZW');
  await expect(
    page.getByText("The GSTIN's last character should be V: check it for a typo."),
  ).toBeVisible();
  await gstin.fill(BUSINESS.gstin);
  await expect(page.getByText('Registered in Maharashtra (27).')).toBeVisible();
  await page.getByRole('textbox', { name: 'Address' }).fill(BUSINESS.address);
  await page.getByRole('textbox', { name: 'City' }).fill(BUSINESS.city);
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveText(BUSINESS.state);
  await page.getByRole('textbox', { name: 'Pin Code' }).fill(BUSINESS.pincode);
  await page.getByRole('textbox', { name: 'Invoice prefix' }).fill(BUSINESS.prefix);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Business details saved successfully')).toBeVisible();

  // The customer of the prepared delivery, and a second order of two jars to them.
  const { orders } = await api.get(`order/view-all-orders?search=${E2E_JOBS.ledgerOrder}`);
  const held = orders.find((o: { orderId: string }) => o.orderId === E2E_JOBS.ledgerOrder);
  const userId: string = held.userId;
  const { user } = await api.get(`user/get-user/${userId}`);
  const address = (user.addresses as { _id: string; pincode: string; state: string }[]).find(
    (a) => /^\d{6}$/.test(a.pincode) && !(E2E_JOBS.pins as readonly string[]).includes(a.pincode),
  );
  expect(address, 'the customer has an address on a pin code no other spec counts').toBeTruthy();
  // A service area (the dispatch spec may have made it one already).
  const added = await api.postRaw('pincode/add', { pinCode: address!.pincode, pinType: 'Home' });
  expect([200, 409]).toContain(added.status());
  const { order } = await api.post('order/place-order', {
    customerId: userId,
    addressId: address!._id,
    productId: held.productId._id,
    quantity: 2,
    returnQuantity: 0,
    deliveryTime: '7:00 AM - 9:00 AM',
    paymentMethod: 'Cash on Delivery',
  });

  const before = await jarsHeld(page, userId);
  expect(before).toBe(2);

  // Delivered on View Order: the two jars are the customer's now.
  await page.goto(`/admin-panel/order/view/${order._id}`);
  // One click, no question (issue 37), and the view stays on the order.
  await page.getByRole('button', { name: 'Mark As Delivered' }).click();
  await expect(page.getByText(/Order status updated to Delivered/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download invoice' })).toBeVisible();
  expect(await jarsHeld(page, userId)).toBe(before + 2);
  await expect(page.getByRole('row').filter({ hasText: order.orderId })).toContainText('+2');
  await screen(page, 'customer-jars-1366');

  // On a phone the same, an item and an entry per line with its figures under it.
  await page.setViewportSize({ width: 390, height: 844 });
  // Reloaded, as a phone opens it: with the sidebar closed (resized, the desktop's stays open).
  await page.reload();
  const phoneBalance = page
    .getByRole('list', { name: 'Balances' })
    .getByRole('listitem')
    .filter({ hasText: '20 L Water Jar' });
  await expect(phoneBalance).toContainText(`Outstanding ${before + 2}`);
  const phoneEntry = page
    .getByRole('list', { name: 'Ledger' })
    .getByRole('listitem')
    .filter({ hasText: order.orderId });
  await expect(phoneEntry).toContainText(/^Delivered · 20 L Water Jar\s*\+2/);
  await expect(page.getByRole('table')).toHaveCount(0);
  await screen(page, 'customer-jars-390');
  await page.setViewportSize({ width: 1366, height: 800 });

  // The return of one jar approved: one fewer.
  await page.goto('/admin-panel/returns/0/1');
  await page
    .getByRole('row')
    .filter({ hasText: E2E_JOBS.ledgerOrder })
    .getByRole('link')
    .first()
    .click();
  await page.getByRole('radio', { name: 'Approved' }).check();
  await page.getByRole('textbox', { name: 'Reason' }).fill('One empty jar collected at the door.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Return request approved.')).toBeVisible();
  expect(await jarsHeld(page, userId)).toBe(before + 1);
  await expect(page.getByRole('cell', { name: 'Returned', exact: true })).toBeVisible();

  // The outstanding list finds them too.
  const name = `${user.firstName} ${user.lastName}`;
  await page.goto(`/admin-panel/outstanding-returnables/1?q=${encodeURIComponent(name)}`);
  await expect(
    page.getByRole('heading', { name: 'Outstanding returnables', level: 1 }),
  ).toBeVisible();
  const listed = page.getByRole('row').filter({ hasText: name }).filter({ hasText: '20 L' });
  await expect(listed).toHaveCount(1);
  await expect(listed.getByRole('cell', { name: String(before + 1), exact: true })).toBeVisible();
  await screen(page, 'outstanding-returnables-1366');

  // The tax invoice of the delivered order, downloaded from View Order and read.
  await page.goto(`/admin-panel/order/view/${order._id}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^invoice-TS-\d\d-\d\d-\d{6}\.pdf$/);
  const { text } = await new PDFParse({ data: readFileSync(await download.path()) }).getText();
  expect(text).toContain('Tax Invoice');
  expect(text).toMatch(/TS\/\d\d-\d\d\/\d{6}/);
  expect(text).toContain(BUSINESS.gstin);
  expect(text).toContain(order.orderId);
  // CGST and SGST within the seller's state, IGST to another.
  if (address!.state === BUSINESS.state) {
    expect(text).toContain('CGST');
    expect(text).not.toContain('IGST');
  } else {
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
  }
  // Two jars at ₹150 deposit each, apart from the taxed goods.
  expect(text).toContain('300.00');
  expect(text).toMatch(/Rupees .+ Only/);
});
