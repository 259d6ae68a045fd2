import { readFileSync } from 'node:fs';
import { E2E_JOBS, expect, loginAs, SUPER_ADMIN, test } from './fixtures';

/*
 * Export (issue 13.10): a list's CSV with the filters and sort it shows, streamed by the server
 * (order/export-orders) and saved by the browser. Works on the orders tests/e2e/prepare.ts places.
 */

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
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

test('export the Pending orders, sorted by order id, as a CSV of every matching order', async ({
  page,
}) => {
  await loginAs(page, SUPER_ADMIN);
  // The dashboard's link to the Pending orders: a filter in the address.
  await page.goto('/admin-panel/orders/1?status=Pending');
  await expect(page.getByRole('heading', { name: 'Pending Orders', level: 1 })).toBeVisible();
  const footer = page.getByText(/^Showing 1 to 10 out of \d+$/);
  await expect(footer).toBeVisible();
  const total = Number(/out of (\d+)/.exec((await footer.textContent()) ?? '')![1]);
  // More than the page shows: the file must hold them all.
  expect(total).toBeGreaterThan(10);

  const sorted = page.waitForResponse((r) => r.url().includes('sortField=orderId'));
  await page.getByRole('button', { name: /Sort by order ID/i }).click();
  await sorted;

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  // UTF-8 with a byte order mark, so that Excel reads ₹ and Indian names.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [heading, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
  const column = (name: string) => heading!.indexOf(name);
  expect(column('Order ID')).toBe(0);

  expect(rows).toHaveLength(total);
  expect(new Set(rows.map((r) => r[column('Status')]))).toEqual(new Set(['Pending']));
  const ids = rows.map((r) => r[column('Order ID')]!);
  for (const orderId of [...E2E_JOBS.water['400050'], ...E2E_JOBS.water['400053']]) {
    expect(ids).toContain(orderId);
  }
  expect(ids).not.toContain(E2E_JOBS.returnOrder);
  expect(ids).toEqual([...ids].sort());
  // Money as plain rupees, times in India time.
  const first = rows[0]!;
  expect(first[column('Total amount')]).toMatch(/^\d+\.\d\d$/);
  expect(first[column('Created (IST)')]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
});
