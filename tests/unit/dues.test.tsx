import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { AccountSummary, DueRow, DuesTotals, LowBalanceRow } from '@resources/dues/calls';
import { formatDay, formatRupees, formatWholeRupees } from '@/format';
import type { AccessIdentity } from '@/providers/permissions';
import { createDataProvider } from '@/providers/dataProvider';
import type { AppActions } from '@/providers/types';
import { resources } from '../../resources';
import { stubApi } from './apiStub';
import { accessDecided, fakeAuthProvider, headers, heading, renderPanel, SLOW } from './helpers';

/*
 * Dues and low balances (issue 36) on the panel: the calls the resources declare, the Dues list
 * with its buckets, totals and filters, the Low balance list and its setting, and the
 * dashboard's account cards, against a fake dataProvider.
 */

const ROWS: DueRow[] = [
  {
    userId: 'u1',
    name: 'Asha Kulkarni',
    phone: '9811100001',
    pincode: '560001',
    billingMode: 'prepaid',
    owed: 600,
    owedSince: '2026-08-20T04:00:00.000Z',
    days: 100,
    buckets: { d0_30: 200, d31_60: 300, d61_90: 0, d90_plus: 100 },
    lastPayment: { at: '2026-11-23T05:00:00.000Z', amount: 400 },
  },
  {
    userId: 'u2',
    name: 'Bala Subramanian',
    phone: '9811100002',
    pincode: '560034',
    billingMode: 'postpaid',
    owed: 150,
    owedSince: '2026-09-19T04:00:00.000Z',
    days: 70,
    buckets: { d0_30: 50, d31_60: 0, d61_90: 100, d90_plus: 0 },
    lastPayment: null,
  },
];
const LISTED = ROWS.map((r) => ({ ...r, id: r.userId }));

const TOTALS: DuesTotals = {
  customers: 2,
  owed: 750,
  buckets: { d0_30: 0, d31_60: 0, d61_90: 150, d90_plus: 600 },
  capped: false,
};

const LOW: LowBalanceRow[] = [
  {
    userId: 'u3',
    name: 'Hema Pillai',
    phone: '9822200003',
    balance: 0,
    dailySpend: 107.14,
    daysCovered: 0,
  },
  {
    userId: 'u4',
    name: 'Farah Khan',
    phone: '9822200001',
    balance: 150,
    dailySpend: 100,
    daysCovered: 1.5,
  },
];

const SUMMARY: AccountSummary = {
  month: '2026-11',
  charged: 123456.5,
  collected: 98765,
  refunded: 100,
  dues: TOTALS,
  lowBalance: { customers: 17, lowBalanceDays: 3 },
};

const RIDERS = [{ id: 'r1', name: 'Ravi Kumar' }];
const PINCODES = ['560001', '560034'].map((number, i) => ({ id: `p${i}`, number }));

type Fake = DataProvider & Record<string, Mock> & { getList: Mock };

function fakeDues(overrides: Record<string, unknown> = {}): Fake {
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'pincodes') return { data: PINCODES, total: PINCODES.length };
      if (resource === 'riders') return { data: RIDERS, total: 1 };
      if (resource === 'lowBalance')
        return { data: LOW.map((r) => ({ ...r, id: r.userId })), total: 2 };
      if (resource === 'dues') return { data: LISTED, total: LISTED.length };
      return { data: [], total: 0 };
    }),
    getOne: vi.fn(async () => ({ data: { id: 'data', recentOrders: [], recentSupports: [] } })),
    duesTotals: vi.fn(async () => ({ data: TOTALS, meta: {} })),
    duesSummary: vi.fn(async () => ({ data: SUMMARY, meta: {} })),
    getAccountSettings: vi.fn(async () => ({ data: { lowBalanceDays: 3 }, meta: {} })),
    updateAccountSettings: vi.fn(async () => ({
      data: { lowBalanceDays: 5 },
      meta: { message: 'Account settings saved' },
    })),
    ...overrides,
  } as never) as Fake;
}

const ORDERS_ONLY: AccessIdentity = { role: 'admin', permissions: { orders: true } };
const ORDERS_AND_SETTINGS: AccessIdentity = {
  role: 'admin',
  permissions: { orders: true, settings: true },
};

