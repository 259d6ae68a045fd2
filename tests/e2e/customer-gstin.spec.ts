import { gstinCheckChar, stateCodeOf } from '@shared/gst';
import { apiOf, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * A registered buyer (issue 38): the customer's GSTIN and legal name on the edit form, checked as
 * typed, and on the view once saved. Uses a prepared customer (tests/e2e/prepare.ts seeds them)
 * other than the first of the list, which customers.spec.ts edits.
 */

test.beforeEach(async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
});

test("a customer's GSTIN is checked as typed, and saved with the legal name", async ({ page }) => {
  const api = await apiOf(page);
  const list = await api.get('user/all-users?status=All&sort=email&sortOrder=desc&limit=1');
  const customer = list.users[0] as { _id: string; firstName: string; lastName: string };
  const user = await api.get(`user/get-user/${customer._id}`);
  const state = (user.user.addresses[0]?.state as string | undefined) ?? '';
  // A GSTIN of the state the customer's default address is in (any state when it names none).
  const code = stateCodeOf(state) ?? '29';
  const first14 = `${code}AAKFR1234M1Z`;
  const gstin = first14 + gstinCheckChar(first14);
  const mistyped = first14 + (gstin[14] === 'A' ? 'B' : 'A');

  await page.goto(`/admin-panel/user/edit/${customer._id}`);
  await expect(page.getByRole('heading', { name: 'Edit User', level: 1 })).toBeVisible();
  const gstinBox = page.getByRole('textbox', { name: 'GSTIN' });
  await gstinBox.fill(mistyped.toLowerCase());
  await page.getByRole('textbox', { name: 'Legal name' }).fill('Reddy Foods and Caterers LLP');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(
    page.getByText(`The GSTIN's last character should be ${gstin[14]}: check it for a typo.`),
  ).toBeVisible();
  await screen(page, 'customer-gstin-mistyped');

  await gstinBox.fill(gstin.toLowerCase());
  await expect(gstinBox).toHaveValue(gstin);
  await expect(page.getByText(/^Registered in .+ \(\d\d\)\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();

  await page.goto(`/admin-panel/user/view/${customer._id}`);
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText(gstin, { exact: true })).toBeVisible();
  await expect(page.getByText('Reddy Foods and Caterers LLP', { exact: true })).toBeVisible();
  await screen(page, 'customer-gstin-view');
});
