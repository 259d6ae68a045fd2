import type { Page } from '@playwright/test';
import { apiOf, E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Guarded order changes and the order's relatives (issue 37), at 1366 and 390 px. A water order
 * of its own (a pin code no other spec counts) given to a rider of its own: Mark As Delivered
 * stays on the order and its invoice downloads; taking it back from Delivered asks a reason,
 * which the history shows; the view links the customer and the rider. It ends Delivered again
 * (an invoiced order: that too asks a reason), so that no other spec's open jobs change.
 */

// As the returnables spec saves them (the same prefix, so its invoice reads as it expects).
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

test('take an order back from Delivered with a reason; mark delivered stays; links open the customer and rider', async ({
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
  const [jar] = (await api.get(`product/by-category?searchId=${water._id}`)) as { _id: string }[];
  const { order } = await api.post('order/place-order', {
    customerId,
    addressId,
    productId: jar!._id,
    quantity: 1,
    returnQuantity: 0,
    deliveryTime: '7:00 AM - 9:00 AM',
    paymentMethod: 'Cash on Delivery',
  });
  const { rider } = await api.post('rider/create-rider', {
    name: 'Meena Guards',
    phone: '9845098450',
    vehicle: 'MH-02-CD-5678',
    pincodes: [pincode],
    shift: 'Both',
  });
  await api.post('order/assign-rider', { orderIds: [order._id], riderId: rider._id });

  // Mark As Delivered: one click, and the view stays on the order with its invoice at hand.
  const view = `/admin-panel/order/view/${order._id}`;
  await page.goto(view);
  await expect(page.getByRole('heading', { name: 'View Order', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Mark As Delivered' }).click();
  await expect(page.getByText('Order status updated to Delivered.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${view}$`));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^invoice-TS-\d\d-\d\d-\d{6}\.pdf$/);
  await expect(page.getByRole('region', { name: 'Tax Invoice' })).toContainText(/TS\/\d\d-\d\d\//);

  // Taken back from Delivered: the dialog says what happens and will not save without a reason.
  await page.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Status' });
  await dialog.getByRole('radio', { name: 'Pending' }).check();
  await expect(dialog).toContainText(`Order ${order.orderId} was delivered.`);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await screen(page, 'order-guard-dialog-1366');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Customer was not home');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Order status updated to Pending.')).toBeVisible();
  await expect(
    page.getByRole('cell', { name: 'Delivered → Pending (Customer was not home)' }),
  ).toBeVisible();
  await fits(page);
  await screen(page, 'order-guards-view-1366');

  // On a phone: the links, and delivering the invoiced order again asks a reason too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(view);
  await expect(page.getByRole('heading', { name: 'View Order', level: 1 })).toBeVisible();
  await fits(page);
  await screen(page, 'order-guards-view-390');
  await page.getByRole('button', { name: 'Mark As Delivered' }).click();
  const again = page.getByRole('dialog', { name: 'Update Status' });
  await expect(again.getByRole('radio', { name: 'Delivered' })).toBeChecked();
  await expect(again).toContainText(/has tax invoice TS\//);
  await again.getByRole('textbox', { name: 'Reason' }).fill('Delivered on the second try');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Order status updated to Delivered.')).toBeVisible();

  const riderPart = page.getByRole('region', { name: 'Rider' });
  await expect(riderPart.getByRole('link', { name: '+91 98450 98450' })).toHaveAttribute(
    'href',
    'tel:9845098450',
  );
  await riderPart.getByRole('link', { name: 'Meena Guards' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-panel/rider/view/${rider._id}$`));
  await page.goBack();
  const customer = page.getByRole('region', { name: 'Customer' });
  await customer.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/admin-panel/user/view/${customerId}`));
  await page.setViewportSize({ width: 1366, height: 800 });
});

test('the orders list downloads the invoices of a range of days', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin-panel/orders/1');
  await page.getByRole('button', { name: 'Invoices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download invoices' });
  await expect(dialog).toContainText('at most 31 days');
  await screen(page, 'order-invoices-dialog-390');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^invoices-.+\.pdf$/);
  await page.setViewportSize({ width: 1366, height: 800 });
});
