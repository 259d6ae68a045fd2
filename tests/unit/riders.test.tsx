import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AppActions } from '@/providers/types';
import { resources } from '../../resources';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
import { headers, heading, renderPanel, SLOW } from './helpers';

/*
 * Riders (issue 15): the calls the resource declares, and the list, add, edit, view and delete
 * screens against a fake dataProvider.
 */

const RAVI = {
  id: 'r1',
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
  id: 'r2',
  _id: 'r2',
  name: 'Sita Devi',
  phone: '9123456789',
  vehicle: '',
  pincodes: ['400050'],
  shift: 'Both',
  status: 'Inactive',
  jobs: 0,
  openJobs: 0,
};
const PINCODES = ['400050', '560001', '560034'].map((number, i) => ({
  id: `p${i}`,
  _id: `p${i}`,
  number,
  pinType: 'Home',
  status: 'Active',
}));

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'create' | 'update' | 'delete']: Mock };

function fakeRiders(overrides: Record<string, unknown> = {}): Fake {
  const riders = [RAVI, SITA];
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'pincodes') return { data: PINCODES, total: PINCODES.length };
      return { data: riders, total: riders.length };
    }),
    getOne: vi.fn(async (_resource: string, { id }: { id: unknown }) => {
      const rider = riders.find((r) => r.id === id);
      if (!rider) throw new HttpError('This rider does not exist.', 404);
      return { data: rider };
    }),
    create: vi.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...data, id: 'r9' },
      meta: { message: 'Rider added successfully!' },
    })),
    update: vi.fn(async (_r: string, { id, data }: { id: unknown; data: object }) => ({
      data: { ...data, id },
      meta: { message: 'Rider updated successfully!' },
    })),
    delete: vi.fn(async () => {
      throw new HttpError('Ravi Kumar has 3 open jobs. Reassign or unassign them first.', 409);
    }),
    ...overrides,
  } as never) as Fake;
}

const riderCalls = (dp: Fake) => dp.getList.mock.calls.filter(([r]) => r === 'riders');

describe('rider calls (docs/api.md, Dispatch)', () => {
  const { calls, answers } = stubApi({
    statusCode: 200,
    message: 'ok',
    result: { riders: [RAVI], totalRecords: 1, currentPage: 1, totalPages: 1, rider: RAVI },
  });
  const provider = createDataProvider<AppActions>(resources);
  const body = (i = 0) => JSON.parse(String(calls[i]!.body));

  it('lists with GET rider/get-riders: page, limit, search, sort and the filters', async () => {
    const { data, total } = await provider.getList('riders', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'ravi', status: 'Active', pincode: '560034' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/rider/get-riders');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      page: '2',
      limit: '20',
      search: 'ravi',
      sort: 'name',
      sortOrder: 'asc',
      status: 'Active',
      pincode: '560034',
    });
    expect(data[0]).toMatchObject({ id: 'r1', name: 'Ravi Kumar' });
    expect(total).toBe(1);
  });

  it('adds, edits and deletes with JSON bodies', async () => {
    const fields = {
      name: 'Ravi Kumar',
      phone: '+91 98765 43210',
      vehicle: '',
      pincodes: ['560001'],
      shift: 'Morning',
      status: 'Active',
    };
    await provider.create('riders', { data: fields });
    expect(calls[0]!.url.pathname).toBe('/api/rider/create-rider');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(body(0)).toEqual(fields);

    await provider.update('riders', { id: 'r1', data: { ...fields, jobs: 4 }, previousData: RAVI });
    expect(calls[1]!.url.pathname).toBe('/api/rider/edit-rider');
    expect(body(1)).toEqual({ ...fields, riderId: 'r1' });

    await provider.delete('riders', { id: 'r1', previousData: RAVI });
    expect(calls[2]!.method).toBe('POST');
    expect(calls[2]!.url.pathname).toBe('/api/rider/delete-rider/r1');
  });

  it('asks the picker, the run, the cash, the summary, and records cash', async () => {
    await provider.findRiders({ status: 'Active', prefer: '560001,560034', date: '2025-03-05' });
    expect(calls[0]!.input).toBe(
      '/api/rider/get-riders?status=Active&prefer=560001%2C560034&date=2025-03-05',
    );
    await provider.riderRun({ riderId: 'r1', date: '2025-03-05', shift: '' });
    expect(calls[1]!.input).toBe('/api/rider/run/r1?date=2025-03-05');
    await provider.riderCash({ date: '2025-03-05' });
    expect(calls[2]!.input).toBe('/api/rider/cash?date=2025-03-05');
    await provider.dispatchSummary({});
    expect(calls[3]!.input).toBe('/api/rider/dispatch-summary');
    await provider.settleRiderCash({ riderId: 'r1', date: '2025-03-05', amount: 1250.5 });
    expect(calls[4]!.url.pathname).toBe('/api/rider/settle-cash');
    expect(body(4)).toEqual({ riderId: 'r1', date: '2025-03-05', amount: 1250.5 });
  });

  it('assigns, unassigns and auto-assigns jobs', async () => {
    await provider.assignRider({ orderIds: ['o1', 'o2'], riderId: 'r1', date: '2025-03-05' });
    expect(calls[0]!.url.pathname).toBe('/api/order/assign-rider');
    expect(body(0)).toEqual({ orderIds: ['o1', 'o2'], riderId: 'r1', date: '2025-03-05' });
    await provider.autoAssign({ serviceId: 'w1', date: '2025-03-05', pincode: '560001' });
    expect(calls[1]!.url.pathname).toBe('/api/order/auto-assign/w1');
    expect(body(1)).toEqual({ date: '2025-03-05', pincode: '560001' });
  });

  it('unassigns with `riderId: null` in the body (the server refuses a body without it)', async () => {
    await provider.assignRider({ orderIds: ['o1'], riderId: null });
    expect(calls[0]!.url.pathname).toBe('/api/order/assign-rider');
    expect(body(0)).toEqual({ orderIds: ['o1'], riderId: null });
  });

  it('streams the run sheet from GET rider/run-sheet/{riderId}', async () => {
    answers.push(
      () =>
        new Response('%PDF-1.4\n%%EOF\n', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="run-sheet-Ravi-2025-03-05.pdf"',
          },
        }),
    );
    const { data } = await provider.download('riders', 'runSheet', {
      values: { riderId: 'r1', date: '2025-03-05', shift: 'Evening' },
    });
    expect(calls[0]!.input).toBe('/api/rider/run-sheet/r1?date=2025-03-05&shift=Evening');
    expect(data.fileName).toBe('run-sheet-Ravi-2025-03-05.pdf');
  });
});

