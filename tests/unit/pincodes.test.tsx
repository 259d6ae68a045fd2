import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { resources } from '../../resources';
import { createDataProvider } from '@/providers/dataProvider';
import { fakeAuthProvider, heading, renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';
import { stubApi } from './apiStub';

describe('pin code calls (spec 000 §7)', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider(resources);
  const jsonBody = (i = 0) => JSON.parse(String(calls[i]!.body));

  it('lists through GET pincode/get-paginated-pincodes with status, paging, search and sort', async () => {
    answers.push({
      body: {
        statusCode: 200,
        result: {
          pincodes: [{ _id: 'p1', number: '560034', pinType: 'Home' }],
          totalRecords: 31,
          currentPage: 2,
          totalPages: 4,
        },
      },
    });
    const result = await provider.getList('pincodes', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'number', order: 'ASC' },
      filter: { q: '5600' },
    });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/pincode/get-paginated-pincodes');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      status: 'Active',
      page: '2',
      limit: '10',
      search: '5600',
      sort: 'number',
      sortOrder: 'asc',
    });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(result).toEqual({
      data: [{ _id: 'p1', id: 'p1', number: '560034', pinType: 'Home' }],
      total: 31,
    });
  });

  it('fills a dropdown with limit 1000', async () => {
    answers.push({ body: { statusCode: 200, result: { pincodes: [], totalRecords: 0 } } });
    await provider.getList('pincodes', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'number', order: 'ASC' },
      filter: {},
    });
    expect(calls[0]!.url.searchParams.get('limit')).toBe('1000');
  });

  it('reads one pin code by id (addition)', async () => {
    answers.push({
      body: { statusCode: 200, result: { pincode: { _id: 'p9', number: '110001' } } },
    });
    const { data } = await provider.getOne('pincodes', { id: 'p9' });
    expect(calls[0]!.url.pathname).toBe('/api/pincode/get-pincode/p9');
    expect(data).toMatchObject({ id: 'p9', number: '110001' });
  });

  it('adds with POST pincode/add, JSON {pinCode, pinType}', async () => {
    answers.push({
      body: {
        statusCode: 200,
        message: 'Pin code 400001 added successfully',
        result: { pincode: { _id: 'n1', number: '400001', pinType: 'Office' } },
      },
    });
    const result = await provider.create('pincodes', {
      data: { number: '400001', pinType: 'Office', status: 'Active' },
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/pincode/add');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(jsonBody()).toEqual({ pinCode: '400001', pinType: 'Office' });
    expect(result).toMatchObject({
      data: { id: 'n1' },
      meta: { message: 'Pin code 400001 added successfully' },
    });
  });

  it('edits with POST pincode/edit-pincode/{id}, JSON {number, pinType}', async () => {
    await provider.update('pincodes', {
      id: 'p1',
      data: { id: 'p1', number: '560035', pinType: 'Home', createdAt: 'x' },
      previousData: { id: 'p1' },
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/pincode/edit-pincode/p1');
    expect(jsonBody()).toEqual({ number: '560035', pinType: 'Home' });
  });

  it('deletes with POST pincode/delete-pincode/{id} and an empty body', async () => {
    await provider.delete('pincodes', { id: 'p1', previousData: { id: 'p1' } });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/pincode/delete-pincode/p1');
    expect(jsonBody()).toEqual({});
  });

  it('turns a 409 into an error carrying the server message', async () => {
    answers.push({
      status: 409,
      body: { statusCode: 409, message: 'This pin code already exists.' },
    });
    await expect(
      provider.create('pincodes', { data: { number: '400001', pinType: 'Home' } }),
    ).rejects.toMatchObject({ message: 'This pin code already exists.', status: 409 });
  });
});

const PINS = [
  {
    id: 'p1',
    _id: 'p1',
    number: '560034',
    pinType: 'Home',
    status: 'Active',
    createdAt: '2025-03-05T10:00:00Z',
  },
  {
    id: 'p2',
    _id: 'p2',
    number: '110001',
    pinType: 'Office',
    status: 'Active',
    createdAt: '2025-03-06T10:00:00Z',
  },
];

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'create' | 'update' | 'delete']: Mock };

function fakePins(overrides: Partial<DataProvider> = {}): Fake {
  return testDataProvider({
    // The sidebar lists the categories; the screens list the pin codes.
    getList: vi.fn(async (resource: string) =>
      resource === 'categories'
        ? { data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length }
        : { data: PINS, total: PINS.length },
    ),
    getOne: vi.fn(async (_r: string, { id }: { id: unknown }) => {
      const record = PINS.find((p) => p.id === id);
      if (!record) throw new HttpError('This pin code does not exist.', 404);
      return { data: record };
    }),
    create: vi.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...data, id: 'new' },
      meta: { message: `Pin code ${data.number} added successfully` },
    })),
    update: vi.fn(
      async (_r: string, { id, data }: { id: unknown; data: Record<string, unknown> }) => ({
        data: { ...data, id },
        meta: { message: `Pin code ${data.number} updated successfully` },
      }),
    ),
    delete: vi.fn(async (_r: string, { id }: { id: unknown }) => ({
      data: { id },
      meta: { message: 'Pin code 560034 deleted successfully' },
    })),
    ...overrides,
  } as never) as Fake;
}

