import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider, type RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { formatRupees } from '@/format';
import { indiaDay } from '@shared/time';
import {
  fakeAuthProvider,
  headers,
  heading,
  renderPanel,
  SEEDED_CATEGORIES,
  SLOW,
} from './helpers';

/*
 * Dispatch (issue 15) on the panel, against a fake dataProvider: the jobs list's rider column,
 * filter and assigning (bulk assign, unassign, auto-assign), a rider's run with the run sheet
 * and hand-off, cash on delivery, the dashboard's card and the history's notes.
 */

const RAVI = {
  _id: 'r1',
  name: 'Ravi Kumar',
  phone: '9876543210',
  vehicle: 'KA-01-AB-1234',
  pincodes: ['560001', '560034'],
  shift: 'Morning',
  status: 'Active',
  jobs: 4,
  openJobs: 6,
  createdAt: '2025-03-05T10:00:00Z',
  updatedAt: '2025-03-05T10:00:00Z',
};
const SITA = {
  ...RAVI,
  _id: 'r2',
  name: 'Sita Devi',
  pincodes: ['400050'],
  shift: 'Both',
  jobs: 1,
};

const job = (id: string, orderId: string, pincode: string, extra: object = {}): RaRecord => ({
  id,
  _id: id,
  orderId,
  createdAt: '2025-03-05T04:00:00.000Z',
  userId: `u-${id}`,
  user: { _id: `u-${id}`, name: 'Aarav Sharma' },
  serviceId: 'w1',
  service: { _id: 'w1', name: 'Water', kind: 'water' },
  quantity: 2,
  returnQuantity: 2,
  price: 160,
  deliveryCharge: 30,
  totalAmount: 190,
  paymentMethod: 'Cash on Delivery',
  deliveryTime: '7:00 AM - 9:00 AM',
  isEmergency: false,
  status: 'Pending',
  pincode,
  address: { fullAddress: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode },
  rider: null,
  runDate: null,
  runShift: null,
  ...extra,
});

const FREE_JOB = job('a', 'OD250305AAAAAA', '560034');
const RAVIS_JOB = job('b', 'OD250305BBBBBB', '560001', {
  rider: { _id: 'r1', name: 'Ravi Kumar' },
  runDate: '2025-03-05',
  runShift: 'Morning',
});
const PINCODES = ['560001', '560034'].map((number, i) => ({ id: `p${i}`, number }));

type Fake = DataProvider &
  Record<string, Mock> & { [K in 'getList' | 'getOne' | 'download']: Mock };

function fakeDispatch(overrides: Record<string, unknown> = {}): Fake {
  let run = [
    RAVIS_JOB,
    job('c', 'OD250305CCCCCC', '560034', { rider: RAVIS_JOB.rider, isEmergency: true }),
    job('d', 'OD250305DDDDDD', '560034', {
      rider: RAVIS_JOB.rider,
      status: 'Out for Delivery',
      paymentMethod: 'Online',
    }),
  ];
  let handedIn = 500;
  const cashDay = () => ({
    date: '2025-03-05',
    riders: [
      {
        riderId: 'r1',
        name: 'Ravi Kumar',
        deliveredCod: 4,
        expected: 750,
        handedIn,
        difference: 750 - handedIn,
        settlements: [
          {
            _id: 's1',
            amount: 500,
            settledByName: 'Asha Admin',
            settledAt: '2025-03-05T13:30:00Z',
          },
        ],
      },
      {
        riderId: null,
        name: 'Old Rider',
        deliveredCod: 1,
        expected: 190,
        handedIn: 190,
        difference: 0,
        settlements: [],
      },
    ],
    totals: { expected: 940, handedIn: handedIn + 190, difference: 750 - handedIn },
  });
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'categories') return { data: SEEDED_CATEGORIES, total: 3 };
      if (resource === 'pincodes') return { data: PINCODES, total: PINCODES.length };
      if (resource === 'riders') {
        const data = [RAVI, SITA].map((r) => ({ ...r, id: r._id }));
        return { data, total: data.length };
      }
      return { data: [FREE_JOB, RAVIS_JOB], total: 2 };
    }),
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      if (resource === 'categories') {
        const category = SEEDED_CATEGORIES.find((c) => c.id === id);
        if (!category) throw new HttpError('This category does not exist.', 404);
        return { data: category };
      }
      return {
        data: {
          ...RAVIS_JOB,
          accessories: [],
          statusHistory: [
            { fromStatus: null, toStatus: 'Pending', at: '2025-03-05T04:00:00Z', by: null },
            {
              fromStatus: 'Pending',
              toStatus: 'Pending',
              at: '2025-03-05T05:00:00Z',
              by: { _id: 'a1', name: 'Asha Admin' },
              note: 'Assigned to Ravi Kumar',
            },
          ],
        },
      };
    }),
    findRiders: vi.fn(async () => ({
      data: {
        // As the server answers `prefer=`: those serving the pin codes first.
        riders: [
          { ...RAVI, serves: true },
          { ...SITA, serves: false },
        ],
        totalRecords: 2,
        currentPage: 1,
        totalPages: 1,
      },
      meta: {},
    })),
    assignRider: vi.fn(async ({ orderIds, riderId }: { orderIds: string[]; riderId: unknown }) => ({
      data: { assigned: orderIds.length, unchanged: 0 },
      meta: {
        message: riderId
          ? `${orderIds.length} jobs assigned to Ravi Kumar.`
          : `${orderIds.length} jobs unassigned.`,
      },
    })),
    autoAssign: vi.fn(async () => ({
      data: {
        assigned: 42,
        withoutRider: 3,
        remaining: 0,
        riders: [],
        pincodesWithoutRider: ['560099'],
      },
      meta: {
        message: '42 jobs assigned to 6 riders. 3 jobs have no rider for their pin code (560099).',
      },
    })),
    riderRun: vi.fn(async () => ({
      data: { rider: RAVI, jobs: run, totalRecords: run.length },
      meta: {},
    })),
    setOrdersStatus: vi.fn(async ({ orderIds, status }: { orderIds: string[]; status: string }) => {
      run = run.map((j) => (orderIds.includes(j.id as string) ? { ...j, status } : j));
      return {
        data: { updated: orderIds.length, unchanged: 0 },
        meta: { message: `${orderIds.length} orders updated to ${status}.` },
      };
    }),
    download: vi.fn(async () => ({
      data: {
        blob: new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }),
        fileName: 'run-sheet-Ravi Kumar-2025-03-05.pdf',
      },
    })),
    riderCash: vi.fn(async () => ({ data: cashDay(), meta: {} })),
    settleRiderCash: vi.fn(async ({ amount }: { amount: number }) => {
      handedIn += amount;
      return {
        data: { expected: 750, handedIn, difference: 750 - handedIn },
        meta: { message: `Cash of ${formatRupees(amount)} recorded for Ravi Kumar.` },
      };
    }),
    ...overrides,
  } as never) as Fake;
}

