import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AppActions, AppDataProvider } from '@/providers/types';
import { userResources } from '@resources/users';
import { userPayload } from '@resources/users/UserEdit';
import { App } from '@/App';
import { formatRupees } from '@/format';
import { createDataProvider } from '@/providers/dataProvider';
import { fakeAuthProvider, heading, renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';
import { stubApi } from './apiStub';

describe('customer calls (spec 001 §7)', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider<AppActions>(userResources);
  const page = { totalRecords: 1, currentPage: 1, totalPages: 1 };

  it('lists Total Users with GET user/all-users?status=Active, paging, search and sort', async () => {
    answers.push({
      body: { statusCode: 200, result: { users: [{ _id: 'u1', firstName: 'Aarav' }], ...page } },
    });
    const result = await provider.getList('users', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'wallet', order: 'DESC' },
      filter: { q: '98765' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/user/all-users');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      status: 'Active',
      page: '2',
      limit: '20',
      search: '98765',
      sort: 'wallet',
      sortOrder: 'desc',
    });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(result).toEqual({ data: [{ _id: 'u1', id: 'u1', firstName: 'Aarav' }], total: 1 });
  });

  it('asks for every status with ?status=All', async () => {
    answers.push({ body: { statusCode: 200, result: { users: [], ...page } } });
    await provider.getList('users', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'All' },
    });
    expect(calls[0]!.url.searchParams.get('status')).toBe('All');
  });

  it('lists blocked users (status=Blocked) and inactive users (admin/get-users)', async () => {
    answers.push({ body: { statusCode: 200, result: { users: [], ...page } } });
    answers.push({ body: { statusCode: 200, result: { users: [{ _id: 'i1' }], ...page } } });
    const params = {
      pagination: { page: 1, perPage: 10 },
      sort: { field: '', order: 'ASC' as const },
      filter: {},
    };
    await provider.getList('blockedUsers', params);
    const inactive = await provider.getList('inactiveUsers', params);
    expect(calls[0]!.url.pathname).toBe('/api/user/all-users');
    expect(calls[0]!.url.searchParams.get('status')).toBe('Blocked');
    expect(calls[1]!.url.pathname).toBe('/api/admin/get-users');
    expect(Object.fromEntries(calls[1]!.url.searchParams)).toEqual({
      status: 'Inactive',
      page: '1',
      limit: '10',
    });
    expect(inactive.data).toEqual([{ _id: 'i1', id: 'i1' }]);
  });

  it('reads one user by id (addition)', async () => {
    answers.push({ body: { statusCode: 200, result: { user: { _id: 'u9', lastName: 'Iyer' } } } });
    const { data } = await provider.getOne('users', { id: 'u9' });
    expect(calls[0]!.url.pathname).toBe('/api/user/get-user/u9');
    expect(data).toMatchObject({ id: 'u9', lastName: 'Iyer' });
  });

  it('blocks with POST user/update-user-status, form {status, userId}', async () => {
    answers.push({ body: { statusCode: 200, message: 'User blocked successfully' } });
    const result = await provider.setCustomerStatus({ id: 'u1', status: 'Blocked' });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/user/update-user-status');
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.body)))).toEqual({
      status: 'Blocked',
      userId: 'u1',
    });
    expect(result).toMatchObject({ meta: { message: 'User blocked successfully' } });
  });

  it('updates with POST user/update-user as multipart, password and address only when filled', async () => {
    const data = {
      id: 'u1',
      firstName: 'Aarav',
      lastName: 'Sharma',
      email: 'a@example.in',
      phone: '9876543210',
      status: 'Active',
      wallet: 10,
      password: '',
      address: '  ',
    };
    await provider.update('users', { id: 'u1', data: userPayload(data), previousData: data });
    const body = calls[0]!.body as FormData;
    expect(calls[0]!.url.pathname).toBe('/api/user/update-user');
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(body.entries())).toEqual({
      email: 'a@example.in',
      firstName: 'Aarav',
      lastName: 'Sharma',
      phone: '9876543210',
      status: 'Active',
      userId: 'u1',
      // A household: no GSTIN and no legal name (issue 38).
      gstin: '',
      legalName: '',
    });
    expect(userPayload({ ...data, password: 'secret-123', address: ' 12 MG Road ' })).toMatchObject(
      { password: 'secret-123', address: '12 MG Road' },
    );
  });

  it('turns a 409 into an error carrying the server message', async () => {
    answers.push({
      status: 409,
      body: { statusCode: 409, message: 'Another user already has this e-mail address.' },
    });
    await expect(
      provider.update('users', { id: 'u1', data: { email: 'x@y.in' }, previousData: { id: 'u1' } }),
    ).rejects.toMatchObject({
      message: 'Another user already has this e-mail address.',
      status: 409,
    });
  });
});

