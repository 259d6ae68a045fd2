import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AppActions, AppDataProvider } from '@/providers/types';
import { returns } from '@resources/returns';
import { returnStatusPayload } from '@resources/returns/ReturnStatusForm';
import { formatDateTime, formatDay } from '@/format';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
import { heading, renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';

describe('return request calls (spec 001 §7, docs/api.md "Returns")', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider<AppActions>([returns]);
  const formBody = (i = 0) => Object.fromEntries(new URLSearchParams(String(calls[i]!.body)));

  it('lists with GET return-history/get-all-return-requests, reading paging at the top level', async () => {
    answers.push({
      body: {
        statusCode: 200,
        message: 'Return requests',
        data: [{ _id: 'r1', returnedQuantity: 2, status: 'Pending' }],
        totalRecords: 23,
        page: 2,
        totalPage: 3,
      },
    });
    const result = await provider.getList('returns', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'requestedAt', order: 'DESC' },
      filter: { categoryType: '1', q: 'ORD-12' },
    });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/return-history/get-all-return-requests');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      categoryType: '1',
      page: '2',
      limit: '10',
      search: 'ORD-12',
      sort: 'requestedAt',
      sortOrder: 'desc',
    });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(result).toEqual({
      data: [{ _id: 'r1', id: 'r1', returnedQuantity: 2, status: 'Pending' }],
      total: 23,
    });
  });

  it('reads one request with GET return-history/get-return-request/{id} (addition)', async () => {
    answers.push({
      body: { statusCode: 200, result: { returnRequest: { _id: 'r9', status: 'Approved' } } },
    });
    const { data } = await provider.getOne('returns', { id: 'r9' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/return-history/get-return-request/r9');
    expect(data).toMatchObject({ id: 'r9', status: 'Approved' });
  });

  it('settles with POST return-history/update-return-request-status as a form', async () => {
    answers.push({ body: { statusCode: 200, message: 'Return request approved.' } });
    const result = await provider.settleReturn({
      id: 'r1',
      ...returnStatusPayload({ status: 'Approved', reason: '  Jars collected  ' }),
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/return-history/update-return-request-status');
    expect(calls[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(formBody()).toEqual({
      returnHistoryId: 'r1',
      status: 'Approved',
      reason: 'Jars collected',
    });
    expect(result).toMatchObject({ meta: { message: 'Return request approved.' } });
  });

  it('leaves a blank reason out of the form', async () => {
    await provider.settleReturn({
      id: 'r2',
      ...returnStatusPayload({ status: 'Rejected', reason: '   ' }),
    });
    expect(formBody()).toEqual({ returnHistoryId: 'r2', status: 'Rejected' });
  });

  it('turns a 409 for a settled request into an error carrying the server message', async () => {
    answers.push({
      status: 409,
      body: {
        statusCode: 409,
        message: 'This return request was already approved on 5, Mar 2025.',
      },
    });
    await expect(provider.settleReturn({ id: 'r1', status: 'Rejected' })).rejects.toMatchObject({
      status: 409,
      message: 'This return request was already approved on 5, Mar 2025.',
    });
  });
});

const PENDING = {
  id: 'r1',
  _id: 'r1',
  order: [{ _id: 'o1', orderId: 'ORD-1001', quantity: 3, status: 'Delivered' }],
  returnInfo: { orderId: 'ORD-1001' },
  user: { _id: 'u1', email: 'aarav@example.in', firstName: 'Aarav', lastName: 'Sharma' },
  returnedQuantity: 2,
  status: 'Pending',
  requestedAt: '2025-03-05T10:00:00Z',
  approvedAt: null,
  settledAt: null,
  reason: null,
};
const APPROVED = {
  id: 'r2',
  _id: 'r2',
  order: [],
  returnInfo: { orderId: 'ORD-0999' },
  user: { _id: 'u2', email: 'rohan@example.in', firstName: 'Rohan', lastName: 'Mehta' },
  returnedQuantity: 4,
  status: 'Approved',
  requestedAt: '2025-03-01T09:00:00Z',
  approvedAt: '2025-03-02T11:30:00Z',
  settledAt: '2025-03-02T11:30:00Z',
  settledBy: { _id: 'a1', name: 'Asha Admin' },
  reason: 'Four empty jars picked up',
};

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'settleReturn']: Mock };

/** Return requests in memory; settling one changes it, as the server would. */
function fakeReturns(overrides: Partial<AppDataProvider> = {}, rows = [PENDING, APPROVED]): Fake {
  const store = new Map<string, Record<string, unknown>>(rows.map((r) => [r.id, { ...r }]));
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'returns') return { data: [...store.values()], total: store.size };
      return { data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length };
    }),
    getOne: vi.fn(async (_r: string, { id }: { id: string }) => {
      const record = store.get(id);
      if (!record) throw new HttpError('This return request does not exist.', 404);
      return { data: record };
    }),
    settleReturn: vi.fn(async ({ id, ...data }: { id: string; status: string }) => {
      const settled = {
        ...store.get(id)!,
        ...data,
        settledAt: '2025-03-07T08:00:00Z',
        approvedAt: data.status === 'Approved' ? '2025-03-07T08:00:00Z' : null,
        settledBy: { _id: 'a1', name: 'Asha Admin' },
      };
      store.set(id, settled);
      return {
        data: settled,
        meta: { message: `Return request ${String(data.status).toLowerCase()}.` },
      };
    }),
    ...overrides,
  } as never) as Fake;
}