const listCalls = (dp: Fake, resource = 'dues') =>
  dp.getList.mock.calls.filter(([r]) => r === resource);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('dues calls (docs/api.md, "Accounts: dues, low balance, summary")', () => {
  const { calls, answers } = stubApi({ statusCode: 200, message: 'ok', result: {} });
  const provider = createDataProvider<AppActions>(resources);

  it('lists GET account/dues with its filters; rows get their customer id', async () => {
    answers.push({
      body: {
        statusCode: 200,
        message: 'Dues',
        result: {
          customers: ROWS,
          totalRecords: 42,
          currentPage: 2,
          totalPages: 5,
          totals: TOTALS,
        },
      },
    });
    const { data, total } = await provider.getList('dues', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'owedSince', order: 'ASC' },
      filter: {
        q: 'asha',
        minDays: '30',
        pincode: '560001',
        riderId: 'r1',
        billingMode: 'prepaid',
      },
    });
    expect(calls[0]!.url.pathname).toBe('/api/account/dues');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      page: '2',
      limit: '10',
      search: 'asha',
      minDays: '30',
      pincode: '560001',
      riderId: 'r1',
      billingMode: 'prepaid',
    });
    expect(data.map((r) => r.id)).toEqual(['u1', 'u2']);
    expect(total).toBe(42);
  });

  it('reads the totals, the summary and the setting, and saves the setting as JSON', async () => {
    answers.push({ body: { statusCode: 200, message: 'Dues', result: { totals: TOTALS } } });
    expect((await provider.duesTotals({ minDays: '90', limit: 1 })).data).toEqual(TOTALS);
    expect(calls[0]!.input).toBe('/api/account/dues?minDays=90&limit=1');
    answers.push({ body: { statusCode: 200, message: 'ok', result: SUMMARY } });
    expect((await provider.duesSummary({})).data).toEqual(SUMMARY);
    expect(calls[1]!.input).toBe('/api/account/summary');
    answers.push({
      body: { statusCode: 200, message: 'saved', result: { settings: { lowBalanceDays: 7 } } },
    });
    await provider.updateAccountSettings({ lowBalanceDays: 7 });
    expect(calls[2]!.method).toBe('POST');
    expect(calls[2]!.url.pathname).toBe('/api/account/update-settings');
    expect(JSON.parse(String(calls[2]!.body))).toEqual({ lowBalanceDays: 7 });
  });
});

describe('Dues', () => {
  it('lists who owes with the four buckets, the totals on top, each customer opening their view', async () => {
    const dataProvider = fakeDues();
    renderPanel('/dues/1', { dataProvider });
    await heading('Dues');
    const table = await screen.findByRole('table', {}, SLOW);
    expect(headers(table)).toEqual([
      'Customer',
      'Pin Code',
      'Owed',
      'Owed since',
      '0–30 days',
      '31–60 days',
      '61–90 days',
      '90+ days',
      'Last payment',
    ]);
    const link = within(table).getByRole('link', { name: 'Asha Kulkarni' });
    expect(link).toHaveAttribute('href', '/user/view/u1');
    const row = link.closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      // The phone under the name, the days under the date.
      'Asha Kulkarni+91 98111 00001',
      '560001',
      formatRupees(600),
      `${formatDay('2026-08-20T04:00:00.000Z')}100 days`,
      formatRupees(200),
      formatRupees(300),
      '—',
      formatRupees(100),
      `${formatRupees(400)} on ${formatDay('2026-11-23T05:00:00.000Z')}`,
    ]);
    const bala = within(table).getByRole('link', { name: 'Bala Subramanian' }).closest('tr')!;
    expect(bala).toHaveTextContent('None yet');
    // The totals above the list.
    const totals = await screen.findByRole('region', { name: 'Dues' });
    expect(totals).toHaveTextContent(`2 customers owe ${formatRupees(750)}`);
    expect(within(totals).getByText('90+ days').nextSibling).toHaveTextContent(formatRupees(600));
    expect(within(totals).getByText('61–90 days').nextSibling).toHaveTextContent(formatRupees(150));
    expect(dataProvider.duesTotals).toHaveBeenCalledWith({ limit: 1 });
  });

  it('filters by minimum days, pin code, rider and billing mode, and searches; the totals follow', async () => {
    const dataProvider = fakeDues();
    renderPanel('/dues/1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);

    await userEvent.click(screen.getByRole('combobox', { name: 'Owed for' }));
    await userEvent.click(await screen.findByRole('option', { name: '90 days or more' }));
    await waitFor(() =>
      expect(listCalls(dataProvider).at(-1)![1].filter).toEqual({ minDays: '90' }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Pin Code' }));
    await userEvent.click(await screen.findByRole('option', { name: '560034' }));
    await waitFor(() =>
      expect(listCalls(dataProvider).at(-1)![1].filter).toEqual({
        minDays: '90',
        pincode: '560034',
      }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Rider’s area' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ravi Kumar' }));
    await waitFor(() =>
      expect(listCalls(dataProvider).at(-1)![1].filter).toMatchObject({ riderId: 'r1' }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Billing' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Postpaid' }));
    await waitFor(() =>
      expect(listCalls(dataProvider).at(-1)![1].filter).toEqual({
        minDays: '90',
        pincode: '560034',
        riderId: 'r1',
        billingMode: 'postpaid',
      }),
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'Bala');
    await waitFor(() => expect(listCalls(dataProvider).at(-1)![1].filter.q).toBe('Bala'));
    await waitFor(() =>
      expect(dataProvider.duesTotals).toHaveBeenLastCalledWith({
        minDays: '90',
        pincode: '560034',
        riderId: 'r1',
        billingMode: 'postpaid',
        limit: 1,
      }),
    );
  });

  it('offers the rider filter only to admins who may see riders', async () => {
    const dataProvider = fakeDues();
    const { authProvider } = renderPanel('/dues/1', {
      dataProvider,
      authProvider: fakeAuthProvider(ORDERS_ONLY),
    });
    await screen.findByRole('table', {}, SLOW);
    await accessDecided(authProvider.canAccess, 'riders');
    expect(screen.queryByRole('combobox', { name: 'Rider’s area' })).not.toBeInTheDocument();
    expect(listCalls(dataProvider, 'riders')).toEqual([]);
  });
});