const USERS = [
  {
    id: 'aaaaaaaaaaaa1111',
    _id: 'aaaaaaaaaaaa1111',
    firstName: 'Aarav',
    lastName: 'Sharma',
    email: 'aarav@example.in',
    phone: '9876543210',
    wallet: 1250.5,
    status: 'Active',
    isEmailVerified: true,
    isPhoneVerified: false,
    imageUrl: null,
    createdAt: '2025-03-05T10:00:00Z',
  },
  {
    id: 'u2',
    _id: 'u2',
    firstName: 'Rohan',
    lastName: 'Mehta',
    email: 'rohan@example.in',
    phone: '9988776655',
    wallet: 300,
    status: 'Blocked',
    isEmailVerified: false,
    isPhoneVerified: true,
    imageUrl: null,
    createdAt: '2025-03-06T10:00:00Z',
  },
];
const INACTIVE = [
  { id: 'i1', _id: 'i1', userName: 'kavya_r', fullName: 'Kavya Reddy', email: 'k@example.in' },
];

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'update' | 'setCustomerStatus']: Mock };

function fakeUsers(overrides: Partial<AppDataProvider> = {}): Fake {
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'categories') return { data: SEEDED_CATEGORIES, total: 3 };
      if (resource === 'inactiveUsers') return { data: INACTIVE, total: 1 };
      if (resource === 'blockedUsers') return { data: [USERS[1]], total: 1 };
      return { data: USERS, total: USERS.length };
    }),
    getOne: vi.fn(async (_r: string, { id }: { id: unknown }) => {
      const record = USERS.find((u) => u.id === id);
      if (!record) throw new HttpError('This user does not exist.', 404);
      return { data: record };
    }),
    update: vi.fn(
      async (_resource: string, { id, data }: { id: unknown; data: Record<string, unknown> }) => ({
        data: { ...data, id },
        meta: { message: 'User updated successfully' },
      }),
    ),
    setCustomerStatus: vi.fn(async ({ id, status }: { id: unknown; status: string }) => ({
      data: { id, status },
      meta: {
        message: status === 'Blocked' ? 'User blocked successfully' : 'User unblocked successfully',
      },
    })),
    ...overrides,
  } as never) as Fake;
}

