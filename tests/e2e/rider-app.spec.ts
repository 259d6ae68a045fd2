import { apiOf, E2E_JOBS, expect, loginAs, screen, SUPER_ADMIN, test } from './fixtures';

/**
 * The riders' page (issue 40) on a phone: a rider whose PIN an admin set signs in at /rider,
 * sees today's stops, marks one delivered with the cash counted and one not delivered, in
 * Hindi for the second; the admin's run page then shows what the rider reported.
 */
const RIDER = { name: 'Bhola Prasad', phone: '9845077001', pin: '4826' };

test('a rider signs in on a phone, delivers one stop and reports another, in English then Hindi', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, SUPER_ADMIN);
  const api = await apiOf(page);

  // Two water jobs for a new rider today, on the second prepared pin code.
  const pincode = E2E_JOBS.pins[1];
  const { users } = await api.get('user/all-users?limit=50');
  let customer: { customerId: string; addressId: string } | undefined;
  for (const user of users as { _id: string }[]) {
    const { user: full } = await api.get(`user/get-user/${user._id}`);
    const address = (full.addresses as { _id: string; pincode: string }[]).find((a) =>
      /^\d{6}$/.test(a.pincode),
    );
    if (address) {
      customer = { customerId: user._id, addressId: address._id };
      break;
    }
  }
  const { categories } = await api.get('category/view-all-categories?limit=100');
  const water = (categories as { _id: string; name: string }[]).find((c) => c.name === 'Water')!;
  const [jar] = (await api.get(`product/by-category?searchId=${water._id}`)) as {
    _id: string;
    name: string;
  }[];
  const jobs: { _id: string; orderId: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const { order } = await api.post('order/place-order', {
      ...customer!,
      productId: jar!._id,
      quantity: 2,
      returnQuantity: 0,
      deliveryTime: '7:00 AM - 9:00 AM',
      paymentMethod: 'Cash on Delivery',
    });
    jobs.push(order);
  }
  const { rider } = await api.post('rider/create-rider', {
    ...RIDER,
    pincodes: [pincode],
    shift: 'Both',
  });
  await api.post('order/assign-rider', { orderIds: jobs.map((j) => j._id), riderId: rider._id });
  await api.post('rider/set-pin', { riderId: rider._id, pin: RIDER.pin });

  // The rider's phone: a context of its own, 390 px wide.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const riderPage = await phone.newPage();
  await riderPage.goto('/rider');
  await riderPage.getByLabel('Mobile number').fill(RIDER.phone);
  await riderPage.getByLabel('PIN').fill('9999');
  await riderPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(riderPage.getByText('Wrong mobile number or PIN.')).toBeVisible();
  await riderPage.getByLabel('PIN').fill(RIDER.pin);
  await riderPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(riderPage.getByRole('heading', { name: "Today's stops" })).toBeVisible();
  await expect(riderPage.getByText('To do (2)')).toBeVisible();
  await expect(riderPage.getByText(jobs[0]!.orderId)).toBeVisible();
  await screen(riderPage, 'rider-stops');

  // The first stop: delivered, the cash prefilled with what is due.
  const first = riderPage.getByRole('listitem').filter({ hasText: jobs[0]!.orderId });
  await first.getByRole('button', { name: 'At the door' }).click();
  await expect(riderPage.getByRole('heading', { name: 'At the door' })).toBeVisible();
  await riderPage.getByRole('radio', { name: 'Cash' }).check();
  await screen(riderPage, 'rider-door');
  await riderPage.getByRole('button', { name: 'Save: delivered' }).click();
  await expect(riderPage.getByText('Done (1)')).toBeVisible();

  // The second in Hindi: not at home.
  await riderPage.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(riderPage.getByText('बाकी (1)')).toBeVisible();
  await riderPage.getByRole('button', { name: 'दरवाज़े पर' }).first().click();
  await riderPage.getByRole('button', { name: 'डिलीवर नहीं हुआ' }).first().click();
  await riderPage.getByRole('radio', { name: 'घर पर नहीं' }).check();
  await riderPage.getByRole('button', { name: 'सेव करें: डिलीवर नहीं हुआ' }).click();
  await expect(riderPage.getByText('पूरे हुए (2)')).toBeVisible();
  await screen(riderPage, 'rider-done-hi');

  // The server has both: the first delivered by the rider, the second open with a reason.
  await expect
    .poll(async () => (await api.get(`order/get-order/${jobs[0]!._id}`)).order.status)
    .toBe('Delivered');
  const second = (await api.get(`order/get-order/${jobs[1]!._id}`)).order;
  expect(second.status).toBe('Pending');
  expect(second.statusHistory.at(-1)).toMatchObject({
    by: { name: `${RIDER.name} (rider)` },
    note: 'Not delivered: Not at home',
  });
  const run = await api.get(`rider/run/${rider._id}`);
  const outcomes = (run.jobs as { orderId: string; doorOutcome: { kind: string } | null }[]).map(
    (j) => [j.orderId, j.doorOutcome?.kind],
  );
  expect(Object.fromEntries(outcomes)).toEqual({
    [jobs[0]!.orderId]: 'delivered',
    [jobs[1]!.orderId]: 'not-delivered',
  });

  // No network, and the page reloaded (a phone discarding the tab): it opens from the phone,
  // with the list kept there (public/rider/sw.js).
  await riderPage.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await phone.setOffline(true);
  await riderPage.reload();
  await expect(riderPage.getByText('पूरे हुए (2)')).toBeVisible();
  await expect(riderPage.getByText(jobs[0]!.orderId)).toBeVisible();
  await screen(riderPage, 'rider-offline-reload');
  await phone.setOffline(false);
  await phone.close();
});
