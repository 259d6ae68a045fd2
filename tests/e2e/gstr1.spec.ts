import { readFileSync } from 'node:fs';
import { indiaDay } from '@shared/time';
import { apiOf, E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * GSTR-1 on the Reports page (issue 38): the business details saved (through the API), the two
 * orders prepare.ts delivered given their invoices (a first download numbers them, dated now),
 * then the GSTR-1 tab of this month: provisional, its tables' figures as the summary call
 * answers them, the JSON downloaded and read; last month empty; and the tab on a phone. No
 * order's status changes here.
 */

// A Maharashtra GSTIN, as prepare.ts's customers. Not quite the details returnables.spec.ts
// saves later on its form (another name and prefix), so that its form has changes to save.
const BUSINESS = {
  legalName: 'Doorstep GSTR Services Private Limited',
  gstin: '27AAPFU0939F1ZV',
  address: '5 Linking Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
  invoicePrefix: 'GS',
};

const monthName = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  month: 'long',
  year: 'numeric',
});
const labelOf = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
/** '₹1,250.00' as the panel writes rupees. */
const rupees = (value: number) =>
  `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface TableFigures {
  table: string;
  count: number;
  documents: number;
  taxable: number | null;
  tax: number | null;
}

test("the GSTR-1 tab shows the month's figures and downloads its JSON", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, SUPER_ADMIN);
  const api = await apiOf(page);
  const saved = await api.postRaw('settings/save-business', BUSINESS);
  expect(saved.status(), await saved.text()).toBe(200);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (const orderNo of [E2E_JOBS.returnOrder, E2E_JOBS.ledgerOrder]) {
    const { orders } = await api.get(`order/view-all-orders?search=${orderNo}`);
    const order = orders.find((o: { orderId: string }) => o.orderId === orderNo);
    const invoice = await page.request.get(`/api/order/invoice/${order._id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(invoice.status(), orderNo).toBe(200);
  }

  const month = indiaDay().slice(0, 7);
  const fp = `${month.slice(5)}${month.slice(0, 4)}`;
  const summary = await api.get(`gst/gstr1-summary?month=${month}`);
  const b2cs = (summary.tables as TableFigures[]).find((t) => t.table === 'b2cs')!;
  expect(b2cs.documents).toBeGreaterThanOrEqual(2);

  await page.goto(`/admin-panel/reports?tab=gstr1&month=${month}`);
  await expect(page.getByRole('tab', { name: 'GSTR-1', selected: true })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `GSTR-1 of ${labelOf(month)}`, level: 2 }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'is not over' })).toHaveText(
    `${labelOf(month)} is not over: these figures are to date and provisional, and the files are named …-provisional. File the return once the month has ended.`,
  );
  await expect(
    page.getByText(`Seller GSTIN ${BUSINESS.gstin} · return period ${fp}`),
  ).toBeVisible();
  const table = page.getByRole('table', { name: `GSTR-1 of ${summary.label}` });
  const row = table.getByRole('row').filter({ hasText: 'B2CS: other unregistered' });
  await expect(row.getByRole('cell')).toHaveText([
    String(b2cs.count),
    String(b2cs.documents),
    rupees(b2cs.taxable!),
    rupees(b2cs.tax!),
    'CSV',
  ]);
  await expect(table.getByRole('row').filter({ hasText: 'Net: invoices' })).toContainText(
    rupees(summary.totals.net.taxable),
  );
  await screen(page, 'gstr1-1366');

  // The JSON the offline tool takes, named for the seller and the period, marked provisional.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`gstr1-${BUSINESS.gstin}-${fp}-provisional.json`);
  const json = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(Object.keys(json)).toEqual([
    'gstin',
    'fp',
    'b2b',
    'b2cl',
    'b2cs',
    'cdnr',
    'cdnur',
    'hsn',
    'doc_issue',
  ]);
  expect(json.gstin).toBe(BUSINESS.gstin);
  expect(json.fp).toBe(fp);
  const taxable = (json.b2cs as { txval: number; pos: string; sply_ty: string }[]).reduce(
    (sum, r) => sum + Math.round(r.txval * 100),
    0,
  );
  expect(taxable).toBe(Math.round(b2cs.taxable! * 100));
  expect(json.b2cs[0]).toMatchObject({ pos: '27', sply_ty: 'INTRA', typ: 'OE' });

  // Last month: nothing issued, every table empty.
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: labelOf(last), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`month=${last}`));
  await expect(
    page.getByText(`No invoice or note was issued in ${labelOf(last)}: every table is empty.`),
  ).toBeVisible();
  await expect(page.getByText('is not over')).toBeHidden();

  // On a phone: one table a line, its figures under its name.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin-panel/reports?tab=gstr1&month=${month}`);
  const list = page.getByRole('list', { name: 'Table' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'B2CS' })).toContainText(
    `Rows ${b2cs.count} · invoices and notes ${b2cs.documents} · taxable ${rupees(b2cs.taxable!)}`,
  );
  await expect(page.getByRole('button', { name: 'Download CSV (zip)' })).toBeVisible();
  await screen(page, 'gstr1-390');
});
