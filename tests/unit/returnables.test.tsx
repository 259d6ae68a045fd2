import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { AppActions } from '@/providers/types';
import { resources } from '../../resources';
import { changeText } from '@resources/returnables/LedgerTable';
import type {
  Balance,
  Entry,
  Ledger,
  OutstandingRow,
  ReturnableSummary,
  StockItem,
} from '@resources/returnables/types';
import { formatDateTime, formatDay, formatRupees } from '@/format';
import { buildMenu } from '@/layout/menuModel';
import type { AccessIdentity } from '@/providers/permissions';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
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
 * Jars and cylinders (issue 16) on the panel: the calls the returnables resource declares, the
 * outstanding list, the depot stock, the customer view's tab with its ledger and corrections,
 * and the dashboard's cards, against a fake dataProvider.
 */

const ROWS: OutstandingRow[] = [
  {
    userId: 'u1',
    name: 'Aarav Sharma',
    phone: '9876543210',
    pincode: '560034',
    productId: 'p-jar',
    productName: '20 L Jar',
    serviceId: 'w1',
    issued: 5,
    returned: 2,
    outstanding: 3,
    deposit: 450,
    oldestOutstandingAt: '2025-01-10T05:00:00.000Z',
    daysOutstanding: 54,
  },
  {
    userId: 'u2',
    name: 'Rohan Mehta',
    phone: '9988776655',
    pincode: '560001',
    productId: 'p-cyl',
    productName: 'Oxygen cylinder 10 L',
    serviceId: 'o1',
    issued: 1,
    returned: 0,
    outstanding: 1,
    deposit: 5000,
    oldestOutstandingAt: '2025-02-25T05:00:00.000Z',
    daysOutstanding: 8,
  },
];
const LISTED = ROWS.map((r) => ({ ...r, id: `${r.userId}:${r.productId}` }));

const STOCK: StockItem[] = [
  {
    productId: 'p-jar',
    itemKind: 'product',
    name: '20 L Jar',
    serviceId: 'w1',
    serviceName: 'Water',
    deposit: 150,
    full: 40,
    empty: 12,
    withCustomers: 230,
    total: 282,
  },
  {
    productId: 'a-stand',
    itemKind: 'accessory',
    name: 'Jar stand',
    serviceId: 'w1',
    serviceName: 'Water',
    deposit: 300,
    full: 0,
    empty: 0,
    withCustomers: 0,
    total: 0,
  },
];

const SUMMARY: ReturnableSummary = {
  jarsOut: 1234,
  cylindersOut: 87,
  overdueUnits: 41,
  overdueCustomers: 12345,
  overdueDays: 30,
  depositHeld: 250000,
};

const JAR: Balance = {
  productId: 'p-jar',
  itemKind: 'product',
  name: '20 L Jar',
  serviceId: 'w1',
  issued: 5,
  returned: 2,
  outstanding: 3,
  deposit: 450,
  oldestOutstandingAt: '2025-01-10T05:00:00.000Z',
  daysOutstanding: 54,
};

const entry = (id: string, at: string, extra: Partial<Entry>): Entry => ({
  _id: id,
  at,
  kind: 'delivered',
  productId: 'p-jar',
  name: '20 L Jar',
  issued: 0,
  returned: 0,
  deposit: 0,
  order: null,
  returnRequestId: null,
  reason: null,
  adminName: null,
  ...extra,
});

const ENTRIES: Entry[] = [
  entry('e4', '2025-03-04T06:30:00.000Z', {
    kind: 'correction',
    issued: 1,
    deposit: 150,
    reason: 'Counted 4 jars at the door',
    adminName: 'Asha Admin',
  }),
  entry('e3', '2025-03-03T06:30:00.000Z', {
    kind: 'returned',
    returned: 1,
    deposit: -150,
    order: { _id: 'ord-w', orderId: 'OD250305K3F9QZ' },
    returnRequestId: 'rr1',
  }),
  entry('e2', '2025-03-02T06:30:00.000Z', {
    kind: 'reversed',
    issued: -3,
    returned: -2,
    deposit: -150,
    order: { _id: 'ord-w', orderId: 'OD250305K3F9QZ' },
  }),
  entry('e1', '2025-03-01T06:30:00.000Z', {
    kind: 'delivered',
    issued: 3,
    returned: 2,
    deposit: 150,
    order: { _id: 'ord-w', orderId: 'OD250305K3F9QZ' },
  }),
];

