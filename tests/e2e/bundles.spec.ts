import type { Page } from '@playwright/test';
import { expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * The panel loads in pieces: the login page gets the sign-in code only; the HTTP client (axios,
 * src/providers/axiosClient.ts) comes once the admin starts on the form; the charts library and
 * the rich-text editor (vite.config.ts names their chunks charts-* and rich-text-*) come with
 * the dashboard and the content editors.
 */

const CHARTS = /\/assets\/charts-[\w-]+\.js$/;
const RICH_TEXT = /\/assets\/rich-text-[\w-]+\.js$/;
const HTTP_CLIENT = /\/assets\/axiosClient-[\w-]+\.js$/;

/** The scripts the page requests from now on, and the errors it throws. */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    scripts,
    errors,
    loaded: (pattern: RegExp) => scripts.some((script) => pattern.test(script)),
  };
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('the login page loads neither the charts nor the rich-text editor', async ({ page }) => {
  const seen = watch(page);
  const scriptAnswers: { url: string; encoding?: string; cache?: string }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      const headers = response.headers();
      scriptAnswers.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
      });
    }
  });
  await page.goto('/admin-panel/login');
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(seen.scripts.length).toBeGreaterThan(0);
  expect(seen.loaded(CHARTS)).toBe(false);
  expect(seen.loaded(RICH_TEXT)).toBe(false);
  expect(seen.loaded(HTTP_CLIENT)).toBe(false);
  // Sent as the build compressed them, and kept by the browser for good.
  for (const answer of scriptAnswers) {
    expect(answer.encoding, answer.url).toMatch(/^(br|gzip)$/);
    expect(answer.cache, answer.url).toBe('public, max-age=31536000, immutable');
  }
  expect(seen.errors).toEqual([]);
});

test('the dashboard loads the charts, a content editor then the rich-text editor, and both work', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const seen = watch(page);
  await loginAs(page, SUPER_ADMIN);

  // The chart is drawn: twelve months by default.
  const chart = page.getByTestId('orders-chart');
  await expect(chart.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')).toHaveCount(12);
  expect(seen.loaded(CHARTS)).toBe(true);
  expect(seen.loaded(RICH_TEXT)).toBe(false);
  await screen(page, 'bundles-dashboard-1366');

  // Through the menu, without a page load: the editor's code arrives with its screen.
  await sidebar(page).getByRole('button', { name: 'Settings' }).click();
  await sidebar(page).getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/terms-and-conditions$/);
  await expect(page.getByRole('heading', { name: 'Terms & Conditions', level: 1 })).toBeVisible();
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await editor.pressSequentially('Jars are collected the next morning.');
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText(
    'Jars are collected the next morning.',
  );
  expect(seen.loaded(RICH_TEXT)).toBe(true);
  // The app bar stayed in place while the screen loaded.
  await expect(page.getByRole('banner')).toBeVisible();
  await screen(page, 'bundles-terms-editor-1366');
  expect(seen.errors).toEqual([]);
});

test('at 390 px, a content editor opened by its address loads its editor and works', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const seen = watch(page);
  await loginAs(page, SUPER_ADMIN);
  await expect(page.getByTestId('orders-chart')).toBeVisible();
  await screen(page, 'bundles-dashboard-390');

  await page.goto('/admin-panel/contact-us');
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await editor.pressSequentially('Open every day.');
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Open every day.');
  expect(seen.loaded(RICH_TEXT)).toBe(true);
  await screen(page, 'bundles-contact-us-390');
  expect(seen.errors).toEqual([]);
});
