import { apiOf, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * A customer's account (issue 36) end to end, as an operator works it: the customer's Account
 * tab, a UPI payment recorded and the balance risen by it, the same UPI reference refused with
 * the entry that used it named, and the tab on a phone. The customer is one of prepare.ts's that
 * no other spec pays into.
 */

/** '₹1,250.00' as a number. */
const rupees = (text: string) => Number(text.replace(/[₹,\s]/g, ''));

test('a UPI payment is recorded on the Account tab, and its reference is refused a second time', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, SUPER_ADMIN);
  const api = await apiOf(page);
  const { users } = await api.get('user/all-users?page=1&limit=12&status=Active');
  const customer = users.at(-2);
  const name = `${customer.firstName} ${customer.lastName}`;
  const reference = `4123${String(Date.now()).slice(-8)}`;

  await page.goto(`/admin-panel/user/view/${customer._id}`);
  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page).toHaveURL(/tab=account/);
  const balance = page.getByLabel('Balance', { exact: true });
  await expect(balance).toBeVisible();
  const before = rupees(await balance.innerText());

  await page.getByRole('button', { name: 'Record payment' }).click();
  let dialog = page.getByRole('dialog', { name: `Record payment from ${name}` });
  await dialog.getByLabel(/^Amount/).fill('500');
  await dialog.getByRole('textbox', { name: 'UPI reference' }).fill(reference);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(balance).toHaveText(
    new RegExp(`^₹${(before + 500).toLocaleString('en-IN', { minimumFractionDigits: 2 })}$`),
  );
  const ledger = page.getByRole('table', { name: 'Ledger' });
  await expect(ledger.getByText(`UPI · ${reference}`)).toBeVisible();
  await screen(page, 'account-1366');

  // The same reference, spaced differently: refused, naming the payment just recorded.
  await page.getByRole('button', { name: 'Record payment' }).click();
  dialog = page.getByRole('dialog', { name: `Record payment from ${name}` });
  await dialog.getByLabel(/^Amount/).fill('200');
  await dialog
    .getByRole('textbox', { name: 'UPI reference' })
    .fill(`${reference.slice(0, 4)} ${reference.slice(4)}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    new RegExp(
      `^UPI reference ${reference} was already recorded on .+ for ${name} \\(₹500\\.00\\)\\.$`,
    ),
  );
  await screen(page, 'account-409');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(balance).toHaveText(
    new RegExp(`^₹${(before + 500).toLocaleString('en-IN', { minimumFractionDigits: 2 })}$`),
  );

  // On a phone: the ledger a line per entry.
  await page.setViewportSize({ width: 390, height: 844 });
  // Opened afresh at phone width: the menu starts closed, as on a phone.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Ledger' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Ledger' }).getByText(`UPI · ${reference}`),
  ).toBeVisible();
  await screen(page, 'account-390');
});
