import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { dashboard } from '@resources/dashboard';
import { cutText } from '@resources/dashboard/cutText';
import { createDataProvider } from '@/providers/dataProvider';
import { liveOrders, liveStops } from '@/live/store';
import { stubApi } from './apiStub';
import { fakeAuthProvider, fakeDataProvider, renderPanel, SEEDED_CATEGORIES } from './helpers';

const LONG = 'The jar delivered this morning had a broken seal. Please replace it.';

const DASHBOARD = {
  allUsers: 123456,
  activeUsers: 120000,
  blockedUsers: 3456,
  allOrders: 2500000,
  pendingOrders: 1200,
  deliveredOrders: 2400000,
  shippedOrders: 98000,
  cancelledOrders: 800,
  recentOrders: [
    {
      _id: 'o1',
      orderId: 'OD261122K3F9QZ',
      paymentMethod: null,
      amount: 1250,
      status: 'Pending',
      createdAt: '2026-11-22T05:00:00Z',
    },
    {
      _id: 'o2',
      orderId: 'OD261121ABCDEF',
      paymentMethod: 'UPI',
      amount: 120.5,
      status: 'Delivered',
      createdAt: '2026-11-21T05:00:00Z',
    },
  ],
  recentSupports: [
    {
      _id: 't1',
      userId: 'u1',
      description: LONG,
      createdAt: '2025-03-05T10:00:00Z',
      status: 'unresolved',
    },
    {
      _id: 't2',
      userId: 'u2',
      description: 'Wrong bill',
      createdAt: '2025-03-04T10:00:00Z',
      status: 'resolved',
    },
  ],
};

/** As many buckets as the server answers for each type, labelled so each type is recognisable. */
function bucketsFor(type: string) {
  const n = { daily: 14, weekly: 12, monthly: 12, quarterly: 8 }[type] ?? 0;
  return Array.from({ length: n }, (_, i) => ({
    id: `${type}-${i}`,
    label: `${type} ${i + 1}`,
    start: `2026-01-${String(i + 1).padStart(2, '0')}`,
    end: `2026-01-${String(i + 1).padStart(2, '0')}`,
    orders: i,
    amount: i * 100,
  }));
}

/** The panel's fake provider, answering the dashboard's two calls beside the categories. */
function dashboardProvider(getOne = vi.fn(async () => ({ data: { id: 'data', ...DASHBOARD } }))) {
  const getList = vi.fn(
    async (resource: string, params: { filter?: { type?: string }; meta?: unknown }) => {
      if (resource === 'dashboard') {
        const data = bucketsFor(params.filter?.type ?? '');
        return { data, total: data.length };
      }
      return { data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length };
    },
  );
  return fakeDataProvider({ getOne, getList } as never);
}

const link = (name: string | RegExp) => screen.getByRole('link', { name });

