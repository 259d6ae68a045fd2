import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { apiOf, E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Reports (issue 38), the Sales and Sales register tabs, at 1366 and 390 px. The business
 * details are saved (as the returnables spec saves them, when it has not run) and one of
 * prepare.ts's water jobs is delivered, so today has an invoice whatever ran before; the screen
 * is then checked against what report/sales answers, and its CSV and the register against both.
 * It delivers an order, so it runs with the specs that change orders (playwright.config.ts).
 */

const BUSINESS = {
  legalName: 'Doorstep Test Services Private Limited',
  gstin: '27AAPFU0939F1ZV',
  address: '5 Linking Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
  invoicePrefix: 'TS',
};

/** Today and 29 days before, India days: the tabs' default range. */
function lastThirtyDays() {
  const day = (back: number) =>
    new Date(Date.now() + 5.5 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);
  return { from: day(29), to: day(0) };
}

/** RFC 4180 records of a downloaded CSV, the byte order mark gone. */
function csvOf(path: string): string[][] {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 2,
  }).format(n);

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await click();
  return downloading;
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await loginAs(page, SUPER_ADMIN);
  const api = await apiOf(page);
  const { business } = await api.get('settings/get-business');
  if (!business) await api.post('settings/save-business', BUSINESS);
  const orderNo = E2E_JOBS.water['400053'].at(-1)!;
  const { orders } = await api.get(`order/view-all-orders?search=${orderNo}`);
  const order = orders.find((o: { orderId: string }) => o.orderId === orderNo);
  if (order.status !== 'Delivered') {
    await api.post('order/update-status', { orderId: order._id, status: 'Delivered' });
  }
  await page.close();
});

for (const width of [1366, 390]) {
  test(`the Sales tab shows the sales per day and pin code, as the report answers (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await loginAs(page, SUPER_ADMIN);
    const api = await apiOf(page);
    const range = lastThirtyDays();
    const byDay = await api.get(`report/sales?from=${range.from}&to=${range.to}&groupBy=day`);
    expect(byDay.totals.invoices).toBeGreaterThan(0);

    await page.goto('/admin-panel/reports');
    await expect(page.getByRole('tab', { name: 'Sales', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The last 30 days, by day: a row a day (those without sales at 0) and the totals.
    await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(range.from);
    await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(range.to);
    const today = byDay.rows.at(-1);
    if (width > 600) {
      const table = page.getByRole('table', { name: /^Sales per day from/ });
      await expect(table.getByRole('row')).toHaveCount(1 + 30 + 1);
      const total = table.getByRole('row').last();
      await expect(total.getByRole('rowheader')).toHaveText('Total');
      await expect(total.getByRole('cell').first()).toHaveText(rupees(byDay.totals.amount));
      const todayRow = table.getByRole('row').filter({ hasText: today.label });
      await expect(todayRow.getByRole('cell').first()).toHaveText(rupees(today.amount));
    } else {
      // A phone: a line a day instead of a table wider than the screen.
      const lines = page.getByRole('list', { name: /^Sales per day from/ }).getByRole('listitem');
      await expect(lines).toHaveCount(30 + 1);
      await expect(lines.last()).toContainText('Total');
      await expect(lines.last()).toContainText(rupees(byDay.totals.amount));
      await expect(lines.filter({ hasText: today.label })).toContainText(rupees(today.amount));
    }
    await expect(page.getByTestId('sales-summary')).toContainText(rupees(byDay.totals.amount));
    await expect(page.getByTestId('sales-chart').locator('svg').first()).toBeVisible();
    // The page itself never scrolls across on a phone: the table scrolls within its card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await screen(page, `sales-report-day-${width}`);

    // Per pin code: the delivered 400053 job among them, the largest first.
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Pin code' }).click();
    const byPin = await api.get(`report/sales?from=${range.from}&to=${range.to}&groupBy=pincode`);
    if (width > 600) {
      const pins = page.getByRole('table', { name: /^Sales per pin code from/ });
      await expect(pins.getByRole('row')).toHaveCount(1 + byPin.rows.length + 1);
      await expect(pins.getByRole('row').nth(1).getByRole('rowheader')).toHaveText(
        byPin.rows[0].label,
      );
      await expect(pins.getByRole('rowheader', { name: /^400053/ })).toBeVisible();
    } else {
      const pins = page
        .getByRole('list', { name: /^Sales per pin code from/ })
        .getByRole('listitem');
      await expect(pins).toHaveCount(byPin.rows.length + 1);
      await expect(pins.first()).toContainText(byPin.rows[0].label);
      await expect(pins.filter({ hasText: /^400053/ })).toHaveCount(1);
    }
    await screen(page, `sales-report-pincode-${width}`);

    if (width === 390) return;
    // Its CSV: the same rows and a Total line.
    const csv = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Download CSV' }).click(),
    );
    expect(csv.suggestedFilename()).toMatch(/^sales-by-pincode-\d{4}-\d\d-\d\d\.csv$/);
    const [head, ...lines] = csvOf(await csv.path());
    expect(head!.slice(0, 3)).toEqual(['Pin code', 'Key', 'Invoices']);
    expect(lines).toHaveLength(byPin.rows.length + 1);
    expect(lines.at(-1)![0]).toBe('Total');
    expect(Number(lines.at(-1)![head!.indexOf('Amount')])).toBe(byPin.totals.amount);

    // A range out of order is refused before asking; a quick pick sets it right.
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(range.to);
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(range.from);
    await expect(page.getByRole('alert')).toHaveText(
      'The "From" date must not be after the "To" date.',
    );
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    await page.getByRole('button', { name: 'This month' }).click();
    await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(
      `${range.to.slice(0, 8)}01`,
    );
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
}

test('the Sales register downloads every invoice and note of the days', async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
  const api = await apiOf(page);
  const range = lastThirtyDays();
  const report = await api.get(`report/sales?from=${range.from}&to=${range.to}&groupBy=month`);
  await page.goto('/admin-panel/reports?tab=register');
  await expect(page.getByRole('heading', { name: 'Sales register' })).toBeVisible();
  await expect(page.getByText(/^Every tax invoice and credit or debit note/)).toBeVisible();
  const file = await downloadOf(page, () =>
    page.getByRole('button', { name: 'Download CSV' }).click(),
  );
  expect(file.suggestedFilename()).toMatch(/^sales-register-\d{4}-\d\d-\d\d\.csv$/);
  const [head, ...lines] = csvOf(await file.path());
  expect(head).toEqual([
    'Date',
    'Document type',
    'Number',
    'Against invoice',
    'Order ID',
    'Customer',
    'Buyer GSTIN',
    'Place of supply',
    'Taxable value',
    'CGST',
    'SGST',
    'IGST',
    'Total',
  ]);
  // A line per invoice and note the report counts, worth the taxable value it sums.
  expect(lines.filter((l) => l[1] === 'Invoice')).toHaveLength(report.totals.invoices);
  const taxable = lines.reduce((t, l) => t + Math.round(Number(l[8]) * 100), 0);
  expect(taxable / 100).toBe(report.totals.taxable);
  const dates = lines.map((l) => l[0]!);
  expect(dates).toEqual([...dates].sort());
  expect(dates.every((d) => d >= range.from && d <= range.to)).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await screen(page, 'sales-register-390');
});