const LEDGER: Ledger = {
  customer: { _id: 'u1', name: 'Aarav Sharma', phone: '9876543210' },
  balances: [JAR],
  entries: ENTRIES,
  totalRecords: 14,
  currentPage: 1,
  totalPages: 2,
};

const USER = {
  id: 'u1',
  _id: 'u1',
  firstName: 'Aarav',
  lastName: 'Sharma',
  email: 'aarav@example.in',
  phone: '9876543210',
  wallet: 0,
  status: 'Active',
  createdAt: '2025-03-05T10:00:00Z',
};

const PINCODES = ['560001', '560034'].map((number, i) => ({ id: `p${i}`, number }));

const CSV = '\uFEFFCustomer,Phone\r\nAarav Sharma,9876543210\r\n';

type Fake = DataProvider & Record<string, Mock> & { [K in 'getList' | 'getOne']: Mock };

function fakeReturnables(overrides: Record<string, unknown> = {}): Fake {
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'categories') return { data: SEEDED_CATEGORIES, total: 3 };
      if (resource === 'pincodes') return { data: PINCODES, total: PINCODES.length };
      return { data: LISTED, total: LISTED.length };
    }),
    getOne: vi.fn(async (_r: string, { id }: { id: unknown }) => {
      if (id !== USER.id) throw new HttpError('This user does not exist.', 404);
      return { data: USER };
    }),
    exportList: vi.fn(async () => ({
      data: { blob: new Blob([CSV], { type: 'text/csv' }), fileName: 'outstanding.csv' },
    })),
    returnableSummary: vi.fn(async () => ({ data: SUMMARY, meta: {} })),
    returnableStock: vi.fn(async () => ({ data: STOCK, meta: {} })),
    returnableLedger: vi.fn(async () => ({ data: LEDGER, meta: {} })),
    refillReturnable: vi.fn(async () => ({ data: {}, meta: { message: 'Refilled 5 jars.' } })),
    receiveReturnable: vi.fn(async () => ({ data: {}, meta: { message: 'Received 10 jars.' } })),
    adjustReturnable: vi.fn(async () => ({ data: {}, meta: { message: 'Correction recorded.' } })),
    ...overrides,
  } as never) as Fake;
}

const RETURNS_ONLY: AccessIdentity = { role: 'admin', permissions: { return: true } };
const USERS_ONLY: AccessIdentity = { role: 'admin', permissions: { userManagement: true } };

const listCalls = (dp: Fake) => dp.getList.mock.calls.filter(([r]) => r === 'returnables');

/** Records the downloads the browser would start (jsdom has no object URLs). */
function captureDownloads() {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:outstanding');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download });
  });
  return { clicked };
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Waits until the screen has asked whether the admin may use `resource`, and drawn the answer. */
const accessAnswered = (authProvider: { canAccess?: unknown }, resource: string) =>
  accessDecided(authProvider.canAccess, resource);