describe('return request list', () => {
  it('shows the water requests with their columns, newest first', async () => {
    const dataProvider = fakeReturns();
    renderPanel('/returns/0/1', { dataProvider });
    await heading('Water Return Requests');
    const table = await screen.findByRole('table');
    const columns = ['Order ID', 'Customer Email', 'Returned Quantity', 'Status'];
    for (const column of [...columns, 'Requested At', 'Approved At', 'Actions']) {
      expect(within(table).getByText(column)).toBeInTheDocument();
    }
    const [, first, second] = within(table).getAllByRole('row');
    // The first order's id, else the returnInfo's.
    expect(within(first!).getByText('ORD-1001')).toBeInTheDocument();
    expect(within(first!).getByText('aarav@example.in')).toBeInTheDocument();
    expect(within(first!).getByText('2')).toBeInTheDocument();
    expect(within(first!).getByText('Pending')).toBeInTheDocument();
    expect(within(first!).getByText(formatDay(PENDING.requestedAt))).toBeInTheDocument();
    expect(within(first!).getByText('—')).toBeInTheDocument();
    expect(within(second!).getByText('ORD-0999')).toBeInTheDocument();
    expect(within(second!).getByText('Approved')).toBeInTheDocument();
    expect(within(second!).getByText('2, Mar 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View ORD-1001' })).toHaveAttribute(
      'href',
      '/return/view/r1',
    );
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'returns',
      expect.objectContaining({
        filter: { categoryType: '0' },
        sort: { field: 'requestedAt', order: 'DESC' },
        pagination: { page: 1, perPage: 10 },
      }),
    );
  });

  it('lists oxygen requests at returns/1 and searches them', async () => {
    const dataProvider = fakeReturns();
    renderPanel('/returns/1/1', { dataProvider });
    await heading('Oxygen Return Requests');
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search' }), 'rohan');
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenCalledWith(
        'returns',
        expect.objectContaining({ filter: { categoryType: '1', q: 'rohan' } }),
      ),
    );
  });

  it('sorts by a column header', async () => {
    const dataProvider = fakeReturns();
    renderPanel('/returns/0/1', { dataProvider });
    await heading('Water Return Requests');
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getByText('Returned Quantity'));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'returns',
        expect.objectContaining({ sort: { field: 'returnedQuantity', order: 'ASC' } }),
      ),
    );
  });

  it('says "No results found" when there are no requests', async () => {
    renderPanel('/returns/0/1', { dataProvider: fakeReturns({}, []) });
    await heading('Water Return Requests');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('refuses a category other than water or oxygen', async () => {
    const dataProvider = fakeReturns();
    renderPanel('/returns/7/1', { dataProvider });
    expect(
      await screen.findByText(/Return requests are listed for water/, {}, SLOW),
    ).toBeInTheDocument();
    expect(dataProvider.getList).not.toHaveBeenCalledWith('returns', expect.anything());
  });
});

