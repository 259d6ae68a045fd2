import type { Page } from '@playwright/test';
import { apiOf, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * New order (issue 37) as an operator takes a call: at 1366 px from the customer's view (found
 * again by phone on the screen), at 390 px for a caller who is not a customer yet, added on the
 * spot. Each fills the order, sees the server's price, places it and lands on the order.
 */

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Water, the 20 L jar, `quantity` of them; then the server's price shows its total. */
async function fillWaterOrder(page: Page, quantity: number) {
  await page.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: 'Water' }).click();
  await page.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: /20 L Water Jar/ }).click();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
}

/** The price panel once it shows the total the server answers for `body`. */
async function expectPreviewOf(page: Page, body: object) {
  const api = await apiOf(page);
  const preview = await api.post('order/price-preview', body);
  const panel = page.getByTestId('price-preview');
  await expect(panel).toContainText('Total');
  await expect(panel).toContainText(rupees.format(preview.preview.totalAmount));
  await expect(panel).toContainText('GST');
  return preview.preview;
}

async function waterJarId(page: Page) {
  const api = await apiOf(page);
  const { categories } = await api.get('category/view-all-categories?page=1&limit=100');
  const water = categories.find((c: { kind: string }) => c.kind === 'water');
  const products = await api.get(`product/by-category?searchId=${water._id}`);
  const list = Array.isArray(products) ? products : (products.products ?? products.data);
  return list.find((p: { name: string }) => /20 L Water Jar/.test(p.name))._id as string;
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("a caller's order is taken: found by phone, priced, placed and opened", async ({ page }) => {
    test.setTimeout(90_000);
    await loginAs(page, SUPER_ADMIN);
    const api = await apiOf(page);
    const { users } = await api.get(
      'user/all-users?page=1&limit=12&status=Active&withAddress=true',
    );
    const customer = users.find((u: { defaultAddress: unknown }) => u.defaultAddress);
    await api.postRaw('pincode/add', { pinCode: customer.defaultAddress.pincode });
    const name = `${customer.firstName} ${customer.lastName}`;

    // New Order sits at the top of Orders Management.
    await page.goto('/admin-panel/orders/1');
    await page.getByRole('link', { name: 'New Order' }).click();
    await expect(page).toHaveURL(/\/admin-panel\/order\/new$/);
    await expect(page.getByRole('heading', { name: 'New Order', level: 1 })).toBeVisible();
    await expect(page.getByTestId('price-preview')).toContainText('Choose the customer');

    // Found by part of the phone, as a caller gives it: the match shows the default address.
    await page.getByRole('combobox', { name: 'Customer' }).fill(customer.phone.slice(0, 6));
    const option = page.getByRole('option', { name: new RegExp(name) });
    await expect(option).toContainText(customer.defaultAddress.pincode);
    await option.click();
    await expect(
      page.getByRole('radio', { name: new RegExp(customer.defaultAddress.pincode) }).first(),
    ).toBeChecked();

    await fillWaterOrder(page, 2);
    await page.getByLabel('Emergency delivery').check();
    await page.getByRole('textbox', { name: 'Special instructions' }).fill('Ring twice.');
    const preview = await expectPreviewOf(page, {
      customerId: customer._id,
      addressId: customer.defaultAddress._id,
      productId: await waterJarId(page),
      quantity: 2,
      isEmergency: true,
      paymentMethod: 'Cash on Delivery',
    });
    await screen(page, 'new-order-1366');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/admin-panel\/order\/view\/[^/]+$/);
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText('Ring twice.')).toBeVisible();
    await expect(page.getByText(rupees.format(preview.totalAmount)).first()).toBeVisible();
  });

  test("the customer's view opens New order with them chosen", async ({ page }) => {
    await loginAs(page, SUPER_ADMIN);
    const api = await apiOf(page);
    const { users } = await api.get(
      'user/all-users?page=1&limit=12&status=Active&withAddress=true',
    );
    const customer = users.find((u: { defaultAddress: unknown }) => u.defaultAddress);
    await page.goto(`/admin-panel/user/view/${customer._id}`);
    await page.getByRole('link', { name: 'New order' }).click();
    await expect(page).toHaveURL(/\/admin-panel\/order\/new\?userId=/);
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(
      new RegExp(customer.firstName),
    );
    await expect(
      page.getByRole('radio', { name: new RegExp(customer.defaultAddress.pincode) }).first(),
    ).toBeChecked();
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a new caller is added with their address, then their order placed', async ({ page }) => {
    test.setTimeout(90_000);
    await loginAs(page, SUPER_ADMIN);
    const api = await apiOf(page);
    await api.postRaw('pincode/add', { pinCode: '560076' });
    const phone = `7${String(Date.now()).slice(-9)}`;

    await page.goto('/admin-panel/order/new');
    await page.getByRole('combobox', { name: 'Customer' }).fill(phone);
    await page.getByRole('option', { name: /Add new customer/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new customer' });
    await expect(dialog.getByRole('textbox', { name: 'Mobile number' })).toHaveValue(phone);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Meera');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Nair');
    await dialog.getByRole('textbox', { name: 'Address' }).fill('7 16th Main, BTM 2nd Stage');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Bengaluru');
    await dialog.getByRole('textbox', { name: 'Pin code' }).fill('560076');
    await screen(page, 'new-order-add-customer-390');
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(/Meera Nair/);
    await expect(page.getByRole('radio', { name: /7 16th Main/ })).toBeChecked();

    await fillWaterOrder(page, 1);
    await page.getByRole('radio', { name: 'Online' }).check();
    const { users } = await api.get(`user/all-users?search=${phone}&status=All&withAddress=true`);
    await expectPreviewOf(page, {
      customerId: users[0]._id,
      addressId: users[0].defaultAddress._id,
      productId: await waterJarId(page),
      quantity: 1,
      paymentMethod: 'Online',
    });
    // Nothing is wider than the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screen(page, 'new-order-390');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/admin-panel\/order\/view\/[^/]+$/);
    await expect(page.getByText('Meera Nair').first()).toBeVisible();
  });
});
