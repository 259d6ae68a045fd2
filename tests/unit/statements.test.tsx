import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { buildMenu } from '@/layout/menuModel';
import { createDataProvider, type DownloadParams } from '@/providers/dataProvider';
import { i18nProvider } from '@/i18n';
import type { StatementRow } from '@resources/statements/calls';
import { chosenMonth, monthBefore, monthChoices, monthLabel } from '@resources/statements/month';
import { StatementButton } from '@resources/statements/StatementButton';
import { resources } from '../../resources';
import { stubApi } from './apiStub';
import { renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';

/*
 * Monthly statements (issue 36): the calls, the Statements page (month, download all, the
 * month's numbered statements) and the customer's StatementButton.
 */

const NOW = new Date('2026-11-28T06:30:00Z');
const LAST = '2026-10';

const ROWS: StatementRow[] = [
  {
    _id: 's2',
    number: 'ST/2610/000002',
    month: LAST,
    userId: 'u2',
    customer: { name: 'Priya Iyer', phone: '9123456780' },
    billingMode: 'postpaid',
    opening: 100,
    debits: 0,
    credits: 0,
    closing: 100,
    madeAt: '2026-11-01T04:00:00Z',
  },
  {
    _id: 's1',
    number: 'ST/2610/000001',
    month: LAST,
    userId: 'u1',
    customer: { name: 'Aarav Sharma', phone: '9876543210' },
    billingMode: 'postpaid',
    opening: -200,
    debits: 105,
    credits: 200,
    closing: -105,
    madeAt: '2026-11-01T04:00:00Z',
  },
];

type Fake = DataProvider & { [K in 'getList' | 'download']: Mock };

function fake(rows = ROWS): Fake {
  return testDataProvider({
    getList: vi.fn(async (resource: string) =>
      resource === 'categories'
        ? { data: SEEDED_CATEGORIES, total: 3 }
        : { data: rows.map((r) => ({ ...r, id: r._id })), total: rows.length },
    ),
    download: vi.fn(async () => ({
      data: { blob: new Blob(['%PDF-'], { type: 'application/pdf' }), fileName: 'statement.pdf' },
    })),
  } as never) as Fake;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:statement');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('months', () => {
  it('offers this month and the past ones, last month by default', () => {
    const choices = monthChoices(NOW);
    expect(choices.slice(0, 3)).toEqual(['2026-11', '2026-10', '2026-09']);
    expect(monthBefore('2026-01', 1)).toBe('2025-12');
    expect(chosenMonth(null, NOW)).toBe(LAST);
    expect(chosenMonth('2026-12', NOW)).toBe(LAST);
    expect(chosenMonth('2026-11', NOW)).toBe('2026-11');
    expect(monthLabel('2026-10')).toBe('October 2026');
  });
});

describe('statement calls (docs/api.md "Accounts: statements")', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider(resources);

  it('lists a month with GET account/get-statements?month&page&limit&search', async () => {
    answers.push({
      body: {
        statusCode: 200,
        result: { statements: ROWS, month: LAST, totalRecords: 2, currentPage: 1, totalPages: 1 },
      },
    });
    const { data, total } = await provider.getList('statements', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'DESC' },
      filter: { month: LAST, q: 'Priya' },
    });
    expect(calls[0]!.input).toBe(
      '/api/account/get-statements?month=2026-10&page=1&limit=20&search=Priya',
    );
    expect(data.map((r) => r.id)).toEqual(['s2', 's1']);
    expect(total).toBe(2);
  });

  it("downloads a customer's statement and the month's batch", async () => {
    for (const _ of [1, 2]) {
      answers.push(() => new Response('%PDF-', { headers: { 'content-type': 'application/pdf' } }));
    }
    await provider.download('statements', 'one', { values: { userId: 'u1', month: LAST } });
    await provider.download('statements', 'all', { values: { month: LAST } });
    expect(calls.map((c) => c.input)).toEqual([
      '/api/account/statement/u1?month=2026-10',
      '/api/account/statements?month=2026-10',
    ]);
  });
});

describe('Statements page', () => {
  it('sits under Orders Management', () => {
    const menu = buildMenu(resources, [], { role: 'admin', permissions: { orders: true } });
    const orders = menu.groups.find((g) => g.id === 'orders')!;
    expect(orders.links.find((l) => l.to === 'statements')?.label).toBe('Statements');
  });

  it("shows last month's numbered statements with what each owes, and downloads them", async () => {
    const dataProvider = fake();
    renderPanel('/statements', { dataProvider });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Statements of October 2026' }, SLOW),
    ).toBeTruthy();
    const table = await screen.findByRole('table', {}, SLOW);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('ST/2610/000002');
    expect(rows[1]!.textContent).toContain('In credit ₹100.00');
    expect(rows[2]!.textContent).toContain('Aarav Sharma');
    expect(rows[2]!.textContent).toContain('Due ₹105.00');
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'statements',
      expect.objectContaining({ filter: { month: LAST } }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Download all (postpaid)' }));
    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(dataProvider.download).toHaveBeenCalledTimes(2));
    expect(
      dataProvider.download.mock.calls.map(([r, f, p]) => [r, f, (p as DownloadParams).values]),
    ).toEqual([
      ['statements', 'all', { month: LAST }],
      ['statements', 'one', { userId: 'u1', month: LAST }],
    ]);
  });

  it('says this month is a draft, and what an empty month means', async () => {
    const dataProvider = fake([]);
    renderPanel('/statements?month=2026-11', { dataProvider });
    expect(await screen.findByText(/This month is not over/, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(/No statement of this month is numbered yet/)).toBeTruthy();
  });
});

describe('StatementButton', () => {
  it("downloads the customer's statement of the month chosen", async () => {
    const dataProvider = fake();
    render(
      <TestMemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <StatementButton userId="u1" />
        </AdminContext>
      </TestMemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('combobox', { name: 'Month' }));
    await userEvent.click(await screen.findByRole('option', { name: 'November 2026 (to date)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download statement' }));
    await waitFor(() =>
      expect(dataProvider.download).toHaveBeenCalledWith(
        'statements',
        'one',
        expect.objectContaining({ values: { userId: 'u1', month: '2026-11' } }),
      ),
    );
  });
});
