import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, loginAs, screen, SEEDED_CATEGORIES, SUPER_ADMIN, test } from './fixtures';

const NEW_CATEGORY = {
  name: 'Gas Cylinders',
  title: 'LPG cylinders at your door',
  description: 'Refills and new connections for domestic LPG cylinders, delivered and fitted.',
  newTitle: 'LPG refills and connections',
};

/** A real 96x96 PNG written to a temp file. */
async function pngFile(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-png-')), 'gas.png');
  await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 230, g: 120, b: 30 } },
  })
    .png()
    .toFile(file);
  return file;
}

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test.beforeEach(async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
});

test('the list footer, and pages out of range', async ({ page }) => {
  const n = SEEDED_CATEGORIES.length;
  await page.goto('/admin-panel/categories/1');
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  for (const name of SEEDED_CATEGORIES) {
    await expect(row(page, name)).toBeVisible();
  }
  const footer = page.getByRole('navigation', { name: 'Pagination' });
  await expect(footer.getByText(`Showing 1 to ${n} out of ${n}`)).toBeVisible();
  await expect(footer.getByText('Page 1 of 1')).toBeVisible();
  await screen(page, 'categories-list');

  const goTo = footer.getByRole('textbox', { name: 'Go to page' });
  await goTo.fill('99');
  await goTo.press('Enter');
  await expect(page.getByText('Invalid page number')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/categories\/1$/);
  await screen(page, 'categories-invalid-page');

  await page.goto('/admin-panel/categories/0');
  await expect(page.getByText('Page number should be greater than or equal to 1')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/categories\/1$/);
  await expect(footer.getByText('Page 1 of 1')).toBeVisible();
  await screen(page, 'categories-page-zero');
});

test('add, view and edit a category', async ({ page }) => {
  const image = await pngFile();
  await page.goto('/admin-panel/categories/1');
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();

  await expect(page).toHaveURL(/\/admin-panel\/category\/add$/);
  await expect(page.getByRole('heading', { name: 'Add Category', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NEW_CATEGORY.name);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(NEW_CATEGORY.title);
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill(NEW_CATEGORY.description);
  await page.locator('input[type="file"]').setInputFiles(image);
  await expect(page.getByRole('img', { name: 'gas.png' })).toBeVisible();
  await screen(page, 'categories-add-filled');
  await page.getByRole('button', { name: 'Add' }).click();

  await expect(page.getByText(`Category ${NEW_CATEGORY.name} created successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/categories\/1$/);
  const added = row(page, NEW_CATEGORY.name);
  await expect(added).toBeVisible();
  await expect(added.getByRole('cell', { name: NEW_CATEGORY.title, exact: true })).toBeVisible();
  const thumbnail = added.getByRole('img', { name: NEW_CATEGORY.name });
  await expect(thumbnail).toHaveAttribute('src', /\/uploads\//);
  await expect(thumbnail).toHaveJSProperty('complete', true);
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const total = SEEDED_CATEGORIES.length + 1;
  await expect(page.getByText(`Showing 1 to ${total} out of ${total}`)).toBeVisible();
  await screen(page, 'categories-added');

  await added.getByRole('link', { name: `View ${NEW_CATEGORY.name}` }).click();
  await expect(page).toHaveURL(/\/admin-panel\/category\/view\/[^/]+$/);
  await expect(page.getByRole('heading', { name: NEW_CATEGORY.name, level: 1 })).toBeVisible();
  await expect(page.getByText(NEW_CATEGORY.title, { exact: true })).toBeVisible();
  await expect(page.getByText(NEW_CATEGORY.description, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: NEW_CATEGORY.name })).toHaveAttribute(
    'src',
    /\/uploads\//,
  );
  await screen(page, 'categories-view');

  await page.goBack();
  await expect(page).toHaveURL(/\/admin-panel\/categories\/1$/);
  await row(page, NEW_CATEGORY.name)
    .getByRole('link', { name: `Edit ${NEW_CATEGORY.name}` })
    .click();
  await expect(page).toHaveURL(/\/admin-panel\/category\/edit\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Edit Category', level: 1 })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue(NEW_CATEGORY.name);
  await expect(name).not.toBeEditable();
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue(NEW_CATEGORY.title);
  await title.fill(NEW_CATEGORY.newTitle);
  await screen(page, 'categories-edit');
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByText(`Category ${NEW_CATEGORY.name} updated successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/categories\/1$/);
  await expect(
    row(page, NEW_CATEGORY.name).getByRole('cell', { name: NEW_CATEGORY.newTitle, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name: NEW_CATEGORY.title, exact: true })).toHaveCount(0);
  await screen(page, 'categories-edited');
});
