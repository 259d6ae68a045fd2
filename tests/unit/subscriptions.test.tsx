import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { buildMenu } from '@/layout/menuModel';
import { resources } from '../../resources';
import {
  accessDecided,
  fakeAuthProvider,
  headers,
  heading,
  renderPanel,
  SEEDED_CATEGORIES,
  SLOW,
} from './helpers';

/*
 * Subscriptions on the panel (issue 35): the list and its filters in the address, the add and
 * edit form (schedule kinds, validation, the plan's end, the server's refusal), the view's
 * calendar with skip and undo, pause, the 'already made' dialog, and the customer's tabs.
 */

const SLOTS = ['7 AM - 9 AM', '5 PM - 7 PM'];

const ASHA = {
  id: 'u1',
  _id: 'u1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  phone: '9876543210',
  status: 'Active',
  wallet: 0,
  isEmailVerified: true,
  isPhoneVerified: true,
  imageUrl: null,
  createdAt: '2025-01-05T10:00:00Z',
  addresses: [
    {
      _id: 'ad1',
      fullAddress: '12 MG Road, Bengaluru',
      city: '',
      state: '',
      pincode: '560001',
      isDefault: true,
    },
    {
      _id: 'ad2',
      fullAddress: '4 Park Street, Bengaluru',
      city: '',
      state: '',
      pincode: '560034',
      isDefault: false,
    },
  ],
};

const WATER_SUB = {
  id: 's1',
  _id: 's1',
  userId: 'u1',
  customer: { _id: 'u1', name: 'Asha Rao', phone: '9876543210', email: 'asha@example.in' },
  serviceId: 'w1',
  serviceName: 'Water',
  serviceKind: 'water',
  productId: 'p1',
  productName: 'Bisleri 20 L',
  planId: null,
  planName: null,
  accessories: [{ accessoryId: 'a1', name: 'Dispenser pump', quantity: 1 }],
  quantity: 2,
  returnQuantity: 2,
  schedule: { kind: 'weekdays', weekdays: [1, 4], everyNDays: null },
  scheduleText: 'Mon, Thu',
  slot: '7 AM - 9 AM',
  addressId: 'ad1',
  address: { fullAddress: '12 MG Road, Bengaluru', city: '', state: '', pincode: '560001' },
  pincode: '560001',
  startDate: '2025-03-01',
  endDate: null,
  paymentMethod: 'Cash on Delivery',
  specialInstruction: null,
  status: 'Active',
  statusReason: null,
  pause: null,
  nextDelivery: '2025-03-06',
  createdAt: '2025-02-28T10:00:00Z',
  updatedAt: '2025-02-28T10:00:00Z',
};

const TIFFIN_SUB = {
  ...WATER_SUB,
  id: 's2',
  _id: 's2',
  serviceId: 't1',
  serviceName: 'Tiffin',
  serviceKind: 'tiffin',
  productId: null,
  productName: null,
  planId: 'pl1',
  planName: 'Monthly Veg',
  accessories: [],
  quantity: 1,
  returnQuantity: 0,
  schedule: { kind: 'daily', weekdays: [], everyNDays: null },
  scheduleText: 'Every day',
  slot: '5 PM - 7 PM',
  pincode: '560034',
  endDate: '2025-03-30',
  status: 'Paused',
  statusReason: 'Travelling',
  pause: { _id: 'pa1', from: '2025-03-05', to: null, reason: 'Travelling' },
  nextDelivery: null,
};

const PRODUCTS = [{ id: 'p1', _id: 'p1', name: 'Bisleri 20 L', categoryId: 'w1' }];
const ACCESSORIES = [{ id: 'a1', _id: 'a1', name: 'Dispenser pump', categoryId: 'w1' }];
const PLANS = [{ id: 'pl1', _id: 'pl1', name: 'Monthly Veg', duration: 30, price: 3000 }];
const PINCODES = ['560001', '560034'].map((number, i) => ({ id: `pc${i}`, number }));

const MADE = [{ _id: 'o9', orderId: 'OD250306AB12', deliveryDay: '2025-03-06', status: 'Pending' }];

