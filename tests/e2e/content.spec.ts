import { expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await loginAs(page, SUPER_ADMIN);
});

test('saving contact us in the panel changes the landing page footer', async ({
  page,
  browser,
}) => {
  await page.goto('/admin-panel/contact-us');
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  const email = page.getByRole('textbox', { name: 'Email' });
  const phone = page.getByRole('textbox', { name: 'Phone' });
  await email.fill('not-an-email');
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await expect(page.getByText(/^Please enter a valid phone number/)).toBeVisible();

  await email.fill('care@doorstep-e2e.in');
  await phone.fill('+91 80 4567 8900');
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await editor.pressSequentially('Call us any day between 8 and 8.');
  // The live preview is the server's sanitised form of the text.
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText(
    'Call us any day between 8 and 8.',
  );
  await screen(page, 'content-contact-us');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact Us updated successfully!')).toBeVisible();

  // A visitor (no session) opening the website sees the new details without a rebuild.
  const visitor = await browser.newContext();
  const landing = await visitor.newPage();
  await landing.goto('/');
  const footer = landing.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'care@doorstep-e2e.in' })).toHaveAttribute(
    'href',
    'mailto:care@doorstep-e2e.in',
  );
  await expect(footer.getByRole('link', { name: '+91 80 4567 8900' })).toHaveAttribute(
    'href',
    'tel:+918045678900',
  );
  await expect(landing.getByText('support@example.com')).toHaveCount(0);
  await visitor.close();
});

test('the terms saved in the panel show at /terms, the privacy text at /privacy', async ({
  page,
}) => {
  await page.goto('/admin-panel/terms-and-conditions');
  await expect(page.getByRole('heading', { name: 'Terms & Conditions', level: 1 })).toBeVisible();
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await editor.pressSequentially('Orders can be cancelled until the jar leaves the depot.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Terms & Conditions saved successfully!')).toBeVisible();

  await page.goto('/admin-panel/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await page.locator('.ProseMirror').click();
  await page.locator('.ProseMirror').pressSequentially('We keep your address only to deliver.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Privacy Policy saved successfully!')).toBeVisible();

  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms & Conditions', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    'Orders can be cancelled until the jar leaves the depot.',
  );
  await expect(page.getByRole('main')).not.toContainText('We keep your address');
  await screen(page, 'content-terms-page');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('main')).toContainText('We keep your address only to deliver.');
});
