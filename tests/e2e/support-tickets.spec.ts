import type { Page } from '@playwright/test';
import { E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Support by ticket (issue 37): prepare.ts's resolved ticket E2E_JOBS.namedTicket (Returns &
 * Refunds, naming the ledger order) is found in the ticket list by its customer, opened, reopened,
 * answered without picking a status (the author shows), and resolved again, so that each width
 * starts from the same state.
 */

const SUBJECT = 'Returns & Refunds';

/** The page is no wider than its viewport. */
async function expectFits(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** Reopens the ticket on screen, answers it without picking a status, then resolves it. */
async function reopenAnswerResolve(page: Page, width: number) {
  const card = page.getByRole('article', { name: SUBJECT });
  await expect(card.getByText('Resolved', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Reopen' }).click();
  const confirm = page.getByRole('dialog', { name: `Reopen ${SUBJECT}?` });
  await confirm.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByText('Ticket reopened.')).toBeVisible();
  await expect(card.getByText('Unresolved', { exact: true })).toBeVisible();

  const reply = `Checking the refund (${width} px).`;
  await card.getByRole('button', { name: 'Reply' }).click();
  const dialog = page.getByRole('dialog', { name: `Reply to ${SUBJECT}` });
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Unresolved');
  await dialog.getByRole('textbox', { name: 'Reply' }).fill(reply);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reply sent.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The reply, with its author and time; the ticket stays open.
  const written = card.getByRole('listitem').filter({ hasText: reply });
  await expect(written).toContainText(/Super Admin · \d/);
  await expect(card.getByText('Unresolved', { exact: true })).toBeVisible();
  await screen(page, `support-ticket-${width}`);
  await expectFits(page);

  await card.getByRole('button', { name: 'Reply' }).click();
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Resolved', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Reply' }).fill('Refunded today.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reply sent.').first()).toBeVisible();
  await expect(card.getByText('Resolved', { exact: true })).toBeVisible();
}

/** The ticket's customer, its order link and the phone to call. */
async function expectRelatives(page: Page) {
  await expect(page.getByText(E2E_JOBS.namedTicket)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Open customer / })).toHaveAttribute(
    'href',
    /\/admin-panel\/user\/view\/[^/]+$/,
  );
  await expect(page.getByRole('link', { name: /^Call \+91/ })).toHaveAttribute('href', /^tel:/);
  await expect(
    page.getByRole('link', { name: `Open order ${E2E_JOBS.ledgerOrder}` }),
  ).toHaveAttribute('href', /\/admin-panel\/order\/view\/[^/]+$/);
}

test('at 1366 px: find a ticket by its customer, reopen it, reply without picking a status', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, SUPER_ADMIN);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByText('Support Management', { exact: true }).click();
  await nav.getByText('Tickets', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin-panel\/support\/tickets\/1$/);
  await expect(page.getByRole('heading', { name: 'Tickets', level: 1 })).toBeVisible();
  for (const column of ['Subject', 'Customer', 'Age', 'Status', 'Last reply']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: SUBJECT }) });
  const customer = (await row.getByRole('link', { name: /^Open customer / }).innerText()).trim();

  await page.getByRole('searchbox', { name: 'Search' }).fill(customer);
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  // prepare.ts's customer has this one ticket: the search leaves its row alone.
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(customer);
  await expect(row).toContainText('Resolved');
  await screen(page, 'support-tickets-1366');
  await expectFits(page);

  await row.getByRole('link', { name: SUBJECT }).click();
  await expect(page).toHaveURL(/\/admin-panel\/support\/view-support\/[^/]+$/);
  await expectRelatives(page);
  await reopenAnswerResolve(page, 1366);

  // In the list, the last reply names its author.
  await nav.getByText('Tickets', { exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(customer);
  await expect(rows).toHaveCount(1);
  await expect(row).toContainText('just now · Super Admin');
  await expect(row).toContainText('Resolved');
});

test('at 390 px: the same ticket from a line of the list, reopened and answered', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, SUPER_ADMIN);
  await page.goto('/admin-panel/support/tickets/1?status=resolved&type=2');
  await expect(page.getByRole('heading', { name: 'Tickets', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: SUBJECT }).first();
  await expect(line).toBeVisible();
  await expect(line).toContainText('+91');
  await screen(page, 'support-tickets-390');
  await expectFits(page);
  await line.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin-panel\/support\/view-support\/[^/]+$/);
  await expectRelatives(page);
  await reopenAnswerResolve(page, 390);
});
