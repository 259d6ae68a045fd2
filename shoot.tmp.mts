// Screenshots of the given panel paths at 1366 and 390 px in light and dark: tsx shoot.tmp.mts BASE OUTDIR path...
import { chromium } from 'playwright-core';
import { browserPath, CHROMIUM_ARGS } from './tests/e2e/browser.ts';
const [base, out, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: await browserPath(), args: CHROMIUM_ARGS });
for (const theme of ['light', 'dark']) {
  for (const width of [1366, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: width > 600 ? 768 : 844 } });
    const page = await ctx.newPage();
    await page.goto(`${base}/admin-panel/login`);
    await page.evaluate((t) => localStorage.setItem('RaStore.theme', JSON.stringify(t)), theme);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('admin@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Admin@12345');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/dashboard/);
    for (const p of paths) {
      await page.goto(`${base}/admin-panel/${p}`);
      await page.waitForTimeout(2500);
      const name = p.replace(/[^a-z0-9]+/gi, '_');
      await page.screenshot({ path: `${out}/${name}-${width}-${theme}.png`, fullPage: false });
    }
    await ctx.close();
  }
}
await browser.close();
