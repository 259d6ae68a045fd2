import { BASE_URL, expect, loginAs, SUPER_ADMIN, test } from './fixtures';

/*
 * The Content-Security-Policy as a browser applies it (server/plugins/securityHeaders.ts). Every
 * other spec fails on any violation (fixtures.ts); these provoke violations on purpose, which
 * also shows that the watch in fixtures.ts sees them.
 */

test('another site cannot frame the panel or the landing page', async ({ page, cspViolations }) => {
  await page.setContent('<h1>Another site</h1>');
  for (const url of ['/admin-panel/login', '/']) {
    await page.evaluate((src) => {
      const iframe = document.createElement('iframe');
      iframe.src = src;
      document.body.append(iframe);
    }, new URL(url, BASE_URL).href);
  }
  await expect
    .poll(() => cspViolations.filter((text) => /frame-ancestors 'none'/.test(text)).length)
    .toBe(2);
  for (const frame of page.frames().slice(1)) {
    expect(frame.url()).not.toContain(BASE_URL);
  }
  cspViolations.length = 0;
});

test('the panel runs no script that is not one of its files', async ({ page, cspViolations }) => {
  await page.goto('/admin-panel/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // What an injection would try: an inline script, an inline handler, a script from elsewhere.
  await page.evaluate(() => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__injected = "inline"';
    document.head.append(inline);
    const img = document.createElement('img');
    img.setAttribute('src', 'data:,');
    img.setAttribute('onerror', 'window.__injected = "handler"');
    document.body.append(img);
    const remote = document.createElement('script');
    remote.src = 'https://example.com/x.js';
    document.head.append(remote);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThanOrEqual(3);
  expect(cspViolations.join('\n')).toMatch(/script-src/);
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
  cspViolations.length = 0;
});

test('an uploaded image opened on its own shows, sandboxed', async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin-panel/categories/1');
  const thumbnail = page.locator('img[src*="/uploads/"]').first();
  await expect(thumbnail).toBeVisible();
  const src = await thumbnail.getAttribute('src');
  const response = await page.goto(src!);
  expect(response?.headers()['content-security-policy']).toMatch(/sandbox/);
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  expect(await page.evaluate(() => document.images[0]?.naturalWidth)).toBeGreaterThan(0);
});