describe('returnables calls (docs/api.md, "Returnables")', () => {
  const { calls, answers } = stubApi({ statusCode: 200, message: 'ok', result: {} });
  const provider = createDataProvider<AppActions>(resources);
  const body = (i = 0) => JSON.parse(String(calls[i]!.body));

  it('lists GET returnable/outstanding with the filters and the sort order only; rows get an id', async () => {
    answers.push({
      body: {
        statusCode: 200,
        message: 'ok',
        result: { customers: ROWS, totalRecords: 42, currentPage: 2, totalPages: 5 },
      },
    });
    const { data, total } = await provider.getList('returnables', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'oldestOutstandingAt', order: 'ASC' },
      filter: { q: 'aarav', minDays: '30', serviceId: 'w1', pincode: '560034' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/returnable/outstanding');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      page: '2',
      limit: '10',
      search: 'aarav',
      sortOrder: 'asc',
      minDays: '30',
      serviceId: 'w1',
      pincode: '560034',
    });
    expect(data.map((r) => r.id)).toEqual(['u1:p-jar', 'u2:p-cyl']);
    expect(total).toBe(42);
  });

  it('exports GET returnable/export-outstanding with the same filters, without paging', async () => {
    answers.push(
      () =>
        new Response(CSV, {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="outstanding-2025-03-05.csv"',
          },
        }),
    );
    const { data } = await provider.exportList('returnables', {
      filter: { minDays: '90', q: '98765' },
      sort: { field: 'oldestOutstandingAt', order: 'DESC' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/returnable/export-outstanding');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      minDays: '90',
      search: '98765',
      sortOrder: 'desc',
    });
    expect(data.fileName).toBe('outstanding-2025-03-05.csv');
  });

  it('reads the ledger, the stock and the summary, and posts corrections and stock moves as JSON', async () => {
    await provider.returnableLedger({ userId: 'u1', page: 2, limit: 10 });
    expect(calls[0]!.input).toBe('/api/returnable/ledger/u1?page=2&limit=10');
    await provider.returnableStock({});
    expect(calls[1]!.input).toBe('/api/returnable/stock');
    await provider.returnableSummary({});
    expect(calls[2]!.input).toBe('/api/returnable/summary');

    await provider.adjustReturnable({
      userId: 'u1',
      productId: 'p-jar',
      quantity: -2,
      reason: 'Two found at the depot',
    });
    expect(calls[3]!.method).toBe('POST');
    expect(calls[3]!.url.pathname).toBe('/api/returnable/adjust');
    expect(calls[3]!.headers.get('content-type')).toBe('application/json');
    expect(body(3)).toEqual({
      userId: 'u1',
      productId: 'p-jar',
      quantity: -2,
      reason: 'Two found at the depot',
    });
    await provider.refillReturnable({ productId: 'p-jar', quantity: 5 });
    expect(calls[4]!.url.pathname).toBe('/api/returnable/refill');
    expect(body(4)).toEqual({ productId: 'p-jar', quantity: 5 });
    await provider.receiveReturnable({ productId: 'p-jar', quantity: 10 });
    expect(calls[5]!.url.pathname).toBe('/api/returnable/receive');
    expect(body(5)).toEqual({ productId: 'p-jar', quantity: 10 });
  });

  it("turns the server's 409 into an error carrying its message", async () => {
    const message = 'Aarav Sharma holds 3 of 20 L Jar; a correction of -5 would leave -2.';
    answers.push({ status: 409, body: { statusCode: 409, message } });
    await expect(
      provider.adjustReturnable({ userId: 'u1', productId: 'p-jar', quantity: -5, reason: 'x' }),
    ).rejects.toMatchObject({ status: 409, message });
  });
});

describe('Return Management menu', () => {
  it('lists Outstanding returnables and Depot stock after the return requests', () => {
    const links = buildMenu(resources, [], RETURNS_ONLY)
      .groups.find((g) => g.id === 'return')!
      .links.map((l) => [l.label, l.to]);
    expect(links).toEqual([
      ['Water Returns', 'returns/0/1'],
      ['Oxygen Returns', 'returns/1/1'],
      ['Outstanding returnables', 'outstanding-returnables/1'],
      ['Depot stock', 'depot-stock'],
    ]);
  });
});

