import { expect, loginAs, screen, signIn, SUPER_ADMIN, test } from './fixtures';

/**
 * A session that ends while a form is open (signed out in another tab, or the token expired):
 * saving shows no success, changes nothing, goes to sign-in, and after signing in the admin is
 * back on the form. Before the write path went through react-admin's mutation hooks, the panel
 * read the empty answer react-admin gives after a 401 as success and said 'Element updated'.
 */
test('saving after the session ended changes nothing and comes back to the form', async ({
  page,
}) => {
  await loginAs(page, SUPER_ADMIN);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const auth = { Authorization: `Bearer ${token}` };
  const added = await page.request.post('/api/pincode/add', {
    headers: auth,
    data: { pinCode: '411001', pinType: 'Home' },
  });
  expect(added.status()).toBe(200);
  const id = (await added.json()).result.pincode._id as string;

  await page.goto(`/admin-panel/pincode/edit/${id}`);
  const number = page.getByRole('textbox', { name: 'Pin Code' });
  await expect(number).toHaveValue('411001');
  await number.fill('411002');

  // Another tab signs out: the server ends the session.
  const ended = await page.request.post('/api/admin/logout', { headers: auth, data: {} });
  expect(ended.status()).toBe(200);

  // Every toast shown from here on, however briefly (signing out clears the toasts).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.MuiSnackbarContent-message')) {
        if (toast.textContent && !seen.includes(toast.textContent)) seen.push(toast.textContent);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
  const toasts = await page.evaluate(
    () => (window as unknown as { toastsSeen: string[] }).toastsSeen,
  );
  expect(toasts.filter((text) => /updated|success/i.test(text))).toEqual([]);
  await screen(page, 'session-ended-login');

  await signIn(page, SUPER_ADMIN);
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin-panel/pincode/edit/${id}$`));
  // What the server holds: the change made while signed out was not saved.
  await expect(page.getByRole('textbox', { name: 'Pin Code' })).toHaveValue('411001');
  const fresh = await page.evaluate(() => localStorage.getItem('token'));
  const stored = await page.request.get(`/api/pincode/get-pincode/${id}`, {
    headers: { Authorization: `Bearer ${fresh}` },
  });
  expect((await stored.json()).result.pincode.number).toBe('411001');
});