/** The first render of the whole panel is slow on a busy machine. */

describe('pin code screens', () => {
  it('lists pin codes with their type and row actions, and searches', async () => {
    const dataProvider = fakePins();
    renderPanel('/pincodes/1', { dataProvider });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('560034')).toBeInTheDocument();
    expect(within(table).getByText('Office')).toBeInTheDocument();
    expect(within(table).getByText('5, Mar 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/pincode/add');
    expect(screen.getByRole('link', { name: 'View 560034' })).toHaveAttribute(
      'href',
      '/pincode/view/p1',
    );
    expect(await screen.findByRole('link', { name: 'Edit 110001' })).toHaveAttribute(
      'href',
      '/pincode/edit/p2',
    );
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'pincodes',
      expect.objectContaining({ pagination: { page: 1, perPage: 10 } }),
    );
  });

  it('deletes after confirmation and shows the server message', async () => {
    const dataProvider = fakePins();
    renderPanel('/pincodes/1', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete 560034' }, SLOW));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Pin code 560034 deleted successfully')).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith(
      'pincodes',
      expect.objectContaining({ id: 'p1' }),
    );
  });

  it('says "Failed to delete pincode" when the server cannot be reached', async () => {
    const dataProvider = fakePins({
      delete: async () => {
        throw new HttpError('network', 0);
      },
    });
    renderPanel('/pincodes/1', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete 110001' }, SLOW));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete pincode. Please try again.'),
    ).toBeInTheDocument();
  });

  it('hides Add, Edit and Delete without the Others permission', async () => {
    const readOnly = fakeAuthProvider({ role: 'admin', permissions: { orders: true } });
    readOnly.canAccess = async ({ action }) => action === 'list' || action === 'show';
    renderPanel('/pincodes/1', { dataProvider: fakePins(), authProvider: readOnly });
    expect(await screen.findByRole('link', { name: 'View 560034' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit 560034' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete 560034' })).not.toBeInTheDocument();
  });

  it.each(['56003', '56OO34', '012345', 'abcdef'])(
    'refuses %s on add with the server wording',
    async (value) => {
      const dataProvider = fakePins();
      renderPanel('/pincode/add', { dataProvider });
      await heading('Add Pin Code');
      const input = screen.getByLabelText(/Pin Code/);
      await userEvent.type(input, value);
      await userEvent.click(screen.getByRole('button', { name: 'Add' }));
      expect(await screen.findByText('The pin code must be exactly 6 digits.')).toBeInTheDocument();
      expect(dataProvider.create).not.toHaveBeenCalled();
    },
  );

  it('takes at most 6 characters', async () => {
    renderPanel('/pincode/add', { dataProvider: fakePins() });
    await heading('Add Pin Code');
    const input = screen.getByLabelText(/Pin Code/);
    await userEvent.type(input, '5600341');
    expect(input).toHaveValue('560034');
  });

  it('requires the pin code', async () => {
    const dataProvider = fakePins();
    renderPanel('/pincode/add', { dataProvider });
    await heading('Add Pin Code');
    const input = screen.getByLabelText(/Pin Code/);
    await userEvent.type(input, '5');
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('adds a pin code, shows the server message and goes back to the list', async () => {
    const dataProvider = fakePins();
    renderPanel('/pincode/add', { dataProvider });
    await heading('Add Pin Code');
    await userEvent.type(screen.getByLabelText(/Pin Code/), '400050');
    await userEvent.click(screen.getByRole('combobox', { name: /Pin Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Office' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Pin code 400050 added successfully')).toBeInTheDocument();
    expect(dataProvider.create.mock.calls[0]![1].data).toMatchObject({
      number: '400050',
      pinType: 'Office',
    });
    expect(await heading('Pin Codes')).toBeInTheDocument();
  });

  it('says "Failed to add pincode" when the server cannot be reached', async () => {
    const dataProvider = fakePins({
      create: async () => {
        throw new HttpError('network', 0);
      },
    });
    renderPanel('/pincode/add', { dataProvider });
    await heading('Add Pin Code');
    await userEvent.type(screen.getByLabelText(/Pin Code/), '400050');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add pincode. Please try again.')).toBeInTheDocument();
  });

  it('loads the pin code by id on edit and saves', async () => {
    const dataProvider = fakePins();
    renderPanel('/pincode/edit/p2', { dataProvider });
    await heading('Edit Pin Code');
    const input = screen.getByLabelText(/Pin Code/);
    expect(input).toHaveValue('110001');
    await userEvent.clear(input);
    await userEvent.type(input, '110002');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Pin code 110002 updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(dataProvider.update.mock.calls[0]![1]).toMatchObject({
      id: 'p2',
      data: { number: '110002', pinType: 'Office' },
    });
  });

  it('shows a pin code, and says so when it does not exist', async () => {
    renderPanel('/pincode/view/p1', { dataProvider: fakePins() });
    expect(await heading('Pin Code 560034')).toBeInTheDocument();
    expect(screen.getByText('Home')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/pincode/edit/p1');
  });

  it('says so when the pin code does not exist', async () => {
    renderPanel('/pincode/view/missing', { dataProvider: fakePins() });
    expect(await screen.findByText('This pin code does not exist.')).toBeInTheDocument();
  });
});
