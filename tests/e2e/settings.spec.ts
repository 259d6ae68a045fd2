import type { Page } from '@playwright/test';
import { expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

const row = (page: Page, text: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

test.beforeEach(async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
});

test('add, edit and delete a pin code', async ({ page }) => {
  await page.goto('/admin-panel/pincodes/1');
  await expect(page.getByRole('heading', { name: 'Pin Codes', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();

  await expect(page).toHaveURL(/\/admin-panel\/pincode\/add$/);
  const number = page.getByRole('textbox', { name: 'Pin Code' });
  await number.fill('56003');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('The pin code must be exactly 6 digits.')).toBeVisible();
  await number.fill('560034');
  await page.getByRole('combobox', { name: 'Pin Type' }).click();
  await page.getByRole('option', { name: 'Office' }).click();
  await screen(page, 'pincodes-add');
  await page.getByRole('button', { name: 'Add' }).click();

  await expect(page.getByText('Pin code 560034 added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/pincodes\/1$/);
  await expect(row(page, '560034')).toBeVisible();
  await expect(row(page, '560034').getByText('Office')).toBeVisible();

  // A second one, then a duplicate: the server's message.
  await page.getByRole('link', { name: 'Add' }).click();
  await page.getByRole('textbox', { name: 'Pin Code' }).fill('110001');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Pin code 110001 added successfully')).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();
  await page.getByRole('textbox', { name: 'Pin Code' }).fill('110001');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('This pin code already exists.')).toBeVisible();
  await page.goBack();

  await expect(page).toHaveURL(/\/admin-panel\/pincodes\/1$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill('560');
  await expect(row(page, '110001')).toHaveCount(0);
  await expect(row(page, '560034')).toBeVisible();
  await screen(page, 'pincodes-list');
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(row(page, '110001')).toBeVisible();

  await row(page, '560034').getByRole('link', { name: 'Edit 560034' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/pincode\/edit\/[^/]+$/);
  await expect(page.getByRole('textbox', { name: 'Pin Code' })).toHaveValue('560034');
  await page.reload();
  const edited = page.getByRole('textbox', { name: 'Pin Code' });
  await expect(edited).toHaveValue('560034');
  await edited.fill('560035');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Pin code 560035 updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/pincodes\/1$/);
  await expect(row(page, '560035')).toBeVisible();

  await row(page, '560035').getByRole('link', { name: 'View 560035' }).click();
  await expect(page.getByRole('heading', { name: 'Pin Code 560035', level: 1 })).toBeVisible();
  await page.goBack();

  await row(page, '560035').getByRole('button', { name: 'Delete 560035' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Pin code 560035 deleted successfully')).toBeVisible();
  await expect(row(page, '560035')).toHaveCount(0);
  await expect(row(page, '110001')).toBeVisible();
});

test('add, edit and delete a tiffin plan', async ({ page }) => {
  await page.goto('/admin-panel/tiffin-plans/1');
  await expect(page.getByRole('heading', { name: 'Tiffin Plans', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();

  await expect(page).toHaveURL(/\/admin-panel\/tiffin-plan\/add$/);
  await page.getByRole('textbox', { name: 'Name' }).fill('Monthly Veg');
  await page.getByRole('spinbutton', { name: 'Duration (days)' }).fill('30');
  await page.getByRole('spinbutton', { name: 'Price (₹)' }).fill('3999');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Plan Monthly Veg created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/tiffin-plans\/1$/);
  const added = row(page, 'Monthly Veg');
  await expect(added.getByText('30 days')).toBeVisible();
  await expect(added.getByText('₹3,999.00')).toBeVisible();
  await screen(page, 'plans-list');

  await added.getByRole('link', { name: 'Edit Monthly Veg' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/tiffin-plan\/edit\/[^/]+$/);
  const price = page.getByRole('spinbutton', { name: 'Price (₹)' });
  await expect(price).toHaveValue('3999');
  await price.fill('3799');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Plan Monthly Veg updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/tiffin-plans\/1$/);
  await expect(row(page, 'Monthly Veg').getByText('₹3,799.00')).toBeVisible();

  await row(page, 'Monthly Veg').getByRole('link', { name: 'View Monthly Veg' }).click();
  await expect(page.getByRole('heading', { name: 'Monthly Veg', level: 1 })).toBeVisible();
  await expect(page.getByText('₹3,799.00')).toBeVisible();
  await page.goBack();

  await row(page, 'Monthly Veg').getByRole('button', { name: 'Delete Monthly Veg' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Plan Monthly Veg deleted successfully')).toBeVisible();
  await expect(row(page, 'Monthly Veg')).toHaveCount(0);
});

test('save delivery charges and times, and see them after a reload', async ({ page }) => {
  await page.goto('/admin-panel/delivery-charges/edit');
  await expect(page.getByRole('heading', { name: 'Delivery Charges', level: 1 })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Standard Charge (₹)' }).fill('30');
  await page.getByRole('spinbutton', { name: 'Emergency Charge (₹)' }).fill('80');
  await page.getByRole('spinbutton', { name: 'GST (%)' }).fill('18');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Delivery charges saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/delivery-charges\/edit$/);
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: 'Standard Charge (₹)' })).toHaveValue('30');
  await expect(page.getByRole('spinbutton', { name: 'Emergency Charge (₹)' })).toHaveValue('80');
  await expect(page.getByRole('spinbutton', { name: 'GST (%)' })).toHaveValue('18');
  await screen(page, 'delivery-charges');

  await page.goto('/admin-panel/delivery-times/edit');
  await expect(page.getByRole('heading', { name: 'Delivery Times', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Pickup Time' }).fill('8:00 AM - 11:00 AM');
  await page.getByRole('textbox', { name: 'Delivery Time' }).fill('5:00 PM - 8:00 PM');
  const gap = page.getByRole('spinbutton', { name: 'Gap Hours' });
  await gap.fill('-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Must be at least 0')).toBeVisible();
  await gap.fill('6');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Delivery time saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/delivery-times\/edit$/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Pickup Time' })).toHaveValue(
    '8:00 AM - 11:00 AM',
  );
  await expect(page.getByRole('textbox', { name: 'Delivery Time' })).toHaveValue(
    '5:00 PM - 8:00 PM',
  );
  await expect(page.getByRole('spinbutton', { name: 'Gap Hours' })).toHaveValue('6');
  await screen(page, 'delivery-times');
});
