import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AppActions } from '@/providers/types';
import { resources } from '../../resources';
import type { Roster, RosterRun } from '@resources/roster/calls';
import { tomorrowInIndia } from '@shared/time';
import { buildMenu } from '@/layout/menuModel';
import { createDataProvider, type DownloadParams } from '@/providers/dataProvider';
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
 * The day roster, "Tomorrow" (issue 35): its calls, the day's counts made or projected with
 * their totals, the files, the super-admin's "Make this day now", and the runs' record.
 */

const DAY = '2025-03-06';

const PROJECTED: Roster = {
  date: DAY,
  made: false,
  rows: [
    {
      serviceId: 't1',
      serviceName: 'Tiffin',
      serviceKind: 'tiffin',
      itemId: 'plan1',
      itemName: 'Veg lunch',
      slot: '12:00 - 14:00',
      pincode: '560001',
      deliveries: 820,
      quantity: 1240,
    },
    {
      serviceId: 'w1',
      serviceName: 'Water',
      serviceKind: 'water',
      itemId: 'jar20',
      itemName: '20 L jar',
      slot: '07:00 - 09:00',
      pincode: '560034',
      deliveries: 414,
      quantity: 612,
    },
  ],
  totals: {
    deliveries: 1234,
    quantity: 1852,
    byItem: [
      { serviceName: 'Tiffin', itemName: 'Veg lunch', deliveries: 820, quantity: 1240 },
      { serviceName: 'Water', itemName: '20 L jar', deliveries: 414, quantity: 612 },
    ],
    bySlot: [
      { slot: '07:00 - 09:00', deliveries: 414, quantity: 612 },
      { slot: '12:00 - 14:00', deliveries: 820, quantity: 1240 },
    ],
  },
};
const MADE: Roster = { ...PROJECTED, made: true };

const run = (over: Partial<RosterRun>): RosterRun & { id: string } => {
  const r: RosterRun = {
    _id: 'run1',
    day: DAY,
    trigger: 'clock',
    adminName: null,
    status: 'done',
    generated: 1234,
    skipped: { paused: 3, holiday: 40 },
    alreadyMade: 0,
    error: null,
    // 21:00 in India, the evening before the day.
    startedAt: '2025-03-05T15:30:00Z',
    finishedAt: '2025-03-05T15:30:04Z',
    ...over,
  };
  return { ...r, id: r._id };
};
const CLOCK_RUN = run({});
const FAILED_RUN = run({
  _id: 'run0',
  day: '2025-03-05',
  trigger: 'admin',
  adminName: 'Asha Admin',
  status: 'failed',
  generated: 0,
  skipped: {},
  error: 'The database did not answer in time.',
  startedAt: '2025-03-04T15:30:00Z',
  finishedAt: '2025-03-04T15:30:30Z',
});

type Fake = DataProvider & {
  [K in 'getList' | 'getRoster' | 'generateRoster' | 'download']: Mock;
};

function fakeRoster(roster: Roster = PROJECTED, overrides: Record<string, unknown> = {}): Fake {
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'categories') return { data: SEEDED_CATEGORIES, total: 3 };
      const runs = [CLOCK_RUN, FAILED_RUN];
      return { data: runs, total: runs.length };
    }),
    getRoster: vi.fn(async ({ date }: { date: string }) => ({
      data: { ...roster, date },
      meta: {},
    })),
    generateRoster: vi.fn(async () => ({
      data: {
        run: run({ _id: 'run2', trigger: 'admin', adminName: 'Asha Admin' }),
        generated: 1200,
        skipped: { paused: 3, holiday: 40, ended: 1 },
      },
      meta: { message: 'Roster generated' },
    })),
    download: vi.fn(async () => ({
      data: { blob: new Blob(['day'], { type: 'text/csv' }), fileName: 'roster-2025-03-06.csv' },
    })),
    ...overrides,
  } as never) as Fake;
}

const ADMIN_WITH_ORDERS = { role: 'admin' as const, permissions: { orders: true } };

