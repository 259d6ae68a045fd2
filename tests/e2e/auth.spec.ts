import { addAxe, expect, screen, signIn, SUPER_ADMIN, test } from './fixtures';

test('a protected screen asks for a sign-in, then opens after it', async ({ page }) => {
  await page.goto('/admin-panel/categories/1');
  await expect(page).toHaveURL(/\/admin-panel\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
  await screen(page, 'auth-login');

  await signIn(page, SUPER_ADMIN);
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/categories\/1$/);
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  await screen(page, 'auth-back-on-first-page');
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/admin-panel/login');
  await signIn(page, { email: SUPER_ADMIN.email, password: 'not-the-password' });
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/login$/);
  await screen(page, 'auth-wrong-password');
});

test('logout from the top bar ends the session', async ({ page }) => {
  await page.goto('/admin-panel/login');
  await signIn(page, SUPER_ADMIN);
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-panel\/dashboard$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await screen(page, 'auth-dashboard');

  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await screen(page, 'auth-logged-out');
  // The server ended the session too: the old token no longer works.
  const reused = await page.request.get('/api/admin/get-user-data', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(reused.status()).toBe(401);

  await page.goto('/admin-panel/categories/1');
  await expect(page).toHaveURL(/\/admin-panel\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
});

test('the browser keeps its device cookie and sends it with its next sign-in', async ({
  page,
  context,
}) => {
  await page.goto('/admin-panel/login');
  await signIn(page, SUPER_ADMIN);
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  const device = (await context.cookies()).find((c) => c.name === 'admin_device');
  expect(device).toMatchObject({ path: '/api/admin', httpOnly: true, sameSite: 'Strict' });
  // HttpOnly: the panel's scripts cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('admin_device');

  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/login$/);
  const signInCall = page.waitForRequest((r) => r.url().endsWith('/api/admin/login'));
  await signIn(page, SUPER_ADMIN);
  expect(await (await signInCall).headerValue('cookie')).toContain(`admin_device=${device!.value}`);
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
});

test('the first login page is the light form: no panel code until the admin starts on it, and accessible', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const panelChunk = /\/assets\/panel-[\w-]+\.js$/;
  await page.goto('/admin-panel/login');
  await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => panelChunk.test(s))).toBe(false);

  await addAxe(page);
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is added to the page by addAxe above
    const result = await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] });
    return (result.violations as { id: string; impact: string }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id);
  });
  expect(violations).toEqual([]);

  // Starting on the form fetches the panel, so that it is there by the time the admin signs in.
  const panelLoads = page.waitForRequest((request) => panelChunk.test(request.url()));
  await page.getByRole('textbox', { name: 'Email', exact: true }).focus();
  await panelLoads;
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('This field is required.')).toHaveCount(2);
});
