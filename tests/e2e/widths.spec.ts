import type { Page } from '@playwright/test';
import { expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * No page of the panel is wider than the screen, on a laptop or on a phone: a wide table
 * scrolls inside its card, toolbars wrap, and the top bar stays in view (issue 13.4).
 */

/** Every page the sidebar links to, collected by opening each group (1366 px, sidebar open). */
async function sidebarPages(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const hrefs = new Set<string>();
  const collect = async () => {
    const paths = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
    for (const path of paths) hrefs.add(path);
  };
  await collect();
  // One group opens at a time: open each in turn and take its links.
  const groups = await nav.locator('[aria-expanded]').allTextContents();
  for (const name of groups) {
    await nav.getByRole('button', { name, exact: true }).click();
    await expect(nav.getByRole('button', { name, exact: true, expanded: true })).toBeVisible();
    await collect();
  }
  return [...hrefs];
}

/** Pages the sidebar does not link to that must fit too (a form that needs no record). */
const MORE_PAGES = ['/admin-panel/rider/add'];

async function expectWithinScreen(page: Page, path: string) {
  // The live alert stream never ends, so the network is never idle while it is open; the
  // panel retries it with a pause, which leaves the quiet the check waits for.
  await page.route('**/api/live/events', (route) => route.abort());
  await page.goto(path);
  // The screen has loaded its code and its data.
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Loading ...')).toHaveCount(0);
  const { scroll, screenWidth, wideTables } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    screenWidth: window.innerWidth,
    // A table wider than its box scrolls sideways inside the page: on a phone, lists are a
    // line per record instead (PhoneList), so none should.
    wideTables: [...document.querySelectorAll('table')]
      .filter((t) => t.getBoundingClientRect().width > t.parentElement!.clientWidth + 1)
      .map((t) => [...t.querySelectorAll('thead th')].map((th) => th.textContent).join('|')),
  }));
  expect(scroll, `${path} is ${scroll}px wide on a ${screenWidth}px screen`).toBeLessThanOrEqual(
    screenWidth,
  );
  if (screenWidth < 600) {
    expect(wideTables, `${path} has tables wider than the screen`).toEqual([]);
  }
}

// One test per width: each opens every page (about 40), a few minutes on a 2-core machine.
for (const width of [1366, 390]) {
  test(`no page is wider than a ${width}px screen`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1366, height: 800 });
    await loginAs(page, SUPER_ADMIN);
    const pages = [...(await sidebarPages(page)), ...MORE_PAGES];
    expect(pages.length).toBeGreaterThan(30);
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    for (const path of pages) await expectWithinScreen(page, path);
    if (width === 390) {
      await page.goto('/admin-panel/orders/1');
      await expect(page.getByText(/^Showing 1 to/)).toBeVisible();
      await screen(page, 'orders-390');
    }
  });
}

test('Assigning Jobs fits a 1366 x 768 laptop: every column and row action without sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, SUPER_ADMIN);
  await page.route('**/api/live/events', (route) => route.abort());
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Assigning Jobs', exact: true }).click();
  // The e2e data has water jobs (tiffin's columns are checked in tests/unit/assigning-jobs).
  for (const service of ['Water']) {
    await nav.getByRole('link', { name: service, exact: true }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    await expect(page.getByText('Loading ...')).toHaveCount(0);
    const fit = await table.evaluate((t) => ({
      table: Math.round(t.getBoundingClientRect().width),
      box: t.parentElement!.clientWidth,
      actionsRight: Math.round(
        [...t.querySelectorAll('thead th')].at(-1)!.getBoundingClientRect().right,
      ),
    }));
    expect(fit.table, `${service}: table ${fit.table}px in a ${fit.box}px box`).toBeLessThanOrEqual(
      fit.box + 1,
    );
    expect(fit.actionsRight).toBeLessThanOrEqual(1366);
    await expect(table.getByRole('columnheader', { name: /^Address/ })).toBeVisible();
    await screen(page, `assigning-jobs-${service.toLowerCase()}-1366`);
  }
});