describe('riders list', () => {
  it('shows each rider with pin codes, shift, status and loads, and links to the run', async () => {
    const dataProvider = fakeRiders();
    renderPanel('/riders/1', { dataProvider });
    await heading('Riders');
    const table = await screen.findByRole('table', {}, SLOW);
    expect(headers(table)).toEqual([
      'Name',
      'Phone',
      'Vehicle',
      'Pin Codes',
      'Shift',
      'Status',
      "Today's jobs",
      'Open jobs',
      'Actions',
    ]);
    const row = within(table).getByText('Ravi Kumar').closest('tr')!;
    expect(within(row).getByText('+91 98765 43210')).toBeInTheDocument();
    expect(within(row).getByText('560001')).toBeInTheDocument();
    expect(within(row).getByText('560034')).toBeInTheDocument();
    expect(within(row).getByText('Morning')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(row).getByText('6')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: "Today's run: Ravi Kumar" })).toHaveAttribute(
      'href',
      '/rider/run/r1',
    );
    expect(await within(row).findByRole('link', { name: 'Edit Ravi Kumar' })).toHaveAttribute(
      'href',
      '/rider/edit/r1',
    );
    expect(riderCalls(dataProvider).at(-1)![1]).toMatchObject({
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
    });
  });

  it('filters by status and pin code in the address, and searches', async () => {
    const dataProvider = fakeRiders();
    renderPanel('/riders/1?pincode=560034', { dataProvider });
    await screen.findByRole('table', {}, SLOW);
    expect(riderCalls(dataProvider).at(-1)![1].filter).toEqual({ pincode: '560034' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() =>
      expect(riderCalls(dataProvider).at(-1)![1].filter).toEqual({
        pincode: '560034',
        status: 'Inactive',
      }),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '98765');
    await waitFor(() => expect(riderCalls(dataProvider).at(-1)![1].filter.q).toBe('98765'));
  });

  it("shows the server's 409 when a rider with open jobs is deleted", async () => {
    const dataProvider = fakeRiders();
    renderPanel('/riders/1', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Ravi Kumar' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete Ravi Kumar?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Ravi Kumar has 3 open jobs. Reassign or unassign them first.'),
    ).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith(
      'riders',
      expect.objectContaining({ id: 'r1' }),
    );
  });
});

describe('add, edit and view a rider', () => {
  it('adds a rider with pin codes chosen from the service areas', async () => {
    const dataProvider = fakeRiders();
    renderPanel('/rider/add', { dataProvider });
    await heading('Add Rider');
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Anil Rao');
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await userEvent.type(phone, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Choose at least one pin code.')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();

    await userEvent.clear(phone);
    await userEvent.type(phone, '+91 91234 56780');
    const pins = screen.getByRole('combobox', { name: /^Pin Codes/ });
    await userEvent.click(pins);
    await userEvent.click(await screen.findByRole('option', { name: '560034' }));
    await userEvent.click(pins);
    await userEvent.click(await screen.findByRole('option', { name: '400050' }));
    await userEvent.click(screen.getByRole('combobox', { name: /^Shift/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Evening' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Rider added successfully!')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith(
      'riders',
      expect.objectContaining({
        data: expect.objectContaining({
          name: 'Anil Rao',
          phone: '+91 91234 56780',
          pincodes: ['560034', '400050'],
          shift: 'Evening',
          status: 'Active',
        }),
      }),
    );
  });

  it('edits a rider loaded by id', async () => {
    const dataProvider = fakeRiders();
    renderPanel('/rider/edit/r1', { dataProvider });
    await heading('Edit Rider');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Ravi Kumar');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ravi K');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Rider updated successfully!')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith(
      'riders',
      expect.objectContaining({
        id: 'r1',
        data: expect.objectContaining({ name: 'Ravi K', pincodes: ['560001', '560034'] }),
      }),
    );
  });

  it("views a rider with today's run", async () => {
    renderPanel('/rider/view/r1', { dataProvider: fakeRiders() });
    expect(await screen.findByRole('heading', { name: 'Ravi Kumar' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('KA-01-AB-1234')).toBeInTheDocument();
    expect(screen.getByText('560034')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Today's run" })).toHaveAttribute(
      'href',
      '/rider/run/r1',
    );
  });

  it('says so for a rider that does not exist', async () => {
    renderPanel('/rider/view/zz', { dataProvider: fakeRiders() });
    expect(await screen.findByText('This rider does not exist.', {}, SLOW)).toBeInTheDocument();
  });
});