describe('Low balance', () => {
  it('lists the customers, fewest days first, and lets a Settings admin change the days', async () => {
    const dataProvider = fakeDues();
    renderPanel('/low-balance/1', {
      dataProvider,
      authProvider: fakeAuthProvider(ORDERS_AND_SETTINGS),
    });
    await heading('Low balance');
    const table = await screen.findByRole('table', {}, SLOW);
    expect(headers(table)).toEqual([
      'Customer',
      'Phone',
      'Balance',
      'Spends a day',
      'Days covered',
    ]);
    const farah = within(table).getByRole('link', { name: 'Farah Khan' }).closest('tr')!;
    expect(farah).toHaveTextContent(formatRupees(150));
    expect(farah).toHaveTextContent(formatRupees(100));
    expect(farah).toHaveTextContent('1.5');
    const days = await screen.findByRole('spinbutton', { name: /Low when it covers fewer than/ });
    expect(days).toHaveValue(3);
    await userEvent.clear(days);
    await userEvent.type(days, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dataProvider.updateAccountSettings).toHaveBeenCalledWith({ lowBalanceDays: 5 }),
    );
  });

  it('shows the days without an input to an admin without Settings', async () => {
    const dataProvider = fakeDues();
    const { authProvider } = renderPanel('/low-balance/1', {
      dataProvider,
      authProvider: fakeAuthProvider(ORDERS_ONLY),
    });
    await screen.findByRole('table', {}, SLOW);
    await accessDecided(authProvider.canAccess, 'accountSettings', 'edit');
    expect(await screen.findByText('Low: the balance covers fewer than 3 days.')).toBeVisible();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });
});

describe('the dashboard’s account cards', () => {
  it('show billing, collections, dues with the 90+ part and low balance to Orders admins', async () => {
    renderPanel('/dashboard', {
      dataProvider: fakeDues(),
      authProvider: fakeAuthProvider(ORDERS_ONLY),
    });
    const cards = await screen.findByRole('list', { name: 'Accounts' }, SLOW);
    // To the rupee: a figure at a glance that fits its card.
    expect(cards).toHaveTextContent(`Billing this month${formatWholeRupees(123456.5)}`);
    expect(formatWholeRupees(123456.5)).toBe('₹1,23,457');
    expect(cards).toHaveTextContent('Charged in Nov 2026');
    expect(cards).toHaveTextContent(`Collections this month${formatWholeRupees(98765)}`);
    const dues = within(cards).getByRole('link', { name: /Dues/ });
    expect(dues).toHaveTextContent(formatWholeRupees(750));
    expect(dues).toHaveTextContent(`90+ days: ${formatWholeRupees(600)}`);
    expect(dues).toHaveAttribute('href', '/dues/1');
    const low = within(cards).getByRole('link', { name: /Low balance/ });
    expect(low).toHaveTextContent('17');
    expect(low).toHaveAttribute('href', '/low-balance/1');
  });

  it('are not shown, nor asked, for an admin without Orders Management', async () => {
    const dataProvider = fakeDues();
    const { authProvider } = renderPanel('/dashboard', {
      dataProvider,
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { supports: true } }),
    });
    await screen.findByRole('heading', { name: 'Recent Support Tickets' }, SLOW);
    await accessDecided(authProvider.canAccess, 'dues');
    expect(screen.queryByRole('list', { name: 'Accounts' })).not.toBeInTheDocument();
    expect(dataProvider.duesSummary).not.toHaveBeenCalled();
  });
});