describe('roster calls (docs/api.md, issue 35)', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider<AppActions>(resources);

  it('reads the day with GET roster/get-roster?date&serviceId', async () => {
    answers.push({ body: { statusCode: 200, result: MADE } });
    const { data } = await provider.getRoster({ date: DAY, serviceId: 't1' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.input).toBe('/api/roster/get-roster?date=2025-03-06&serviceId=t1');
    expect(data).toEqual(MADE);
  });

  it('makes a day with POST roster/generate, JSON { date }', async () => {
    const result = { run: CLOCK_RUN, generated: 5, skipped: { paused: 1 } };
    answers.push({ body: { statusCode: 200, message: 'Done', result } });
    const { data } = await provider.generateRoster({ date: DAY });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/roster/generate');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ date: DAY });
    expect(data).toEqual(result);
  });

  it('pages the runs with GET roster/runs?page&limit (result.runs)', async () => {
    answers.push({
      body: {
        statusCode: 200,
        result: { runs: [CLOCK_RUN], totalRecords: 31, currentPage: 2, totalPages: 4 },
      },
    });
    const { data, total } = await provider.getList('roster', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(calls[0]!.input).toBe('/api/roster/runs?page=2&limit=10');
    expect(data[0]).toMatchObject({ id: 'run1', generated: 1234 });
    expect(total).toBe(31);
  });

  it('streams the day as CSV or PDF from GET roster/export-roster', async () => {
    for (const format of ['csv', 'pdf'] as const) {
      answers.push(() => new Response('x', { headers: { 'content-type': 'text/csv' } }));
      const { data } = await provider.download('roster', format, {
        values: { date: DAY, serviceId: 'w1', format },
      });
      expect(data.fileName).toBe(`roster.${format}`);
    }
    expect(calls.map((c) => c.input)).toEqual([
      '/api/roster/export-roster?date=2025-03-06&serviceId=w1&format=csv',
      '/api/roster/export-roster?date=2025-03-06&serviceId=w1&format=pdf',
    ]);
  });
});

describe('Tomorrow menu entry', () => {
  it('sits under Orders Management, for admins with the orders permission', () => {
    const links = (permissions: Record<string, boolean>) =>
      buildMenu(resources, [], { role: 'admin', permissions })
        .groups.flatMap((g) => g.links.map((l) => `${g.id}: ${l.label} ${l.to}`))
        .filter((l) => l.includes('Tomorrow'));
    expect(links({ orders: true })).toEqual(['orders: Tomorrow roster']);
    expect(links({ settings: true })).toEqual([]);
  });
});

describe('the day roster', () => {
  it('opens on tomorrow in India, projected, with the totals above the counts', async () => {
    const dataProvider = fakeRoster();
    renderPanel('/roster', { dataProvider });
    const tomorrow = tomorrowInIndia();
    await waitFor(() => expect(dataProvider.getRoster).toHaveBeenCalledWith({ date: tomorrow }));
    expect(
      await screen.findByText('Not made yet: projected from the subscriptions', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveValue(tomorrow);

    // What to cook and load, and what goes out in each slot, in Indian grouping.
    const byItem = screen.getByRole('list', { name: 'By item' });
    const items = within(byItem)
      .getAllByRole('listitem')
      .map((c) => c.textContent);
    expect(items).toEqual([
      'Veg lunch · Tiffin1,240820 deliveries',
      '20 L jar · Water612414 deliveries',
      'Total1,8521,234 deliveries',
    ]);
    const bySlot = screen.getByRole('list', { name: 'By slot' });
    expect(
      within(bySlot)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['07:00 - 09:00612414 deliveries', '12:00 - 14:001,240820 deliveries']);

    const table = screen.getByRole('table');
    expect(headers(table)).toEqual([
      'Service',
      'Product or plan',
      'Slot',
      'Pin Code',
      'Deliveries',
      'Quantity',
    ]);
    const row = within(table).getByText('Veg lunch').closest('tr')!;
    expect(within(row).getByText('560001')).toBeInTheDocument();
    expect(within(row).getByText('1,240')).toBeInTheDocument();
  });

  it('says when and by whom a made day was made, from its latest run', async () => {
    renderPanel(`/roster?date=${DAY}`, { dataProvider: fakeRoster(MADE) });
    await heading('Deliveries of Thursday, 6 Mar 2025');
    expect(
      await screen.findByText('Made at 21:00 by the clock: 1,234 orders', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByText(/projected/)).not.toBeInTheDocument();
  });

  it('moves a day at a time and filters by service, in the address', async () => {
    const dataProvider = fakeRoster();
    renderPanel(`/roster?date=${DAY}`, { dataProvider });
    await heading('Deliveries of Thursday, 6 Mar 2025');
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await heading('Deliveries of Friday, 7 Mar 2025');
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await heading('Deliveries of Wednesday, 5 Mar 2025');
    await userEvent.click(screen.getByRole('combobox', { name: 'Service' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Water' }));
    await waitFor(() =>
      expect(dataProvider.getRoster).toHaveBeenLastCalledWith({
        date: '2025-03-05',
        serviceId: 'w1',
      }),
    );
  });

  it('downloads the day as PDF and CSV with its service', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:roster');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const dataProvider = fakeRoster();
    renderPanel(`/roster?date=${DAY}&serviceId=w1`, { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(dataProvider.download).toHaveBeenCalledTimes(2));
    const asked = dataProvider.download.mock.calls.map(([resource, file, params]) => [
      resource,
      file,
      (params as DownloadParams).values,
    ]);
    expect(asked).toEqual([
      ['roster', 'pdf', { date: DAY, serviceId: 'w1', format: 'pdf' }],
      ['roster', 'csv', { date: DAY, serviceId: 'w1', format: 'csv' }],
    ]);
    await waitFor(() => expect(saved).toHaveLength(2));
  });

  it('lets the super-admin make the day now, after a confirmation naming it', async () => {
    const dataProvider = fakeRoster();
    renderPanel(`/roster?date=${DAY}`, { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Make this day now' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Make the orders of Thursday, 6 Mar 2025 now?'),
    ).toBeInTheDocument();
    expect(dataProvider.generateRoster).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make orders' }));
    await waitFor(() => expect(dataProvider.generateRoster).toHaveBeenCalledWith({ date: DAY }));
    const said = 'Made 1,200 orders, skipped 44 (holiday 40, paused 3, ended 1)';
    // Said in the notification, and kept on the page above the counts.
    const shown = await screen.findAllByText(said, {}, SLOW);
    expect(shown.some((el) => el.closest('.MuiAlert-root'))).toBe(true);
    // The day's counts and the runs are asked again.
    await waitFor(() => expect(dataProvider.getRoster.mock.calls.length).toBeGreaterThan(1));
  });

  it('offers no "Make this day now" to other admins', async () => {
    const authProvider = fakeAuthProvider(ADMIN_WITH_ORDERS);
    renderPanel(`/roster?date=${DAY}`, { dataProvider: fakeRoster(), authProvider });
    await screen.findByText('Not made yet: projected from the subscriptions', {}, SLOW);
    await accessDecided(authProvider.canAccess, 'rosterMaking');
    expect(screen.queryByRole('button', { name: 'Make this day now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });
});

describe('the runs', () => {
  it('shows each run: day, when, by, status, made, skipped by reason, already made, error', async () => {
    renderPanel(`/roster?date=${DAY}`, { dataProvider: fakeRoster() });
    const runs = await screen.findByRole('region', { name: 'Runs' }, SLOW);
    const table = await within(runs).findByRole('table', {}, SLOW);
    expect(headers(table)).toEqual([
      'Day',
      'When',
      'By',
      'Status',
      'Made',
      'Skipped',
      'Already made',
      'Error',
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('6, Mar 2025')).toBeInTheDocument();
    expect(within(first!).getByText('the clock')).toBeInTheDocument();
    expect(within(first!).getByText('Done')).toBeInTheDocument();
    expect(within(first!).getByText('1,234')).toBeInTheDocument();
    expect(within(first!).getByText('43 (holiday 40, paused 3)')).toBeInTheDocument();
    expect(within(second!).getByText('Asha Admin')).toBeInTheDocument();
    expect(within(second!).getByText('Failed')).toBeInTheDocument();
    expect(within(second!).getByText('The database did not answer in time.')).toBeInTheDocument();
    expect(within(runs).getByText('Showing 1 to 2 out of 2')).toBeInTheDocument();
  });
});
