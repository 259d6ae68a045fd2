import { expect, newestMailTo, RECOVER_ADMIN, screen, signIn, test } from './fixtures';

const OTP_TEXT = /Your one-time password \(OTP\) is (\d{6})\./;

test('an admin recovers a forgotten password with the mailed OTP', async ({ page }) => {
  await page.goto('/admin-panel/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();

  await expect(page).toHaveURL(/\/admin-panel\/send-otp$/);
  await expect(page.getByRole('heading', { name: 'Send OTP', level: 1 })).toBeVisible();
  await page.getByPlaceholder('Enter Email Here ...').fill(RECOVER_ADMIN.email);
  await screen(page, 'recovery-send-otp');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('OTP sent successfully!')).toBeVisible();

  await expect(page).toHaveURL(/\/admin-panel\/verify-otp$/);
  await expect(page.getByRole('heading', { name: 'Verify OTP', level: 1 })).toBeVisible();
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await expect(email).toHaveValue(RECOVER_ADMIN.email);
  await expect(email).not.toBeEditable();

  let otp = '';
  await expect
    .poll(
      () => {
        otp = newestMailTo(RECOVER_ADMIN.email)?.match(OTP_TEXT)?.[1] ?? '';
        return otp;
      },
      { message: 'the OTP e-mail in the outbox' },
    )
    .toMatch(/^\d{6}$/);
  await page.getByRole('textbox', { name: 'OTP', exact: true }).fill(otp);
  await screen(page, 'recovery-verify-otp');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP verified successfully!')).toBeVisible();

  await expect(page).toHaveURL(/\/admin-panel\/update-forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Update Password', level: 1 })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Password', exact: true })
    .fill(RECOVER_ADMIN.newPassword);
  await page
    .getByRole('textbox', { name: 'Confirm Password', exact: true })
    .fill(`${RECOVER_ADMIN.newPassword}x`);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Passwords do not match!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/update-forgot-password$/);
  await screen(page, 'recovery-mismatch');

  await page
    .getByRole('textbox', { name: 'Confirm Password', exact: true })
    .fill(RECOVER_ADMIN.newPassword);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password has been updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
  await screen(page, 'recovery-updated');

  await signIn(page, { email: RECOVER_ADMIN.email, password: RECOVER_ADMIN.newPassword });
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/dashboard$/);
  await screen(page, 'recovery-signed-in');
});
