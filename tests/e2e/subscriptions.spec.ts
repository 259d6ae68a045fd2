import type { Page } from '@playwright/test';
import { addDays, indiaDay } from '@shared/time';
import { apiOf, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/*
 * Subscriptions (issue 35) end to end, as an operator works them: a standing order of two water
 * jars added from the customer's view, tomorrow skipped and the skip undone on its calendar,
 * tomorrow's counts projected on Tomorrow, the day made there by the super-admin, the order on
 * the customer's Orders tab, then a pause that takes the made day away, with the offer to cancel
 * its order taken. The customer is one of prepare.ts's; no other spec counts their orders.
 */

const tomorrow = addDays(indiaDay(), 1);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A day as the calendar's cells name it: '29, Nov 2026'. */
const dayLabel = (day: string) =>
  `${Number(day.slice(8))}, ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/** The calendar's cell of `day`, whatever its state, on its month. */
async function calendarDay(page: Page, day: string) {
  if (day.slice(0, 7) !== indiaDay().slice(0, 7)) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  return page.getByLabel(new RegExp(`^${dayLabel(day)}: `));
}

test('a standing order is added, skipped, counted, made, and paused with its made order cancelled', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, SUPER_ADMIN);
  const api = await apiOf(page);

  // A delivery time to choose, and the customer's pin code served, so the day can be made.
  const times = await api.get('delivery-time/get-delivery-time');
  const slot: string = times.deliveryTime?.[0] ?? '7:00 AM - 9:00 AM';
  if (!times.deliveryTime?.length) {
    await api.post('delivery-time/save', {
      pickupTime: times.pickupTime?.length ? times.pickupTime : ['9:00 AM - 12:00 PM'],
      deliveryTime: [slot],
      gapHours: times.gapHours ?? 0,
    });
  }
  const { users } = await api.get('user/all-users?page=1&limit=12&status=Active');
  const customer = users.at(-1);
  const name = `${customer.firstName} ${customer.lastName}`;
  const detail = await api.get(`user/get-user/${customer._id}`);
  const pincode: string = (detail.user.addresses ?? detail.user.address ?? []).find(
    (a: { isDefault?: boolean }) => a.isDefault,
  )?.pincode;
  expect(pincode, 'the customer has a default address').toBeTruthy();
  await api.postRaw('pincode/add', { pinCode: pincode });

  // Added from the customer's view: two 20 L jars every day from tomorrow.
  await page.goto(`/admin-panel/user/view/${customer._id}?tab=subscriptions`);
  await page.getByRole('link', { name: 'Add subscription' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/subscription\/add\?userId=/);
  await page.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: 'Water' }).click();
  await page.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: /20 L Water Jar/ }).click();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('combobox', { name: 'Slot' }).click();
  await page.getByRole('option', { name: slot }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  // Back on the customer's Subscriptions tab, which lists it.
  await expect(page).toHaveURL(/\/admin-panel\/user\/view\/.*tab=subscriptions/);
  await expect(page.getByText(slot).first()).toBeVisible();
  await page.getByRole('link', { name: /^View/ }).first().click();
  await expect(page).toHaveURL(/\/admin-panel\/subscription\/view\//);
  await expect(page.getByText('Every day', { exact: true })).toBeVisible();

  // Tomorrow skipped on the calendar, then the skip undone.
  await (await calendarDay(page, tomorrow)).click();
  await page.getByRole('menuitem', { name: 'Skip this day' }).click();
  await expect(await calendarDay(page, tomorrow)).toHaveAttribute('title', /: Skipped$/);
  await (await calendarDay(page, tomorrow)).click();
  await page.getByRole('menuitem', { name: 'Undo skip' }).click();
  await expect(await calendarDay(page, tomorrow)).toHaveAttribute('title', /: Upcoming$/);
  const view = page.url();

  // Tomorrow's counts, projected, then made by the super-admin.
  await page.goto(`/admin-panel/roster?date=${tomorrow}`);
  await expect(page.getByText('Not made yet: projected from the subscriptions')).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: pincode }).filter({ hasText: '20 L Water Jar' }),
  ).toBeVisible();
  await screen(page, 'roster');
  await page.getByRole('button', { name: 'Make this day now' }).click();
  await page.getByRole('button', { name: 'Make orders' }).click();
  await expect(page.getByText(/^Made \d+ orders?, skipped/).first()).toBeVisible();
  await expect(page.getByText(/^Made at .* by Super Admin/)).toBeVisible();

  // The made order is on the customer's Orders tab.
  const { orders } = await api.get(
    `order/get-customer-orders?userId=${customer._id}&page=1&limit=10`,
  );
  const made = orders.find((o: { subscriptionId: string | null }) => o.subscriptionId);
  expect(made).toMatchObject({ deliveryDay: tomorrow, status: 'Pending' });
  await page.goto(`/admin-panel/user/view/${customer._id}?tab=orders`);
  await expect(page.getByRole('row').filter({ hasText: made.orderId })).toContainText('Pending');

  // Paused from tomorrow: the made order is offered for cancelling, and cancelled.
  await page.goto(view);
  await page.getByRole('button', { name: 'Pause' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('From').fill(tomorrow);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Away for a week');
  await dialog.getByRole('button', { name: 'Pause' }).click();
  const offer = page.getByRole('dialog').filter({ hasText: 'Orders already made' });
  await expect(offer).toContainText(/The order for .* was already made\./);
  await offer.getByRole('button', { name: 'Cancel order' }).click();
  await expect(offer).toBeHidden();
  await expect(await calendarDay(page, tomorrow)).toHaveAttribute(
    'title',
    `${dayLabel(tomorrow)}: Cancelled (${made.orderId})`,
  );
  await page.goto(`/admin-panel/user/view/${customer._id}?tab=orders`);
  await expect(page.getByRole('row').filter({ hasText: made.orderId })).toContainText('Cancelled');
  await page.goto(view);
  await expect(page.getByText('Away for a week').first()).toBeVisible();
  await screen(page, 'subscription-view');

  // The list finds it by the customer's name, at phone width too.
  await page.goto(`/admin-panel/subscriptions/1?search=${encodeURIComponent(name)}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(name).first()).toBeVisible();
  await screen(page, 'subscriptions-390');
});
