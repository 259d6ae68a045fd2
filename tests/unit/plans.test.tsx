import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { resources } from '../../resources';
import { createDataProvider } from '@/providers/dataProvider';
import { heading, renderPanel, savesAs, SEEDED_CATEGORIES, SLOW } from './helpers';
import { stubApi } from './apiStub';

describe('tiffin plan calls (spec 000 §7)', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider(resources);
  const jsonBody = (i = 0) => JSON.parse(String(calls[i]!.body));

  it('lists through GET plan/get-all-plans, reading data and paging at the top level', async () => {
    answers.push({
      body: {
        statusCode: 200,
        message: 'Plans',
        data: [{ _id: 'm1', name: 'Monthly', duration: 30, price: 3999 }],
        totalRecords: 11,
        currentPage: 2,
        totalPages: 2,
      },
    });
    const result = await provider.getList('plans', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'price', order: 'DESC' },
      filter: { q: 'month' },
    });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/plan/get-all-plans');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      page: '2',
      limit: '10',
      search: 'month',
      sort: 'price',
      sortOrder: 'desc',
    });
    expect(result).toEqual({
      data: [{ _id: 'm1', id: 'm1', name: 'Monthly', duration: 30, price: 3999 }],
      total: 11,
    });
  });

  it('reads one plan by id (addition)', async () => {
    answers.push({ body: { statusCode: 200, result: { plan: { _id: 'm1', name: 'Monthly' } } } });
    const { data } = await provider.getOne('plans', { id: 'm1' });
    expect(calls[0]!.url.pathname).toBe('/api/plan/get-plan/m1');
    expect(data).toMatchObject({ id: 'm1', name: 'Monthly' });
  });

  it('creates with POST plan/create-plan, JSON {name, duration, price}, and takes 201', async () => {
    answers.push({
      status: 201,
      body: {
        statusCode: 201,
        message: 'Plan Weekly created successfully',
        result: { plan: { _id: 'w1', name: 'Weekly', duration: 7, price: 1050 } },
      },
    });
    const result = await provider.create('plans', {
      data: { name: 'Weekly', duration: 7, price: 1050, extra: 'x' },
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/plan/create-plan');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(jsonBody()).toEqual({ name: 'Weekly', duration: 7, price: 1050 });
    expect(result).toMatchObject({
      data: { id: 'w1' },
      meta: { message: 'Plan Weekly created successfully' },
    });
  });

  it('updates with POST plan/update-plan, JSON {planId, ...}, and checks the success flag', async () => {
    answers.push({ body: { success: true, message: 'Plan Weekly updated successfully' } });
    const result = await provider.update('plans', {
      id: 'w1',
      data: { id: 'w1', name: 'Weekly', duration: 7, price: 1100 },
      previousData: { id: 'w1' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/plan/update-plan');
    expect(jsonBody()).toEqual({ name: 'Weekly', duration: 7, price: 1100, planId: 'w1' });
    expect(result).toMatchObject({ meta: { message: 'Plan Weekly updated successfully' } });

    // A 200 whose flag is false is a failure.
    answers.push({ body: { success: false, message: 'This plan does not exist.' } });
    await expect(
      provider.update('plans', { id: 'zz', data: { name: 'X' }, previousData: { id: 'zz' } }),
    ).rejects.toMatchObject({ message: 'This plan does not exist.' });
  });

  it('deletes with POST plan/delete-plan/{id} and the id again as bannerId', async () => {
    await provider.delete('plans', { id: 'w1', previousData: { id: 'w1' } });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/plan/delete-plan/w1');
    expect(jsonBody()).toEqual({ bannerId: 'w1' });
  });
});

const PLANS = [
  {
    id: 'w1',
    _id: 'w1',
    name: 'Weekly',
    duration: 7,
    price: 1050,
    status: 'Active',
    createdAt: '2025-03-05T10:00:00Z',
  },
  {
    id: 'q1',
    _id: 'q1',
    name: 'Quarterly',
    duration: 90,
    price: 11499,
    status: 'Active',
    createdAt: '2025-03-06T10:00:00Z',
  },
];

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'create' | 'update' | 'delete']: Mock };

function fakePlans(overrides: Partial<DataProvider> = {}): Fake {
  return testDataProvider({
    // The sidebar lists the categories; the screens list the plans.
    getList: vi.fn(async (resource: string) =>
      resource === 'categories'
        ? { data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length }
        : { data: PLANS, total: PLANS.length },
    ),
    getOne: vi.fn(async (_r: string, { id }: { id: unknown }) => {
      const record = PLANS.find((p) => p.id === id);
      if (!record) throw new HttpError('This plan does not exist.', 404);
      return { data: record };
    }),
    ...savesAs('Plan'),
    delete: vi.fn(async (_r: string, { id }: { id: unknown }) => ({
      data: { id },
      meta: { message: 'Plan Weekly deleted successfully' },
    })),
    ...overrides,
  } as never) as Fake;
}

/** The first render of the whole panel is slow on a busy machine. */

async function fillPlan(name: string, duration: string, price: string) {
  if (name) await userEvent.type(screen.getByLabelText(/Name/), name);
  if (duration) await userEvent.type(screen.getByLabelText(/Duration/), duration);
  if (price) await userEvent.type(screen.getByLabelText(/Price/), price);
}

describe('tiffin plan screens', () => {
  it('lists plans with days and rupees, and row actions', async () => {
    renderPanel('/tiffin-plans/1', { dataProvider: fakePlans() });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Weekly')).toBeInTheDocument();
    expect(within(table).getByText('7 days')).toBeInTheDocument();
    expect(within(table).getByText('₹11,499.00')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Add' })).toHaveAttribute(
      'href',
      '/tiffin-plan/add',
    );
    expect(await screen.findByRole('link', { name: 'Edit Quarterly' })).toHaveAttribute(
      'href',
      '/tiffin-plan/edit/q1',
    );
    expect(screen.getByRole('link', { name: 'View Weekly' })).toHaveAttribute(
      'href',
      '/tiffin-plan/view/w1',
    );
  });

  it('deletes after confirmation; says "Failed to delete plan" when unreachable', async () => {
    const dataProvider = fakePlans();
    renderPanel('/tiffin-plans/1', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Weekly' }, SLOW));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Plan Weekly deleted successfully')).toBeInTheDocument();
    expect(dataProvider.delete).toHaveBeenCalledWith(
      'plans',
      expect.objectContaining({ id: 'w1' }),
    );
  });

  it('says "Failed to delete plan" when the server cannot be reached', async () => {
    const dataProvider = fakePlans({
      delete: async () => {
        throw new HttpError('network', 0);
      },
    });
    renderPanel('/tiffin-plans/1', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Quarterly' }, SLOW));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete plan. Please try again.')).toBeInTheDocument();
  });

  it('requires name, duration and price', async () => {
    const dataProvider = fakePlans();
    renderPanel('/tiffin-plan/add', { dataProvider });
    await heading('Add Tiffin Plan');
    await fillPlan('Daily', '', '');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('refuses a duration below 1 day, a part day and a negative price', async () => {
    const dataProvider = fakePlans();
    renderPanel('/tiffin-plan/add', { dataProvider });
    await heading('Add Tiffin Plan');
    await fillPlan('Daily', '0', '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Must be at least 1')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 0')).toBeInTheDocument();
    const duration = screen.getByLabelText(/Duration/);
    await userEvent.clear(duration);
    await userEvent.type(duration, '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The duration is a whole number of days.')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('adds a plan, shows the server message and goes back to the list', async () => {
    const dataProvider = fakePlans();
    renderPanel('/tiffin-plan/add', { dataProvider });
    await heading('Add Tiffin Plan');
    await fillPlan('Monthly', '30', '3999');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Plan Monthly created successfully')).toBeInTheDocument();
    expect(dataProvider.create.mock.calls[0]![1].data).toEqual({
      name: 'Monthly',
      duration: 30,
      price: 3999,
    });
    expect(await heading('Tiffin Plans')).toBeInTheDocument();
  });

  it('says "Failed to add plan" when the server cannot be reached', async () => {
    const dataProvider = fakePlans({
      create: async () => {
        throw new HttpError('network', 0);
      },
    });
    renderPanel('/tiffin-plan/add', { dataProvider });
    await heading('Add Tiffin Plan');
    await fillPlan('Monthly', '30', '3999');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add plan. Please try again.')).toBeInTheDocument();
  });

  it('loads the plan by id on edit and saves; shows the server message on failure', async () => {
    const dataProvider = fakePlans();
    renderPanel('/tiffin-plan/edit/q1', { dataProvider });
    await heading('Edit Tiffin Plan');
    expect(screen.getByLabelText(/Name/)).toHaveValue('Quarterly');
    const price = screen.getByLabelText(/Price/);
    expect(price).toHaveValue(11499);
    await userEvent.clear(price);
    await userEvent.type(price, '10999');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Plan Quarterly updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(dataProvider.update.mock.calls[0]![1]).toMatchObject({
      id: 'q1',
      data: { name: 'Quarterly', duration: 90, price: 10999 },
    });
  });

  it('shows the server message when an update fails', async () => {
    const dataProvider = fakePlans({
      update: async () => {
        throw new HttpError('Price must be 0 or more.', 400);
      },
    });
    renderPanel('/tiffin-plan/edit/w1', { dataProvider });
    await heading('Edit Tiffin Plan');
    await userEvent.type(screen.getByLabelText(/Name/), ' Plus');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Price must be 0 or more.')).toBeInTheDocument();
  });

  it('shows a plan with its duration in days and price in rupees', async () => {
    renderPanel('/tiffin-plan/view/w1', { dataProvider: fakePlans() });
    expect(await heading('Weekly')).toBeInTheDocument();
    expect(screen.getByText('7 days')).toBeInTheDocument();
    expect(screen.getByText('₹1,050.00')).toBeInTheDocument();
  });

  it('says so when the plan does not exist', async () => {
    renderPanel('/tiffin-plan/view/missing', { dataProvider: fakePlans() });
    expect(await screen.findByText('This plan does not exist.')).toBeInTheDocument();
  });
});