const MARCH = {
  month: '2025-03',
  days: Array.from({ length: 31 }, (_, i) => {
    const date = `2025-03-${String(i + 1).padStart(2, '0')}`;
    if (date === '2025-03-03')
      return {
        date,
        state: 'delivered',
        order: { _id: 'o1', orderId: 'OD250303XY', status: 'Delivered' },
      };
    if (date === '2025-03-06') return { date, state: 'skipped' };
    if (date === '2025-03-10') return { date, state: 'upcoming' };
    if (date === '2025-03-13') return { date, state: 'holiday', holiday: 'Holi' };
    return { date, state: 'none' };
  }),
};

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'create']: Mock } & Record<string, Mock>;

function fakeSubscriptions(overrides: Record<string, unknown> = {}): Fake {
  const lists: Record<string, unknown[]> = {
    subscriptions: [WATER_SUB, TIFFIN_SUB],
    categories: SEEDED_CATEGORIES,
    products: PRODUCTS,
    accessories: ACCESSORIES,
    plans: PLANS,
    pincodes: PINCODES,
    users: [ASHA],
    orders: [
      {
        id: 'o1',
        _id: 'o1',
        orderId: 'OD250303XY',
        createdAt: '2025-03-03T02:00:00Z',
        status: 'Delivered',
        totalAmount: 120,
        user: { _id: 'u1', firstName: 'Asha', lastName: 'Rao' },
        category: { _id: 'w1', name: 'Water', kind: 'water' },
        returnQuantity: 2,
        subscriptionId: 's1',
        deliveryDay: '2025-03-03',
      },
    ],
  };
  const records: Record<string, { id: string }[]> = {
    subscriptions: [WATER_SUB, TIFFIN_SUB],
    users: [ASHA],
  };
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      const data = lists[resource] ?? [];
      return { data, total: data.length };
    }),
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      const record = records[resource]?.find((r) => r.id === id);
      if (!record) throw new HttpError('Not found', 404);
      return { data: record };
    }),
    getMany: vi.fn(async (resource: string, { ids }: { ids: unknown[] }) => ({
      data: (records[resource] ?? []).filter((r) => ids.includes(r.id)),
    })),
    create: vi.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...data, id: 's9' },
      meta: { message: 'Subscription added successfully' },
    })),
    getDeliveryTimes: vi.fn(async () => ({
      data: { pickupTime: ['9 AM'], deliveryTime: SLOTS, gapHours: 2 },
      meta: {},
    })),
    subscriptionDetails: vi.fn(async ({ id }: { id: string }) => ({
      data: {
        subscription: id === 's2' ? TIFFIN_SUB : WATER_SUB,
        history: [
          {
            _id: 'h1',
            action: 'edited',
            changes: {
              quantity: [1, 2],
              pause: [null, { from: '2025-03-10', to: null }],
              endDate: ['2025-03-31', '2025-04-02'],
            },
            note: null,
            adminName: 'Asha Admin',
            at: '2025-03-02T05:30:00Z',
          },
        ],
        pauses: [],
        skips: [{ date: '2025-03-06' }],
      },
      meta: {},
    })),
    subscriptionCalendar: vi.fn(async ({ month }: { month: string }) => ({
      data: month === '2025-03' ? MARCH : { month, days: [] },
      meta: {},
    })),
    editSubscription: vi.fn(async () => ({
      data: { subscription: WATER_SUB, madeOrders: MADE },
      meta: { message: 'Subscription updated successfully' },
    })),
    pauseSubscription: vi.fn(async () => ({
      data: { subscription: WATER_SUB, madeOrders: [] },
      meta: { message: 'Subscription paused' },
    })),
    resumeSubscription: vi.fn(async () => ({ data: { subscription: WATER_SUB }, meta: {} })),
    skipSubscriptionDay: vi.fn(async () => ({
      data: { subscription: WATER_SUB, madeOrders: [] },
      meta: { message: 'Day skipped' },
    })),
    unskipSubscriptionDay: vi.fn(async () => ({
      data: { subscription: WATER_SUB, madeOrders: [] },
      meta: { message: 'Skip undone' },
    })),
    cancelSubscriptionDayOrder: vi.fn(async () => ({
      data: {},
      meta: { message: 'Order OD250306AB12 cancelled' },
    })),
    ...overrides,
  } as never) as Fake;
}

