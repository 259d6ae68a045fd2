import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/** A real 96x96 PNG written to a temp file. */
async function pngFile(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-png-')), 'jar.png');
  await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 30, g: 136, b: 229 } },
  })
    .png()
    .toFile(file);
  return file;
}

const JAR = { name: '25 L Mineral Jar', title: 'Mineral water, 25 litres' };

test('add a water product with an image, see it in the category view, change its price on the pricing screen, then delete it', async ({
  page,
}) => {
  const image = await pngFile();
  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin-panel/categories/1');
  const waterRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Water', exact: true }) });
  await waterRow.getByRole('link', { name: 'View Water' }).click();
  await expect(page.getByRole('heading', { name: 'Water', level: 1 })).toBeVisible();
  const products = page.getByRole('region', { name: 'Products' });
  await expect(page.getByRole('region', { name: 'Accessories' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sub Categories' })).toHaveCount(0);

  await products.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/product\/add\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Add Product', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(JAR.name);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(JAR.title);
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Mineral-enriched drinking water in a sealed jar.');
  await page.getByLabel('Price (₹)', { exact: false }).first().fill('120');
  await page.getByLabel('Discount Price (₹)').fill('130');
  await page.getByLabel('Stock Quantity').fill('40');
  await page.getByLabel('Quantity (litres)').fill('25');
  await page.locator('input[type="file"]').setInputFiles(image);
  await expect(page.getByRole('img', { name: 'jar.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Discount price cannot be more than the price.')).toBeVisible();
  await page.getByLabel('Discount Price (₹)').fill('110');
  await screen(page, 'products-add-filled');
  await page.getByRole('button', { name: 'Add' }).click();

  await expect(page.getByText(`Product ${JAR.name} created successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/category\/view\/[^/]+$/);
  const row = products
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: JAR.name, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '25 L', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '₹120.00', exact: true })).toBeVisible();
  const thumbnail = row.getByRole('img', { name: JAR.name });
  await expect(thumbnail).toHaveJSProperty('complete', true);
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  await screen(page, 'products-category-view');
  const categoryView = page.url();

  // The pricing screen of Water: change the price in the product's row and save that row.
  await page.goto(categoryView.replace(/\/category\/view\/([^/]+)$/, '/pricing/water/$1'));
  await expect(page.getByRole('heading', { name: 'Water Pricing', level: 1 })).toBeVisible();
  const price = page.getByRole('spinbutton', {
    name: `Price (₹) of ${JAR.name}`,
    exact: true,
  });
  await expect(price).toHaveValue('120');
  await price.fill('135');
  await page.getByRole('button', { name: `Save ${JAR.name}` }).click();
  await expect(page.getByText(`Product ${JAR.name} updated successfully`)).toBeVisible();
  await screen(page, 'products-pricing-saved');
  await page.goto(categoryView);
  await expect(row.getByRole('cell', { name: '₹135.00', exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Delete ${JAR.name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Delete ${JAR.name}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Product ${JAR.name} deleted successfully`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