describe('the dashboard calls (docs/api.md "Dashboard")', () => {
  const { calls, answers } = stubApi({ statusCode: 200, message: 'ok' });
  const provider = createDataProvider([dashboard]);

  it('reads the figures with GET admin/dashboard-data', async () => {
    answers.push({ body: { statusCode: 200, message: 'Dashboard data', result: DASHBOARD } });
    const { data } = await provider.getOne('dashboard', { id: 'data' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/admin/dashboard-data');
    expect([...calls[0]!.url.searchParams]).toEqual([]);
    expect(data).toMatchObject({ allUsers: 123456, recentOrders: DASHBOARD.recentOrders });
  });

  it('reads the buckets with GET order/get-orders-by-filter?type=, nothing else in the query', async () => {
    const buckets = bucketsFor('daily').map(({ id: _id, ...b }) => b);
    answers.push({ body: { statusCode: 200, result: { type: 'daily', buckets } } });
    const { data } = await provider.getList('dashboard', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { type: 'daily' },
      meta: { list: 'ordersByFilter' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/order/get-orders-by-filter');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ type: 'daily' });
    expect(data).toHaveLength(14);
    expect(data[0]).toMatchObject({ label: 'daily 1', orders: 0, amount: 0 });
  });
});

describe('cutText (spec 001 §9)', () => {
  it('cuts at 40 characters plus "..." and leaves shorter texts whole', () => {
    expect(cutText('x'.repeat(41))).toBe(`${'x'.repeat(40)}...`);
    expect(cutText('x'.repeat(40))).toBe('x'.repeat(40));
    expect(cutText(null)).toBe('');
    // Characters, not UTF-16 units: the 40th character (an emoji) stays whole.
    expect(cutText(`${'a'.repeat(39)}😀😀`)).toBe(`${'a'.repeat(39)}😀...`);
  });
});

describe('DashboardPage', () => {
  it('shows each figure in Indian digit grouping, linking to its filtered list', async () => {
    renderPanel('/dashboard', { dataProvider: dashboardProvider() });
    await screen.findByText('1,23,456');
    const cards: [RegExp, string, string][] = [
      [/All Users/, '1,23,456', '/user/active-users/1?status=All'],
      [/Active Users/, '1,20,000', '/user/active-users/1'],
      [/Blocked Users/, '3,456', '/user/blocked-users/1'],
      [/All Orders/, '25,00,000', '/orders/1'],
      [/^Pending/, '1,200', '/orders/1?status=Pending'],
      [/^Delivered/, '24,00,000', '/orders/1?status=Delivered'],
      [/^Out for Delivery/, '98,000', '/orders/1?status=Out%20for%20Delivery'],
      [/^Cancelled/, '800', '/orders/1?status=Cancelled'],
    ];
    for (const [name, figure, href] of cards) {
      const card = link(name);
      expect(card).toHaveAttribute('href', href);
      expect(card).toHaveTextContent(figure);
    }
    expect(screen.getByRole('link', { name: 'Go to website' })).toHaveAttribute('href', '/');
  });

  it('reads its figures again once after a burst of new orders from the live stream', async () => {
    let placed = 0;
    const getOne = vi.fn(async () => ({
      data: { id: 'data', ...DASHBOARD, allOrders: DASHBOARD.allOrders + placed },
    }));
    renderPanel('/dashboard', { dataProvider: dashboardProvider(getOne) });
    expect(await screen.findByRole('link', { name: /All Orders/ })).toHaveTextContent('25,00,000');
    expect(getOne).toHaveBeenCalledTimes(1);
    // Three orders arrive within a second: one refetch, the figure counts all three.
    placed = 3;
    liveOrders.publish();
    liveOrders.publish();
    liveOrders.publish();
    await waitFor(() => expect(link(/All Orders/)).toHaveTextContent('25,00,003'), {
      timeout: 5000,
    });
    expect(getOne).toHaveBeenCalledTimes(2);
  });

  it('reads its figures again when a rider reports a delivery', async () => {
    let delivered = 0;
    const getOne = vi.fn(async () => ({
      data: { id: 'data', ...DASHBOARD, deliveredOrders: DASHBOARD.deliveredOrders + delivered },
    }));
    renderPanel('/dashboard', { dataProvider: dashboardProvider(getOne) });
    expect(await screen.findByRole('link', { name: /^Delivered/ })).toHaveTextContent('24,00,000');
    delivered = 1;
    liveStops.publish({
      _id: 'o1',
      orderId: 'OD261129ABCDEF',
      riderId: 'r1',
      riderName: 'Ravi Kumar',
      outcome: 'delivered',
      reason: null,
    });
    await waitFor(() => expect(link(/^Delivered/)).toHaveTextContent('24,00,001'), {
      timeout: 5000,
    });
    expect(getOne).toHaveBeenCalledTimes(2);
  });

  it('opens the pending orders when the Pending card is clicked', async () => {
    const provider = dashboardProvider();
    renderPanel('/dashboard', { dataProvider: provider, resources: ['dashboard', 'orders'] });
    await userEvent.click(await screen.findByRole('link', { name: /^Pending/ }));
    await waitFor(() =>
      expect(provider.getList).toHaveBeenCalledWith(
        'orders',
        expect.objectContaining({ filter: { status: 'Pending' } }),
      ),
    );
  });

  it('lists the recent orders and tickets, cutting long descriptions at 40 characters', async () => {
    renderPanel('/dashboard', { dataProvider: dashboardProvider() });
    const orders = within(await screen.findByRole('region', { name: 'Recent Orders' }));
    const rows = orders.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'OD261122K3F9QZ' })).toHaveAttribute(
      'href',
      '/order/view/o1',
    );
    // No payment method: Online; rupees with Indian grouping.
    expect(rows[0]).toHaveTextContent('OD261122K3F9QZOnline₹1,250.00Pending');
    expect(rows[1]).toHaveTextContent('OD261121ABCDEFUPI₹120.50Delivered');
    expect(orders.getByRole('link', { name: 'View all orders' })).toHaveAttribute(
      'href',
      '/orders/1',
    );

    const tickets = within(screen.getByRole('region', { name: 'Recent Support Tickets' }));
    const cut = tickets.getByRole('link', { name: `${LONG.slice(0, 40)}...` });
    expect(cut).toHaveAttribute('href', '/support/view-support/t1');
    expect(tickets.queryByText(LONG)).not.toBeInTheDocument();
    expect(tickets.getByRole('link', { name: 'Wrong bill' })).toHaveAttribute(
      'href',
      '/support/view-support/t2',
    );
    const ticketRows = tickets.getAllByRole('row').slice(1);
    expect(ticketRows[0]).toHaveTextContent('5, Mar 2025');
    expect(ticketRows[0]).toHaveTextContent('Unresolved');
    expect(ticketRows[1]).toHaveTextContent('Resolved');
    expect(tickets.getByRole('link', { name: 'View all support tickets' })).toHaveAttribute(
      'href',
      '/supports/1',
    );
  });

  it('shows an admin with only Orders Management the user figures without links and no tickets', async () => {
    renderPanel('/dashboard', {
      dataProvider: dashboardProvider(),
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { orders: true } }),
    });
    await screen.findByText('1,23,456');
    expect(link(/^Pending/)).toHaveAttribute('href', '/orders/1?status=Pending');
    expect(screen.queryByRole('link', { name: /All Users/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Blocked Users/ })).not.toBeInTheDocument();
    expect(screen.getByText('3,456')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recent Orders' })).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Recent Support Tickets' }),
    ).not.toBeInTheDocument();
  });

  it('asks for monthly buckets first, then the type chosen in the Period select', async () => {
    const provider = dashboardProvider();
    renderPanel('/dashboard', { dataProvider: provider });
    const chartCalls = () =>
      provider.getList.mock.calls.filter(([resource]) => resource === 'dashboard');
    const table = async (caption: string) =>
      within((await screen.findByRole('table', { name: caption })) as HTMLElement);

    expect(await screen.findByRole('heading', { name: 'Orders (Monthly)' })).toBeInTheDocument();
    expect(chartCalls()[0]![1]).toMatchObject({
      filter: { type: 'monthly' },
      meta: { list: 'ordersByFilter' },
    });
    expect((await table('Orders per month')).getAllByRole('row')).toHaveLength(1 + 12);

    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Daily' }));
    await waitFor(() =>
      expect(chartCalls().at(-1)![1]).toMatchObject({ filter: { type: 'daily' } }),
    );
    const daily = await table('Orders per day');
    expect(daily.getAllByRole('row')).toHaveLength(1 + 14);
    expect(daily.getByRole('rowheader', { name: 'daily 14' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Orders (Daily)' })).toBeInTheDocument();
    // 0 + 1 + ... + 13 orders, each worth 100 times its count.
    expect(screen.getByText('91 orders worth ₹9,100.00 in these 14 days.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Quarterly' }));
    expect((await table('Orders per quarter')).getAllByRole('row')).toHaveLength(1 + 8);
  });

  it('says Loading ... until the figures arrive, and shows a failure as a notification', async () => {
    let fail: (error: Error) => void = () => {};
    const getOne = vi.fn(
      () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    );
    renderPanel('/dashboard', { dataProvider: dashboardProvider(getOne as never) });
    expect(await screen.findAllByText('Loading ...')).not.toHaveLength(0);
    await waitFor(() => expect(getOne).toHaveBeenCalled());
    fail(new HttpError('Your session has ended. Please sign in again.', 400));
    expect(
      await screen.findByText(
        'Could not load the dashboard. Your session has ended. Please sign in again.',
      ),
    ).toBeInTheDocument();
  });
});