const listCalls = (dp: Fake, resource = 'subscriptions') =>
  dp.getList.mock.calls.filter(([r]) => r === resource);

/** A react-admin SelectInput: opens its list and picks the option. */
async function choose(label: RegExp | string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Orders Management menu', () => {
  it('lists Subscriptions after the orders lists', () => {
    const links = buildMenu(resources, [], { role: 'admin', permissions: { orders: true } })
      .groups.find((g) => g.id === 'orders')!
      .links.map((l) => [l.label, l.to]);
    expect(links.slice(0, 4)).toEqual([
      // New order (issue 37) heads the group.
      ['New Order', 'order/new'],
      ['All Orders', 'orders/1'],
      ['Fresh Orders', 'orders/fresh/1'],
      ['Reorders', 'orders/reorder/1'],
    ]);
    expect(links).toContainEqual(['Subscriptions', 'subscriptions/1']);
  });
});

describe('subscriptions list', () => {
  it('shows each subscription with its customer, item, schedule, next delivery and status', async () => {
    const dataProvider = fakeSubscriptions();
    renderPanel('/subscriptions/1', { dataProvider });
    await heading('Subscriptions');
    const table = await screen.findByRole('table', {}, SLOW);
    expect(headers(table)).toEqual([
      'Customer',
      'Service',
      'Product / Plan',
      'Quantity',
      'Schedule',
      'Slot',
      'Pin Code',
      'Next delivery',
      'Status',
      'End date',
      'Actions',
    ]);
    const water = within(table).getByText('Bisleri 20 L').closest('tr')!;
    expect(within(water).getByRole('link', { name: 'Asha Rao' })).toHaveAttribute(
      'href',
      '/user/view/u1',
    );
    expect(within(water).getByText('Mon, Thu')).toBeInTheDocument();
    expect(within(water).getByText('6, Mar 2025')).toBeInTheDocument();
    expect(within(water).getByText('Active')).toBeInTheDocument();
    expect(within(water).getByText('No end')).toBeInTheDocument();
    expect(
      await within(water).findByRole('link', { name: 'Edit Asha Rao – Bisleri 20 L' }),
    ).toHaveAttribute('href', '/subscription/edit/s1');
    expect(within(water).getByRole('button', { name: 'Pause Asha Rao' })).toBeInTheDocument();
    const tiffin = within(table).getByText('Monthly Veg').closest('tr')!;
    expect(within(tiffin).getByText('Paused')).toBeInTheDocument();
    expect(within(tiffin).getByText('30, Mar 2025')).toBeInTheDocument();
    expect(within(tiffin).getByRole('button', { name: 'Resume Asha Rao' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('reads its filters from the address and writes new ones back, with the search', async () => {
    const dataProvider = fakeSubscriptions();
    renderPanel('/subscriptions/1?status=Paused&endingWithin=7', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    expect(listCalls(dataProvider).at(-1)![1]).toMatchObject({
      filter: { status: 'Paused', endingWithin: '7' },
      pagination: { page: 1, perPage: 10 },
    });
    await choose('Service', 'Water');
    await waitFor(() =>
      expect(listCalls(dataProvider).at(-1)![1].filter).toEqual({
        status: 'Paused',
        endingWithin: '7',
        serviceId: 'w1',
      }),
    );
    await choose('Slot', '5 PM - 7 PM');
    await waitFor(() => expect(listCalls(dataProvider).at(-1)![1].filter.slot).toBe('5 PM - 7 PM'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'Asha');
    await waitFor(() => expect(listCalls(dataProvider).at(-1)![1].filter.q).toBe('Asha'));
  });

  it('resumes a paused subscription after a confirmation', async () => {
    const dataProvider = fakeSubscriptions();
    renderPanel('/subscriptions/1', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Resume Asha Rao' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(dataProvider.resumeSubscription).toHaveBeenCalledWith({ subscriptionId: 's2' }),
    );
  });
});

describe('add and edit a subscription', () => {
  it('prefills the customer from ?userId=, offers their addresses, and sends the weekdays', async () => {
    const dataProvider = fakeSubscriptions();
    renderPanel('/subscription/add?userId=u1', { dataProvider });
    await heading('Add Subscription');
    await waitFor(
      () =>
        expect(screen.getByRole('combobox', { name: /Customer/ })).toHaveValue(
          'Asha Rao · +91 98765 43210',
        ),
      SLOW,
    );
    await choose(/Service/, 'Water');
    await choose(/Product/, 'Bisleri 20 L');
    await userEvent.type(
      screen.getByRole('spinbutton', { name: 'Dispenser pump (quantity)' }),
      '1',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Chosen weekdays' }));
    await choose(/Slot/, '7 AM - 9 AM');
    await choose(/Delivery address/, '4 Park Street, Bengaluru');
    fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: '2025-03-03' } });
    // No weekday yet: the form says so and sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Choose at least one weekday.')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Mon' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Thu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create.mock.calls[0]![1].data).toEqual({
      userId: 'u1',
      productId: 'p1',
      accessories: [{ accessoryId: 'a1', quantity: 1 }],
      quantity: 1,
      returnQuantity: 0,
      schedule: { kind: 'weekdays', weekdays: [1, 4] },
      slot: '7 AM - 9 AM',
      addressId: 'ad2',
      startDate: '2025-03-03',
      paymentMethod: 'Cash on Delivery',
    });
    expect(await screen.findByText('Subscription added successfully')).toBeInTheDocument();
  });

  it('asks N for every N days, and refuses quantity 0 and an end before the start', async () => {
    const dataProvider = fakeSubscriptions();
    renderPanel('/subscription/add?userId=u1', { dataProvider });
    await heading('Add Subscription');
    await waitFor(
      () =>
        expect(screen.getByRole('combobox', { name: /Customer/ })).toHaveValue(
          'Asha Rao · +91 98765 43210',
        ),
      SLOW,
    );
    await choose(/Service/, 'Water');
    await choose(/Product/, 'Bisleri 20 L');
    await userEvent.click(screen.getByRole('radio', { name: 'Every N days' }));
    const n = screen.getByRole('spinbutton', { name: 'Every how many days' });
    await userEvent.clear(n);
    await userEvent.type(n, '120');
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: '2025-03-10' } });
    fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: '2025-03-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter a number of days from 2 to 90.')).toBeInTheDocument();
    expect(screen.getByText('Quantity must be at least 1.')).toBeInTheDocument();
    expect(screen.getByText('The end date cannot be before the start date.')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it("sets a plan's end to start + duration − 1 and shows it", async () => {
    const dataProvider = fakeSubscriptions();
    renderPanel('/subscription/add?userId=u1', { dataProvider });
    await heading('Add Subscription');
    await choose(/Service/, 'Tiffin');
    fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: '2025-03-05' } });
    await choose(/Plan/, 'Monthly Veg (30 days)');
    await waitFor(() => expect(screen.getByLabelText(/^End date/)).toHaveValue('2025-04-03'));
    expect(screen.getByText('The plan of 30 days ends on 3, Apr 2025.')).toBeInTheDocument();
    // Moving the start moves the end.
    fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: '2025-03-10' } });
    await waitFor(() => expect(screen.getByLabelText(/^End date/)).toHaveValue('2025-04-08'));
    expect(screen.queryByRole('combobox', { name: /Product/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal on the form", async () => {
    const dataProvider = fakeSubscriptions({
      create: vi.fn(async () => {
        throw new HttpError(
          'Slot must be one of the delivery times: 7 AM - 9 AM, 5 PM - 7 PM.',
          400,
        );
      }),
    });
    renderPanel('/subscription/add?userId=u1', { dataProvider });
    await heading('Add Subscription');
    await choose(/Service/, 'Water');
    await choose(/Product/, 'Bisleri 20 L');
    await choose(/Slot/, '5 PM - 7 PM');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const alert = await screen.findByText(
      'Slot must be one of the delivery times: 7 AM - 9 AM, 5 PM - 7 PM.',
      { selector: '.MuiAlert-message' },
    );
    expect(alert).toBeInTheDocument();
  });

  it('edits through subscription/edit and offers to cancel an order already made', async () => {
    const dataProvider = fakeSubscriptions();
    renderPanel('/subscription/edit/s1', { dataProvider });
    await heading('Edit Subscription');
    expect(screen.getByText('Asha Rao · +91 98765 43210')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Thu' }, SLOW)).toBeChecked();
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(dataProvider.editSubscription).toHaveBeenCalled());
    expect(dataProvider.editSubscription.mock.calls[0]![0]).toEqual({
      subscriptionId: 's1',
      productId: 'p1',
      accessories: [{ accessoryId: 'a1', quantity: 1 }],
      quantity: 3,
      returnQuantity: 2,
      schedule: { kind: 'weekdays', weekdays: [1, 4] },
      slot: '7 AM - 9 AM',
      addressId: 'ad1',
      startDate: '2025-03-01',
      paymentMethod: 'Cash on Delivery',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Orders already made' });
    expect(
      within(dialog).getByText('The order for 6, Mar 2025 (OD250306AB12) was already made.'),
    ).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Cancel order OD250306AB12' }),
    );
    await waitFor(() =>
      expect(dataProvider.cancelSubscriptionDayOrder).toHaveBeenCalledWith({
        subscriptionId: 's1',
        orderId: 'o9',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('a subscription view', () => {
  it('shows the details, the month with its states and legend, and the history', async () => {
    const dataProvider = fakeSubscriptions();
    renderPanel('/subscription/view/s1?month=2025-03', { dataProvider });
    await heading('Subscription Details');
    expect(dataProvider.subscriptionDetails).toHaveBeenCalledWith({ id: 's1' });
    expect(screen.getByRole('link', { name: 'Asha Rao' })).toHaveAttribute('href', '/user/view/u1');
    expect(screen.getByText('Dispenser pump × 1')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'March 2025' })).toBeInTheDocument();
    expect(dataProvider.subscriptionCalendar).toHaveBeenCalledWith({ id: 's1', month: '2025-03' });
    expect(
      screen.getByRole('link', { name: '3, Mar 2025: Delivered (OD250303XY)' }),
    ).toHaveAttribute('href', '/order/view/o1');
    expect(screen.getByRole('img', { name: '13, Mar 2025: Holiday (Holi)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '1, Mar 2025: No delivery' })).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Delivered',
      'Order made',
      'Cancelled',
      'Skipped',
      'Paused',
      'Holiday',
      'Upcoming',
      'Missed',
    ]);
    const history = screen.getByRole('table', { name: 'History' });
    expect(within(history).getByText('Asha Admin')).toBeInTheDocument();
    expect(within(history).getByText('Edited')).toBeInTheDocument();
    expect(within(history).getByText('Quantity: 1 → 2')).toBeInTheDocument();
    expect(
      within(history).getByText('Pause: — → 10, Mar 2025 – until resumed'),
    ).toBeInTheDocument();
    expect(within(history).getByText('End date: 31, Mar 2025 → 2, Apr 2025')).toBeInTheDocument();
  });

  it('skips an upcoming day, undoes a skip, and moves between months', async () => {
    const dataProvider = fakeSubscriptions();
    renderPanel('/subscription/view/s1?month=2025-03', { dataProvider });
    await userEvent.click(
      await screen.findByRole('button', { name: '10, Mar 2025: Upcoming' }, SLOW),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Skip this day' }));
    await waitFor(() =>
      expect(dataProvider.skipSubscriptionDay).toHaveBeenCalledWith({
        subscriptionId: 's1',
        date: '2025-03-10',
      }),
    );
    expect(await screen.findByText('Day skipped')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '6, Mar 2025: Skipped' }));
    expect(screen.queryByRole('menuitem', { name: 'Skip this day' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Undo skip' }));
    await waitFor(() =>
      expect(dataProvider.unskipSubscriptionDay).toHaveBeenCalledWith({
        subscriptionId: 's1',
        date: '2025-03-06',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() =>
      expect(dataProvider.subscriptionCalendar).toHaveBeenCalledWith({
        id: 's1',
        month: '2025-04',
      }),
    );
    expect(await screen.findByRole('group', { name: 'April 2025' })).toBeInTheDocument();
  });

  it('offers to cancel or keep the order a skip meets', async () => {
    const dataProvider = fakeSubscriptions({
      skipSubscriptionDay: vi.fn(async () => ({
        data: { subscription: WATER_SUB, madeOrders: MADE },
        meta: { message: 'Day skipped' },
      })),
    });
    renderPanel('/subscription/view/s1?month=2025-03', { dataProvider });
    await userEvent.click(
      await screen.findByRole('button', { name: '10, Mar 2025: Upcoming' }, SLOW),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Skip this day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Orders already made' });
    expect(
      within(dialog).getByText('The order for 6, Mar 2025 (OD250306AB12) was already made.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it OD250306AB12' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.cancelSubscriptionDayOrder).not.toHaveBeenCalled();
  });

  it('pauses from a day to a day, extending a plan', async () => {
    const dataProvider = fakeSubscriptions({
      subscriptionDetails: vi.fn(async () => ({
        data: {
          subscription: { ...TIFFIN_SUB, status: 'Active', pause: null, statusReason: null },
          history: [],
          pauses: [],
          skips: [],
        },
        meta: {},
      })),
    });
    renderPanel('/subscription/view/s2?month=2025-03', { dataProvider });
    await heading('Subscription Details');
    expect(screen.getByText('No changes yet.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '2025-03-12' } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '2025-03-15' } });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Travelling');
    expect(
      within(dialog).getByRole('switch', { name: "Extend the plan's end by the paused days" }),
    ).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(dataProvider.pauseSubscription).toHaveBeenCalledWith({
        subscriptionId: 's2',
        from: '2025-03-12',
        to: '2025-03-15',
        reason: 'Travelling',
        extendEnd: true,
      }),
    );
    expect(await screen.findByText('Subscription paused')).toBeInTheDocument();
  });
});

describe("the customer view's Subscriptions and Orders tabs", () => {
  it("lists the customer's subscriptions with 'Add subscription' for them", async () => {
    const dataProvider = fakeSubscriptions();
    renderPanel('/user/view/u1?tab=subscriptions', { dataProvider });
    await heading('Asha Rao');
    expect(await screen.findByRole('tab', { name: 'Subscriptions' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const table = await screen.findByRole('table', {}, SLOW);
    expect(within(table).getByText('Bisleri 20 L')).toBeInTheDocument();
    expect(headers(table)[0]).toBe('Service');
    expect(listCalls(dataProvider).at(-1)![1].filter).toEqual({ userId: 'u1' });
    expect(screen.getByRole('link', { name: 'Add subscription' })).toHaveAttribute(
      'href',
      '/subscription/add?userId=u1',
    );
  });

  it("pages the customer's orders from order/get-customer-orders, each opening its order", async () => {
    const dataProvider = fakeSubscriptions();
    renderPanel('/user/view/u1', { dataProvider });
    await heading('Asha Rao');
    await userEvent.click(await screen.findByRole('tab', { name: 'Orders' }, SLOW));
    const table = await screen.findByRole('table', {}, SLOW);
    expect(within(table).getByText('OD250303XY')).toBeInTheDocument();
    expect(listCalls(dataProvider, 'orders').at(-1)![1]).toMatchObject({
      filter: { userId: 'u1' },
      meta: { list: 'byCustomer' },
      pagination: { page: 1, perPage: 10 },
    });
    const row = within(table).getByText('OD250303XY').closest('tr')!;
    expect(within(row).getByRole('link', { name: /View/ })).toHaveAttribute(
      'href',
      '/order/view/o1',
    );
  });

  it('leaves both tabs out for an admin without Orders Management', async () => {
    const dataProvider = fakeSubscriptions();
    const { authProvider } = renderPanel('/user/view/u1?tab=subscriptions', {
      dataProvider,
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { userManagement: true } }),
    });
    await heading('Asha Rao');
    // The refusal has reached the screen.
    await accessDecided(authProvider.canAccess, 'subscriptions');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Subscriptions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Orders' })).not.toBeInTheDocument();
    expect(listCalls(dataProvider)).toEqual([]);
  });
});
