import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

const HOME = '123456789';
const TITLE = 'Monsoon offer on 20 L jars';

/** Two real wide PNGs written to a temp folder. */
async function bannerFiles(): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-banner-'));
  const colours = [
    { r: 30, g: 136, b: 229 },
    { r: 0, g: 137, b: 123 },
  ];
  return Promise.all(
    colours.map(async (background, i) => {
      const file = path.join(dir, `banner-${i + 1}.png`);
      await sharp({ create: { width: 600, height: 200, channels: 3, background } })
        .png()
        .toFile(file);
      return file;
    }),
  );
}

test('add a Home banner with two images, see it listed and open its view', async ({ page }) => {
  const files = await bannerFiles();
  await loginAs(page, SUPER_ADMIN);

  await page.goto(`/admin-panel/banners/${HOME}/1`);
  await expect(page.getByRole('heading', { name: 'Home Banner', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-panel/banner/add\\?categoryId=${HOME}$`));
  await expect(page.getByRole('heading', { name: 'Add Banner', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Home Banner');

  await page.getByLabel('Title').fill(TITLE);
  await page.locator('input[type=file]').setInputFiles(files);
  await expect(page.getByRole('img', { name: 'banner-2.png' })).toBeVisible();
  await screen(page, 'banner-add');
  await page.getByRole('button', { name: 'Add', exact: true }).click();

  await expect(page.getByText(`Banner ${TITLE} created successfully`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin-panel/banners/${HOME}/1$`));
  const row = page.getByRole('row').filter({ hasText: TITLE });
  const thumbnails = row.getByRole('img');
  await expect(thumbnails).toHaveCount(2);
  for (const img of await thumbnails.all()) {
    await expect(img).toHaveJSProperty('complete', true);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(600);
  }
  await screen(page, 'banner-list-home');

  await row.getByRole('link', { name: `View ${TITLE}` }).click();
  await expect(page).toHaveURL(/\/admin-panel\/banner\/view\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(page.getByText('Images (2)')).toBeVisible();
  const gallery = page.getByRole('img', { name: new RegExp(`^${TITLE}, image \\d$`) });
  await expect(gallery).toHaveCount(2);
  await expect(gallery.first()).toBeVisible();
  await screen(page, 'banner-view');

  // A reload of the view loads the banner by id.
  await page.reload();
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
});