describe('return request view', () => {
  it('shows a pending request with the status form; no choice says "Please select the status"', async () => {
    const dataProvider = fakeReturns();
    renderPanel('/return/view/r1', { dataProvider });
    await heading('Return Request');
    expect(dataProvider.getOne).toHaveBeenCalledWith(
      'returns',
      expect.objectContaining({ id: 'r1' }),
    );
    expect(screen.getByText('ORD-1001')).toBeInTheDocument();
    expect(screen.getByText('Aarav Sharma')).toBeInTheDocument();
    expect(screen.getByText('aarav@example.in')).toBeInTheDocument();
    expect(screen.getByText(formatDateTime(PENDING.requestedAt))).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Approved' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Rejected' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please select the status')).toBeInTheDocument();
    expect(dataProvider.settleReturn).not.toHaveBeenCalled();
  });

  it('approves with the reason, shows the server message and then the settled state', async () => {
    const dataProvider = fakeReturns();
    renderPanel('/return/view/r1', { dataProvider });
    await heading('Return Request');
    await userEvent.click(screen.getByRole('radio', { name: 'Approved' }));
    await userEvent.type(screen.getByLabelText('Reason'), 'Jars collected at the door');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Return request approved.')).toBeInTheDocument();
    expect(dataProvider.settleReturn).toHaveBeenCalledWith({
      id: 'r1',
      status: 'Approved',
      reason: 'Jars collected at the door',
    });
    // Reloaded: the form is gone, who settled it and why are shown.
    expect(
      await screen.findByText(
        `Approved on ${formatDateTime('2025-03-07T08:00:00Z')} by Asha Admin`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Jars collected at the door')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('shows the busy label while the request runs', async () => {
    let finish: (value: unknown) => void = () => {};
    const dataProvider = fakeReturns({
      settleReturn: vi.fn(() => new Promise((resolve) => (finish = resolve))) as never,
    });
    renderPanel('/return/view/r1', { dataProvider });
    await heading('Return Request');
    await userEvent.click(screen.getByRole('radio', { name: 'Rejected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Please Wait ...' })).toBeDisabled();
    finish({ data: { id: 'r1' }, meta: { message: 'Return request rejected.' } });
    expect(await screen.findByText('Return request rejected.')).toBeInTheDocument();
  });

  it('shows the server message when another admin settled it first, then the settled state', async () => {
    const base = fakeReturns();
    let settled = false;
    const dataProvider = fakeReturns({
      getOne: vi.fn(async (_r: string, { id }: { id: string }) =>
        settled ? { data: { ...APPROVED, id, _id: id } } : base.getOne('returns', { id }),
      ) as never,
      settleReturn: vi.fn(async () => {
        settled = true;
        throw new HttpError('This return request was already approved on 2, Mar 2025.', 409);
      }) as never,
    });
    renderPanel('/return/view/r1', { dataProvider });
    await heading('Return Request');
    await userEvent.click(screen.getByRole('radio', { name: 'Rejected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('This return request was already approved on 2, Mar 2025.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Four empty jars picked up')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('refuses a reason over 500 characters', async () => {
    const dataProvider = fakeReturns();
    renderPanel('/return/view/r1', { dataProvider });
    await heading('Return Request');
    await userEvent.click(screen.getByRole('radio', { name: 'Approved' }));
    await userEvent.click(screen.getByLabelText('Reason'));
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('The reason can be at most 500 characters.'),
    ).toBeInTheDocument();
    expect(dataProvider.settleReturn).not.toHaveBeenCalled();
  });

  it('shows a settled request without the form: when, by whom and the reason', async () => {
    renderPanel('/return/view/r2', { dataProvider: fakeReturns() });
    await heading('Return Request');
    expect(screen.getByText('ORD-0999')).toBeInTheDocument();
    expect(
      screen.getByText(`Approved on ${formatDateTime(APPROVED.settledAt)} by Asha Admin`),
    ).toBeInTheDocument();
    expect(screen.getByText('Four empty jars picked up')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('says so when the request does not exist', async () => {
    renderPanel('/return/view/missing', { dataProvider: fakeReturns() });
    expect(
      await screen.findByText('This return request does not exist.', {}, SLOW),
    ).toBeInTheDocument();
  });
});