const jobCalls = (dp: Fake) => dp.getList.mock.calls.filter(([r]) => r === 'assigningJobs');
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('assigning jobs: riders', () => {
  it('shows each job’s rider, opening the run of its day, or Unassigned', async () => {
    renderPanel('/assigning-job/water/w1/1', { dataProvider: fakeDispatch() });
    const table = await screen.findByRole('table', {}, SLOW);
    expect(headers(table)).toContain('Rider');
    expect(within(rowOf('OD250305AAAAAA')).getByText('Unassigned')).toBeInTheDocument();
    expect(
      within(rowOf('OD250305BBBBBB')).getByRole('link', { name: 'Ravi Kumar' }),
    ).toHaveAttribute('href', '/rider/run/r1?date=2025-03-05&shift=Morning');
  });

  it('filters by rider or unassigned only, kept in the address', async () => {
    const dataProvider = fakeDispatch();
    renderPanel('/assigning-job/water/w1/1?rider=r2', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    expect(jobCalls(dataProvider).at(-1)![1].filter).toEqual({ serviceId: 'w1', rider: 'r2' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Rider' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'All riders',
      'Unassigned only',
      'Ravi Kumar',
      'Sita Devi',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Unassigned only' }));
    await waitFor(() =>
      expect(jobCalls(dataProvider).at(-1)![1].filter).toEqual({ serviceId: 'w1', rider: 'none' }),
    );
  });

  it('assigns the selected jobs to a rider picked among those serving their pin codes', async () => {
    const dataProvider = fakeDispatch();
    renderPanel('/assigning-job/water/w1/1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(await within(rowOf('OD250305AAAAAA')).findByRole('checkbox'));
    await userEvent.click(await within(rowOf('OD250305BBBBBB')).findByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Assign to rider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 2 jobs to a rider' });
    expect(within(dialog).getByLabelText(/Run date/)).toHaveValue(indiaDay());
    await waitFor(() =>
      expect(dataProvider.findRiders).toHaveBeenCalledWith({
        status: 'Active',
        prefer: '560034,560001',
        date: indiaDay(),
        limit: 1000,
      }),
    );
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Rider' }));
    const listbox = await screen.findByRole('listbox');
    // Those serving the pin codes first, each with the day's load.
    const order = ['Serve these pin codes', 'Ravi Kumar', 'Other riders', 'Sita Devi'];
    const at = order.map((text) => listbox.textContent!.indexOf(text));
    expect(at).not.toContain(-1);
    expect(at).toEqual([...at].sort((x, y) => x - y));
    const ravi = within(listbox).getByRole('option', { name: /Ravi Kumar/ });
    expect(ravi).toHaveTextContent('4 jobs that day · Morning · 560001, 560034');
    await userEvent.click(ravi);
    const before = jobCalls(dataProvider).length;
    await userEvent.click(assign);

    expect(await screen.findByText('2 jobs assigned to Ravi Kumar.')).toBeInTheDocument();
    expect(dataProvider.assignRider).toHaveBeenCalledWith({
      orderIds: ['a', 'b'],
      riderId: 'r1',
      date: indiaDay(),
    });
    await waitFor(() => expect(jobCalls(dataProvider).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('unassigns the selected jobs after asking', async () => {
    const dataProvider = fakeDispatch();
    renderPanel('/assigning-job/water/w1/1', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(await within(rowOf('OD250305BBBBBB')).findByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Unassign' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Unassign 1 job?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('1 jobs unassigned.')).toBeInTheDocument();
    expect(dataProvider.assignRider).toHaveBeenCalledWith({ orderIds: ['b'], riderId: null });
  });

  it("auto-assigns the day's jobs of the list's pin code and shows the server's message", async () => {
    const dataProvider = fakeDispatch();
    renderPanel('/assigning-job/water/w1/1?pincode=560034', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(await screen.findByRole('button', { name: 'Auto-assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auto-assign jobs' });
    expect(within(dialog).getByRole('combobox', { name: 'Pin Code' })).toHaveTextContent('560034');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Auto-assign' }));
    expect(
      await screen.findByText(
        '42 jobs assigned to 6 riders. 3 jobs have no rider for their pin code (560099).',
      ),
    ).toBeInTheDocument();
    expect(dataProvider.autoAssign).toHaveBeenCalledWith({
      serviceId: 'w1',
      date: indiaDay(),
      pincode: '560034',
    });
  });

  it("shows the history's notes: who assigned the job to whom", async () => {
    renderPanel('/assigning-job/view/b', { dataProvider: fakeDispatch() });
    await heading('View Order');
    const history = screen.getByRole('table', { name: 'Status History' });
    expect(within(history).getByText('Assigned to Ravi Kumar')).toBeInTheDocument();
    expect(within(history).getByText('Placed → Pending')).toBeInTheDocument();
  });
});

/** Records the downloads the browser would start (jsdom has no object URLs). */
function captureDownloads() {
  const clicked: { download: string }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:run-sheet');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ download: this.download });
  });
  return clicked;
}

describe("a rider's run", () => {
  it('lists the jobs of the day and round, with the counts and the cash to collect', async () => {
    const dataProvider = fakeDispatch();
    renderPanel('/rider/run/r1?date=2025-03-05&shift=Morning', { dataProvider });
    await heading("Ravi Kumar's run");
    expect(dataProvider.riderRun).toHaveBeenCalledWith({
      riderId: 'r1',
      date: '2025-03-05',
      shift: 'Morning',
    });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(
      screen.getByText(`5, Mar 2025 · 3 jobs · 2 Pending · Cash to collect: ${formatRupees(380)}`),
    ).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'View order OD250305CCCCCC' })).toHaveAttribute(
      'href',
      '/assigning-job/view/c',
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Round' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Evening' }));
    await waitFor(() =>
      expect(dataProvider.riderRun).toHaveBeenLastCalledWith({
        riderId: 'r1',
        date: '2025-03-05',
        shift: 'Evening',
      }),
    );
  });

  it('downloads the run sheet of the day and round', async () => {
    const clicked = captureDownloads();
    const dataProvider = fakeDispatch();
    renderPanel('/rider/run/r1?date=2025-03-05&shift=Morning', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Download run sheet' }));
    await waitFor(() =>
      expect(clicked).toEqual([{ download: 'run-sheet-Ravi Kumar-2025-03-05.pdf' }]),
    );
    expect(dataProvider.download.mock.calls[0]!.slice(0, 3)).toEqual([
      'riders',
      'runSheet',
      expect.objectContaining({ values: { riderId: 'r1', date: '2025-03-05', shift: 'Morning' } }),
    ]);
  });

  it('hands off the Pending jobs after a confirmation naming the count', async () => {
    const dataProvider = fakeDispatch();
    renderPanel('/rider/run/r1?date=2025-03-05', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    await userEvent.click(await screen.findByRole('button', { name: 'Hand off' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Hand off 2 jobs?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand off' }));
    expect(await screen.findByText('2 orders updated to Out for Delivery.')).toBeInTheDocument();
    expect(dataProvider.setOrdersStatus).toHaveBeenCalledWith({
      orderIds: ['b', 'c'],
      status: 'Out for Delivery',
    });
    // The run reloads: nothing Pending is left, so there is nothing to hand off.
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByText('Out for Delivery')).toHaveLength(3),
    );
    expect(screen.getByRole('button', { name: 'Hand off' })).toBeDisabled();
  });
});

describe('cash on delivery', () => {
  it('shows each rider’s expected, handed in and difference, red while short, with totals', async () => {
    const dataProvider = fakeDispatch();
    renderPanel('/rider-cash?date=2025-03-05', { dataProvider });
    await heading('Cash on delivery');
    expect(dataProvider.riderCash).toHaveBeenCalledWith({ date: '2025-03-05' });
    const table = await screen.findByRole('table', { name: 'Cash on delivery' });
    expect(headers(table)).toEqual([
      'Rider',
      'COD deliveries',
      'Expected',
      'Handed in',
      'Difference',
      'Settlements',
      'Actions',
    ]);
    const ravi = within(table).getByText('Ravi Kumar').closest('tr')!;
    expect(within(ravi).getByText(formatRupees(750))).toBeInTheDocument();
    expect(within(ravi).getByTitle(`Short by ${formatRupees(250)}`)).toHaveTextContent(
      formatRupees(250),
    );
    expect(within(ravi).getByText(/by Asha Admin/)).toBeInTheDocument();
    const old = within(table).getByText('Old Rider (deleted)').closest('tr')!;
    expect(within(old).queryByRole('button')).not.toBeInTheDocument();
    const total = within(table).getByText('Total').closest('tr')!;
    expect(within(total).getByText(formatRupees(940))).toBeInTheDocument();
    expect(within(total).getByText(formatRupees(690))).toBeInTheDocument();
  });

  it('records cash, the difference by default, and shows the new difference', async () => {
    const dataProvider = fakeDispatch();
    renderPanel('/rider-cash?date=2025-03-05', { dataProvider });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Record cash for Ravi Kumar' }, SLOW),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record cash: Ravi Kumar' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (₹)' });
    expect(amount).toHaveValue('250');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(
      within(dialog).getByText(
        'Enter an amount above ₹0, up to ₹10,00,000, with at most 2 decimals.',
      ),
    ).toBeInTheDocument();
    expect(dataProvider.settleRiderCash).not.toHaveBeenCalled();

    await userEvent.clear(amount);
    await userEvent.type(amount, '250');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(
      await screen.findByText(`Cash of ${formatRupees(250)} recorded for Ravi Kumar.`),
    ).toBeInTheDocument();
    expect(dataProvider.settleRiderCash).toHaveBeenCalledWith({
      riderId: 'r1',
      date: '2025-03-05',
      amount: 250,
    });
    const ravi = (await screen.findByText('Ravi Kumar')).closest('tr')!;
    await waitFor(() => expect(within(ravi).getByText(formatRupees(0))).toBeInTheDocument());
    expect(within(ravi).queryByTitle(/Short by/)).not.toBeInTheDocument();
  });
});

describe('the dashboard’s dispatch card', () => {
  const SUMMARY = {
    unassignedJobs: 12,
    ridersActive: 6,
    riders: [{ _id: 'r1', name: 'Ravi Kumar', jobs: 9, delivered: 5, open: 4 }],
    cashNotHandedIn: 1250,
  };
  const dashboardProvider = () =>
    fakeDispatch({
      getOne: vi.fn(async () => ({ data: { id: 'data', recentOrders: [], recentSupports: [] } })),
      getList: vi.fn(async () => ({ data: [], total: 0 })),
      dispatchSummary: vi.fn(async () => ({ data: SUMMARY, meta: {} })),
    });

  it('shows unassigned jobs, jobs per rider and cash not handed in to Assigning Jobs admins', async () => {
    const dataProvider = dashboardProvider();
    renderPanel('/dashboard', {
      dataProvider,
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { assigningJobs: true } }),
    });
    const card = await screen.findByRole('region', { name: 'Dispatch today' }, SLOW);
    expect(within(card).getByText('Unassigned jobs').nextSibling).toHaveTextContent('12');
    expect(within(card).getByText('Cash not handed in').nextSibling).toHaveTextContent(
      formatRupees(1250),
    );
    const row = within(card).getByRole('link', { name: 'Ravi Kumar' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9', '5', '4']);
    expect(within(card).getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute(
      'href',
      '/rider/run/r1',
    );
  });

  it('is not shown, nor asked, for an admin without Assigning Jobs', async () => {
    const dataProvider = dashboardProvider();
    renderPanel('/dashboard', {
      dataProvider,
      authProvider: fakeAuthProvider({ role: 'admin', permissions: { orders: true } }),
    });
    await screen.findByRole('heading', { name: 'Recent Orders' }, SLOW);
    expect(screen.queryByRole('region', { name: 'Dispatch today' })).not.toBeInTheDocument();
    expect(dataProvider.dispatchSummary).not.toHaveBeenCalled();
  });
});
