import type { Page } from '@playwright/test';
import { BRAND_NAME } from '@shared/brand';
import { addAxe, expect, screen, test } from './fixtures';

/** Serious or critical WCAG 2 A/AA violations axe-core finds on the page, with their targets. */
async function seriousViolations(page: Page) {
  await addAxe(page);
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is added to the page by addAxe above
    const result = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] });
    return (
      result.violations as {
        id: string;
        impact: string;
        nodes: { target: string[] }[];
      }[]
    ).map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

test('with JavaScript off the landing page shows every section of spec 001 §1', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveTitle(new RegExp(`^${BRAND_NAME} · `));
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /Contact us/ })).toHaveAttribute(
    'href',
    /^mailto:/,
  );
  const main = page.getByRole('main');
  for (const section of ['#why-us', '#about']) {
    await expect(main.locator(section).getByRole('heading', { level: 2 })).toBeVisible();
  }
  const services = page.locator('#services');
  for (const name of [
    'Water jar supply',
    'Oxygen cylinders',
    'Laundry',
    'Tiffin delivery',
    'Home food delivery',
  ]) {
    await expect(services.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(services).toContainText('20 litre and 25 litre jars');
  await expect(services).toContainText('Dispensers, taps and jar stands');
  await expect(services).toContainText('Regulators, masks and flow meters');
  for (const name of ['Electrician services', 'Plumber services']) {
    await expect(services.getByRole('heading', { name: `${name} Upcoming` })).toBeVisible();
  }
  const delivery = page.locator('#delivery');
  await expect(delivery.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(delivery.getByRole('link', { name: 'Contact', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Google Play/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /App Store/ })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.locator('[data-contact="email"]')).not.toBeEmpty();
  await expect(footer.locator('[data-contact="phone"]')).not.toBeEmpty();
  await expect(footer.getByRole('list', { name: 'Follow us' }).getByRole('link')).toHaveCount(5);
  await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
    'href',
    '/terms',
  );
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await screen(page, 'landing-no-js');
  await context.close();
});

for (const url of ['/', '/terms', '/privacy']) {
  test(`axe-core finds no serious accessibility violations on ${url}`, async ({ page }) => {
    await page.goto(url);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('/terms and /privacy are complete pages linking back to the website', async ({ page }) => {
  for (const [url, title] of [
    ['/terms', 'Terms & Conditions'],
    ['/privacy', 'Privacy Policy'],
  ] as const) {
    const response = await page.goto(url);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('link', { name: /home/i }).first(),
    ).toHaveAttribute('href', '/');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
  }
});