describe('customer screens', () => {
  it('lists Total Users with Family Id, Full Name, Email and Wallet (₹)', async () => {
    const dataProvider = fakeUsers();
    renderPanel('/user/active-users/1', { dataProvider });
    await heading('Total Users');
    const table = await screen.findByRole('table');
    for (const column of ['Family Id', 'Full Name', 'Email', 'Wallet (₹)', 'Actions']) {
      expect(within(table).getByText(column)).toBeInTheDocument();
    }
    expect(within(table).getByText('aaaaaa1111')).toBeInTheDocument();
    expect(within(table).getByText('Aarav Sharma')).toBeInTheDocument();
    expect(within(table).getByText(formatRupees(1250.5))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Aarav Sharma' })).toHaveAttribute(
      'href',
      '/user/view/aaaaaaaaaaaa1111',
    );
    expect(await screen.findByRole('link', { name: 'Edit Aarav Sharma' })).toHaveAttribute(
      'href',
      '/user/edit/aaaaaaaaaaaa1111',
    );
    // Block for the Active user, Unblock for the Blocked one.
    expect(screen.getByRole('button', { name: 'Block Aarav Sharma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock Rohan Mehta' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unblock Aarav Sharma' })).not.toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({ sort: { field: 'createdAt', order: 'DESC' } }),
    );
  });

  it('lists every status with ?status=All', async () => {
    const dataProvider = fakeUsers();
    render(
      <TestMemoryRouter initialEntries={['/user/active-users/1?status=All']}>
        <App dataProvider={dataProvider} authProvider={fakeAuthProvider()} />
      </TestMemoryRouter>,
    );
    await heading('All Users');
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenCalledWith(
        'users',
        expect.objectContaining({ filter: { status: 'All' } }),
      ),
    );
  });

  it('blocks after a confirmation, shows the server message and reloads the list', async () => {
    const dataProvider = fakeUsers();
    renderPanel('/user/active-users/1', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Block Aarav Sharma' }, SLOW));
    expect(await screen.findByText('Block Aarav Sharma?')).toBeInTheDocument();
    const loads = dataProvider.getList.mock.calls.filter(([r]) => r === 'users').length;
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('User blocked successfully')).toBeInTheDocument();
    expect(dataProvider.setCustomerStatus).toHaveBeenCalledWith({
      id: 'aaaaaaaaaaaa1111',
      status: 'Blocked',
    });
    await waitFor(() =>
      expect(dataProvider.getList.mock.calls.filter(([r]) => r === 'users').length).toBeGreaterThan(
        loads,
      ),
    );
  });

  it('says "Failed to update status" when the server cannot be reached', async () => {
    const dataProvider = fakeUsers({
      setCustomerStatus: async () => {
        throw new HttpError('network', 0);
      },
    });
    renderPanel('/user/active-users/1', { dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock Rohan Mehta' }, SLOW));
    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(
      await screen.findByText('Failed to update status. Please try again.'),
    ).toBeInTheDocument();
  });

  it('lists blocked users with view and Unblock only', async () => {
    const dataProvider = fakeUsers();
    renderPanel('/user/blocked-users/1', { dataProvider });
    await heading('Blocked Users');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Rohan Mehta')).toBeInTheDocument();
    expect(within(table).getByText(formatRupees(300))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Rohan Mehta' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Rohan Mehta' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unblock Rohan Mehta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('User unblocked successfully')).toBeInTheDocument();
    expect(dataProvider.setCustomerStatus).toHaveBeenCalledWith({ id: 'u2', status: 'Active' });
  });

  it('lists inactive users with UserName, Full Name, Email and view', async () => {
    renderPanel('/user/inactive-users/1', { dataProvider: fakeUsers() });
    await heading('Inactive Users');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('UserName')).toBeInTheDocument();
    expect(within(table).getByText('kavya_r')).toBeInTheDocument();
    expect(within(table).getByText('Kavya Reddy')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Kavya Reddy' })).toHaveAttribute(
      'href',
      '/user/view/i1',
    );
    expect(screen.queryByRole('button', { name: /Block/ })).not.toBeInTheDocument();
  });

  it('goes back to page 1 with the spec message for a page below 1', async () => {
    renderPanel('/user/active-users/0', { dataProvider: fakeUsers() });
    expect(
      await screen.findByText('Page number should be greater than or equal to 1', {}, SLOW),
    ).toBeInTheDocument();
    expect(await heading('Total Users')).toBeInTheDocument();
  });

  it('shows a user read-only, with the initials avatar, flags, wallet and date', async () => {
    renderPanel('/user/view/aaaaaaaaaaaa1111', { dataProvider: fakeUsers() });
    expect(await heading('Aarav Sharma')).toBeInTheDocument();
    expect(screen.getByText('AS')).toBeInTheDocument();
    expect(screen.getByText('aarav@example.in')).toBeInTheDocument();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.getByText('No')).toBeInTheDocument();
    expect(screen.getByText(formatRupees(1250.5))).toBeInTheDocument();
    expect(screen.getByText('5, Mar 2025')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/user/edit/aaaaaaaaaaaa1111',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says so when the user does not exist', async () => {
    renderPanel('/user/view/missing', { dataProvider: fakeUsers() });
    expect(await screen.findByText('This user does not exist.', {}, SLOW)).toBeInTheDocument();
  });

  it('edits a user, leaving out the blank password and address', async () => {
    const dataProvider = fakeUsers();
    renderPanel('/user/edit/u2', { dataProvider });
    await heading('Edit User');
    const lastName = screen.getByLabelText(/Last Name/);
    expect(lastName).toHaveValue('Mehta');
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Malhotra');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(dataProvider.update.mock.calls[0]![0]).toBe('users');
    expect(dataProvider.update.mock.calls[0]![1]).toMatchObject({ id: 'u2' });
    expect(dataProvider.update.mock.calls[0]![1].data).toEqual({
      email: 'rohan@example.in',
      firstName: 'Rohan',
      lastName: 'Malhotra',
      phone: '9988776655',
      status: 'Blocked',
      gstin: '',
      legalName: '',
    });
  });

  it('refuses a bad e-mail, a bad phone and a short password', async () => {
    const dataProvider = fakeUsers();
    renderPanel('/user/edit/u2', { dataProvider });
    await heading('Edit User');
    const emailInput = screen.getByLabelText(/Email/);
    await userEvent.clear(emailInput);
    await userEvent.type(emailInput, 'not-an-email');
    const phone = screen.getByLabelText(/Phone/);
    await userEvent.clear(phone);
    await userEvent.type(phone, '12345');
    await userEvent.type(screen.getByLabelText(/Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
    expect(
      screen.getByText('Phone must be a 10-digit Indian mobile number (e.g. 9876543210).'),
    ).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long.')).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();
  });

  it('sends the password and address when filled in, and shows a server error', async () => {
    const dataProvider = fakeUsers({
      update: vi.fn(async () => {
        throw new HttpError('Another user already has this e-mail address.', 409);
      }),
    });
    renderPanel('/user/edit/aaaaaaaaaaaa1111', { dataProvider });
    await heading('Edit User');
    await userEvent.type(screen.getByLabelText(/Password/), 'new-secret-1');
    await userEvent.type(screen.getByLabelText(/Address/), '12 MG Road, Bengaluru');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Another user already has this e-mail address.'),
    ).toBeInTheDocument();
    expect((dataProvider.update as Mock).mock.calls[0]![1].data).toMatchObject({
      password: 'new-secret-1',
      address: '12 MG Road, Bengaluru',
    });
  });
});