describe('changeText: what a ledger line did to the count', () => {
  it('signs each figure by its effect on what the customer holds', () => {
    expect(changeText({ issued: 3, returned: 0 })).toBe('+3');
    expect(changeText({ issued: 0, returned: 2 })).toBe('−2');
    expect(changeText({ issued: 3, returned: 2 })).toBe('+3 / −2');
    // A delivery undone gives the units back the other way.
    expect(changeText({ issued: -3, returned: -2 })).toBe('−3 / +2');
  });
});

describe('Outstanding returnables', () => {
  it('lists each customer and item, most overdue first, with overdue days in red', async () => {
    const dataProvider = fakeReturnables();
    renderPanel('/outstanding-returnables/1', { dataProvider });
    await heading('Outstanding returnables');
    const table = await screen.findByRole('table', {}, SLOW);
    expect(headers(table)).toEqual([
      'Customer',
      'Phone',
      'Pin Code',
      'Item',
      'Outstanding',
      'Deposit held (₹)',
      'Oldest outstanding',
      'Days',
    ]);
    const row = within(table).getByRole('link', { name: 'Aarav Sharma' }).closest('tr')!;
    await waitFor(() =>
      expect(within(row).getByRole('link', { name: 'Aarav Sharma' })).toHaveAttribute(
        'href',
        '/user/view/u1?tab=returnables',
      ),
    );
    expect(row).toHaveTextContent('+91 98765 43210');
    expect(row).toHaveTextContent('560034');
    expect(row).toHaveTextContent('20 L Jar');
    expect(row).toHaveTextContent(formatRupees(450));
    expect(row).toHaveTextContent(formatDay('2025-01-10T05:00:00.000Z'));
    // Over the 30 days of the summary: overdue; 8 days is not.
    await waitFor(() =>
      expect(within(row).getByText('54 days')).toHaveAttribute(
        'title',
        'Overdue: out more than 30 days',
      ),
    );
    expect(within(table).getByText('8 days')).not.toHaveAttribute('title');
    expect(listCalls(dataProvider)[0]![1]).toMatchObject({
      sort: { field: 'oldestOutstandingAt', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
    });
  });

  it('filters by days outstanding, water or oxygen, pin code, and searches', async () => {
    const dataProvider = fakeReturnables();
    renderPanel('/outstanding-returnables/1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);

    await userEvent.click(screen.getByRole('combobox', { name: 'Days outstanding' }));
    const days = await screen.findByRole('listbox');
    expect(
      within(days)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', '7+ days', '15+ days', '30+ days', '60+ days', '90+ days']);
    await userEvent.click(within(days).getByRole('option', { name: '30+ days' }));
    await waitFor(() =>
      expect(listCalls(dataProvider).at(-1)![1].filter).toEqual({ minDays: '30' }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Service' }));
    const services = await screen.findByRole('listbox');
    // Only the services whose items come back.
    expect(
      within(services)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Water', 'Oxygen']);
    await userEvent.click(within(services).getByRole('option', { name: 'Oxygen' }));
    await waitFor(() =>
      expect(listCalls(dataProvider).at(-1)![1].filter).toEqual({ minDays: '30', serviceId: 'o1' }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Pin Code' }));
    await userEvent.click(await screen.findByRole('option', { name: '560034' }));
    await waitFor(() =>
      expect(listCalls(dataProvider).at(-1)![1].filter).toMatchObject({ pincode: '560034' }),
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '98765');
    await waitFor(() => expect(listCalls(dataProvider).at(-1)![1].filter.q).toBe('98765'));
  });

  it('opens with the overdue filter of a dashboard link, even for days not among the choices', async () => {
    const dataProvider = fakeReturnables();
    renderPanel('/outstanding-returnables/1?minDays=45', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    expect(listCalls(dataProvider)[0]![1].filter).toEqual({ minDays: '45' });
    expect(screen.getByRole('combobox', { name: 'Days outstanding' })).toHaveTextContent(
      '45+ days',
    );
  });

  it('exports the list as CSV with its filters and sort', async () => {
    const { clicked } = captureDownloads();
    const dataProvider = fakeReturnables();
    renderPanel('/outstanding-returnables/1?minDays=90', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(dataProvider.exportList).toHaveBeenCalledTimes(1));
    expect(dataProvider.exportList.mock.calls[0]![0]).toBe('returnables');
    expect(dataProvider.exportList.mock.calls[0]![1]).toMatchObject({
      filter: { minDays: '90' },
      sort: { field: 'oldestOutstandingAt', order: 'ASC' },
    });
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:outstanding', download: 'outstanding.csv' }]),
    );
  });

  it("links a Return Management admin who may not open customers to the customer's ledger page", async () => {
    const dataProvider = fakeReturnables();
    renderPanel('/outstanding-returnables/1', {
      dataProvider,
      authProvider: fakeAuthProvider(RETURNS_ONLY),
    });
    const table = await screen.findByRole('table', {}, SLOW);
    await waitFor(() =>
      expect(within(table).getByRole('link', { name: 'Aarav Sharma' })).toHaveAttribute(
        'href',
        '/returnable/customer/u1',
      ),
    );
  });
});

describe('Depot stock', () => {
  it('shows full, empty, with customers and total per item', async () => {
    renderPanel('/depot-stock', { dataProvider: fakeReturnables() });
    await heading('Depot stock');
    const table = await screen.findByRole('table', { name: 'Depot stock' }, SLOW);
    expect(headers(table)).toEqual([
      'Item',
      'Service',
      'Full',
      'Empty',
      'With customers',
      'Total',
      'Deposit (₹)',
      'Actions',
    ]);
    const jar = within(table).getByRole('rowheader', { name: '20 L Jar' }).closest('tr')!;
    expect(
      within(jar)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['Water', '40', '12', '230', '282', formatRupees(150)]);
  });

  it("refills empties, shows the server's message and reloads the stock", async () => {
    const dataProvider = fakeReturnables();
    renderPanel('/depot-stock', { dataProvider });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Refill empties: 20 L Jar' }, SLOW),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refill empties: 20 L Jar' });
    expect(dialog).toHaveTextContent('12 empty at the depot.');
    const units = within(dialog).getByRole('spinbutton', { name: /Units/ });
    await userEvent.type(units, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refill' }));
    expect(await within(dialog).findByText('Enter a whole number above 0.')).toBeInTheDocument();
    expect(dataProvider.refillReturnable).not.toHaveBeenCalled();

    await userEvent.clear(units);
    await userEvent.type(units, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refill' }));
    expect(await screen.findByText('Refilled 5 jars.')).toBeInTheDocument();
    expect(dataProvider.refillReturnable).toHaveBeenCalledWith({ productId: 'p-jar', quantity: 5 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(dataProvider.returnableStock).toHaveBeenCalledTimes(2));
  });

  it("shows the server's 409 and keeps the dialog open to change the number", async () => {
    const message = 'There are only 12 empty 20 L Jar at the depot; 20 cannot be refilled.';
    const dataProvider = fakeReturnables({
      refillReturnable: vi.fn(async () => {
        throw new HttpError(message, 409);
      }),
    });
    renderPanel('/depot-stock', { dataProvider });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Refill empties: 20 L Jar' }, SLOW),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Units/ }), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refill' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('receives new full units', async () => {
    const dataProvider = fakeReturnables();
    renderPanel('/depot-stock', { dataProvider });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Receive full: Jar stand' }, SLOW),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Receive full: Jar stand' });
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Units/ }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Received 10 jars.')).toBeInTheDocument();
    expect(dataProvider.receiveReturnable).toHaveBeenCalledWith({
      productId: 'a-stand',
      quantity: 10,
    });
  });
});

describe("the customer view's Jars & cylinders tab", () => {
  it('keeps the details as the first tab and loads the ledger only when its tab opens', async () => {
    const dataProvider = fakeReturnables();
    renderPanel('/user/view/u1', { dataProvider });
    await heading('Aarav Sharma');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('aarav@example.in')).toBeInTheDocument();
    expect(dataProvider.returnableLedger).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Jars & cylinders' }));
    expect(await screen.findByRole('table', { name: 'Balances' })).toBeInTheDocument();
    expect(dataProvider.returnableLedger).toHaveBeenCalledWith({
      userId: 'u1',
      page: 1,
      limit: 10,
    });
  });

  it('shows the balances and the ledger, each line with what happened, its order and who', async () => {
    renderPanel('/user/view/u1?tab=returnables', { dataProvider: fakeReturnables() });
    const balances = await screen.findByRole('table', { name: 'Balances' }, SLOW);
    expect(headers(balances)).toEqual([
      'Item',
      'Issued',
      'Returned',
      'Outstanding',
      'Deposit held (₹)',
      'Oldest outstanding',
      'Days',
    ]);
    const jar = within(balances).getByRole('rowheader', { name: '20 L Jar' }).closest('tr')!;
    expect(
      within(jar)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', '2', '3', formatRupees(450), formatDay(JAR.oldestOutstandingAt), '54 days']);
    await waitFor(() =>
      expect(within(jar).getByText('54 days')).toHaveAttribute(
        'title',
        'Overdue: out more than 30 days',
      ),
    );

    const ledger = screen.getByRole('table', { name: 'Ledger' });
    expect(headers(ledger)).toEqual([
      'Date',
      'What happened',
      'Item',
      'Change',
      'Deposit (₹)',
      'Order',
      'Reason',
      'By',
    ]);
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Correction',
      'Returned',
      'Delivery undone',
      'Delivered',
    ]);
    expect(rows[0]).toHaveTextContent(formatDateTime(ENTRIES[0]!.at));
    expect(rows[0]).toHaveTextContent('Counted 4 jars at the door');
    expect(rows[0]).toHaveTextContent('Asha Admin');
    expect(within(rows[1]!).getByRole('link', { name: 'Return request' })).toHaveAttribute(
      'href',
      '/return/view/rr1',
    );
    expect(within(rows[2]!).getAllByRole('cell')[3]).toHaveTextContent('−3 / +2');
    expect(within(rows[3]!).getAllByRole('cell')[3]).toHaveTextContent('+3 / −2');
    expect(within(rows[3]!).getByRole('link', { name: 'OD250305K3F9QZ' })).toHaveAttribute(
      'href',
      '/order/view/ord-w',
    );
  });

  it('pages through the ledger', async () => {
    const dataProvider = fakeReturnables();
    renderPanel('/user/view/u1?tab=returnables', { dataProvider });
    await screen.findByRole('table', { name: 'Ledger' }, SLOW);
    expect(screen.getByText('1 to 10 out of 14')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(dataProvider.returnableLedger).toHaveBeenLastCalledWith({
        userId: 'u1',
        page: 2,
        limit: 10,
      }),
    );
  });

  it("records a correction: the server's 409 is shown, then a valid one saves and reloads the tab", async () => {
    const message = 'Aarav Sharma holds 3 of 20 L Jar; a correction of -5 would leave -2.';
    const adjustReturnable = vi
      .fn()
      .mockRejectedValueOnce(new HttpError(message, 409))
      .mockResolvedValueOnce({ data: {}, meta: { message: 'Correction recorded.' } });
    const dataProvider = fakeReturnables({ adjustReturnable });
    renderPanel('/user/view/u1?tab=returnables', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Record correction' }, SLOW));
    const dialog = await screen.findByRole('dialog', {
      name: 'Record a correction for Aarav Sharma',
    });
    expect(
      within(dialog).getByText('Positive: the customer holds more. Negative: fewer.'),
    ).toBeInTheDocument();

    // Nothing given: each field says what it needs.
    const item = within(dialog).getByRole('combobox', { name: /Item/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(
      await within(dialog).findByText('Enter a whole number other than 0.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Give the reason for the correction.')).toBeInTheDocument();

    // The items it holds first, then every other returnable item.
    await userEvent.click(item);
    const options = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(options)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Jar stand'),
    );
    expect(within(options).getAllByRole('option')[0]).toHaveTextContent('20 L Jar (holds 3)');
    await userEvent.click(within(options).getByRole('option', { name: '20 L Jar (holds 3)' }));
    const quantity = within(dialog).getByRole('spinbutton', { name: /Quantity/ });
    await userEvent.type(quantity, '-5');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      '  Five found at the depot  ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(adjustReturnable).toHaveBeenCalledWith({
      userId: 'u1',
      productId: 'p-jar',
      quantity: -5,
      reason: 'Five found at the depot',
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Correction recorded.')).toBeInTheDocument();
    expect(adjustReturnable).toHaveBeenLastCalledWith(expect.objectContaining({ quantity: -2 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(dataProvider.returnableLedger).toHaveBeenCalledTimes(2));
  });

  it('offers no correction to an admin without Return Management', async () => {
    const dataProvider = fakeReturnables();
    const { authProvider } = renderPanel('/user/view/u1?tab=returnables', {
      dataProvider,
      authProvider: fakeAuthProvider(USERS_ONLY),
    });
    expect(await screen.findByRole('table', { name: 'Ledger' }, SLOW)).toBeInTheDocument();
    await accessAnswered(authProvider, 'returnables');
    expect(screen.queryByRole('button', { name: 'Record correction' })).not.toBeInTheDocument();
    // Without Return Management the threshold is the default one.
    expect(dataProvider.returnableSummary).not.toHaveBeenCalled();
  });

  it("shows a Return Management admin the customer's ledger on its own page", async () => {
    renderPanel('/returnable/customer/u1', {
      dataProvider: fakeReturnables(),
      authProvider: fakeAuthProvider(RETURNS_ONLY),
    });
    expect(await heading('Jars & cylinders of Aarav Sharma')).toBeInTheDocument();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Ledger' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record correction' })).toBeInTheDocument();
  });
});

describe('the dashboard’s jar and cylinder cards', () => {
  const dashboardProvider = () =>
    fakeReturnables({
      getOne: vi.fn(async () => ({ data: { id: 'data', recentOrders: [], recentSupports: [] } })),
      getList: vi.fn(async () => ({ data: [], total: 0 })),
    });

  it('shows jars out, cylinders out and overdue to Return Management admins, each opening the list', async () => {
    renderPanel('/dashboard', {
      dataProvider: dashboardProvider(),
      authProvider: fakeAuthProvider(RETURNS_ONLY),
    });
    const jars = await screen.findByRole('link', { name: /Jars out/ }, SLOW);
    expect(jars).toHaveTextContent('1,234');
    expect(jars).toHaveAttribute('href', '/outstanding-returnables/1');
    const cylinders = screen.getByRole('link', { name: /Cylinders out/ });
    expect(cylinders).toHaveTextContent('87');
    expect(cylinders).toHaveAttribute('href', '/outstanding-returnables/1');
    const overdue = screen.getByRole('link', { name: /Overdue \(> 30 days\)/ });
    expect(overdue).toHaveTextContent('41');
    expect(overdue).toHaveTextContent('12,345 customers');
    expect(overdue).toHaveAttribute('href', '/outstanding-returnables/1?minDays=30');
  });

  it('are not shown, nor asked, for an admin without Return Management', async () => {
    const dataProvider = dashboardProvider();
    const { authProvider } = renderPanel('/dashboard', {
      dataProvider,
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { orders: true } }),
    });
    await screen.findByRole('heading', { name: 'Recent Orders' }, SLOW);
    await accessAnswered(authProvider, 'returnables');
    expect(screen.queryByRole('link', { name: /Jars out/ })).not.toBeInTheDocument();
    expect(dataProvider.returnableSummary).not.toHaveBeenCalled();
  });
});
