import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  HttpError,
  TestMemoryRouter,
  testDataProvider,
  type DataProvider,
} from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { resources } from '../../resources';
import { auditLog } from '@resources/admins';
import { AuditLogList } from '@resources/admins/AuditLogList';
import { capitalise, permissionLabel } from '@resources/admins/permissionLabels';
import { i18nProvider } from '@/i18n';
import { createDataProvider } from '@/providers/dataProvider';
import { PERMISSION_GROUPS } from '@/providers/permissions';
import { stubApi } from './apiStub';
import {
  fakeAuthProvider,
  heading,
  renderPanel,
  savesAs,
  SEEDED_CATEGORIES,
  SLOW,
} from './helpers';

const LABELS = [
  'user management',
  'assigning jobs',
  'service management',
  'pricing management',
  'orders',
  'return',
  'banners',
  'tiffin plan',
  'supports',
  'others',
  'settings',
];

describe('admin user calls (spec 001 §7)', () => {
  const { calls, answers } = stubApi();
  const provider = createDataProvider([...resources, auditLog]);
  const jsonBody = (i = 0) => JSON.parse(String(calls[i]!.body));

  it('lists through GET admin/view-all-users with status, paging, search and sort', async () => {
    answers.push({
      body: {
        statusCode: 200,
        result: {
          users: [{ _id: 'a1', name: 'priya' }],
          totalRecords: 11,
          currentPage: 2,
          totalPages: 2,
        },
      },
    });
    const result = await provider.getList('admins', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'priya' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/admin/view-all-users');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      status: 'All',
      page: '2',
      limit: '10',
      search: 'priya',
      sort: 'createdAt',
      sortOrder: 'desc',
    });
    expect(result).toEqual({ data: [{ _id: 'a1', id: 'a1', name: 'priya' }], total: 11 });
  });

  it('reads one admin by id (addition)', async () => {
    answers.push({ body: { statusCode: 200, result: { user: { _id: 'a9', name: 'x' } } } });
    const { data } = await provider.getOne('admins', { id: 'a9' });
    expect(calls[0]!.url.pathname).toBe('/api/admin/get-admin-user/a9');
    expect(data).toMatchObject({ id: 'a9' });
  });

  it('adds with POST admin/create-admin-user, JSON', async () => {
    const permissions = { orders: true };
    await provider.create('admins', {
      data: {
        name: 'a',
        email: 'a@b.in',
        phone: '9876543210',
        password: 'p',
        status: 'Active',
        permissions,
        extra: 1,
      },
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/admin/create-admin-user');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(jsonBody()).toEqual({
      name: 'a',
      email: 'a@b.in',
      phone: '9876543210',
      password: 'p',
      status: 'Active',
      permissions,
    });
  });

  it('edits with POST admin/edit-admin-user, JSON with userId and no address', async () => {
    await provider.update('admins', {
      id: 'a1',
      data: {
        id: 'a1',
        name: 'a',
        email: 'a@b.in',
        phone: '1',
        status: 'Inactive',
        permissions: {},
        address: 'x',
        role: 'admin',
      },
      previousData: { id: 'a1' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/admin/edit-admin-user');
    expect(jsonBody()).toEqual({
      email: 'a@b.in',
      name: 'a',
      phone: '1',
      status: 'Inactive',
      permissions: {},
      userId: 'a1',
    });
  });

  it('reads the audit log with its filters (addition)', async () => {
    answers.push({
      body: {
        statusCode: 200,
        result: { entries: [{ _id: '7', action: 'add' }], totalRecords: 1 },
      },
    });
    const result = await provider.getList('auditLog', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { adminId: 'a1', resource: 'category', from: '2026-01-01', to: '2026-01-31' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/admin/audit-log');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      adminId: 'a1',
      resource: 'category',
      from: '2026-01-01',
      to: '2026-01-31',
      page: '1',
      limit: '10',
    });
    expect(result.data[0]).toMatchObject({ id: '7', action: 'add' });
  });
});

describe('permission labels', () => {
  it('are the lowercase words of the group ids', () => {
    expect(PERMISSION_GROUPS.map(permissionLabel)).toEqual(LABELS);
  });
  it('capitalises names', () => {
    expect(capitalise('priya sharma')).toBe('Priya Sharma');
    expect(capitalise('')).toBe('');
  });
});

const ADMINS = [
  {
    id: 'a1',
    _id: 'a1',
    name: 'priya sharma',
    email: 'priya@example.com',
    phone: '9876543210',
    role: 'admin',
    status: 'Active',
    address: '12 MG Road',
    permissions: { ...Object.fromEntries(PERMISSION_GROUPS.map((g) => [g, false])), orders: true },
    createdAt: '2025-03-05T10:00:00Z',
  },
  {
    id: 'a2',
    _id: 'a2',
    name: 'rahul verma',
    email: 'rahul@example.com',
    phone: '+919845012345',
    role: 'admin',
    status: 'Inactive',
    address: '',
    permissions: Object.fromEntries(PERMISSION_GROUPS.map((g) => [g, false])),
    createdAt: '2025-03-06T10:00:00Z',
  },
];

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'create' | 'update']: Mock };

function fakeAdmins(overrides: Partial<DataProvider> = {}): Fake {
  return testDataProvider({
    getList: vi.fn(async (resource: string) =>
      resource === 'categories'
        ? { data: SEEDED_CATEGORIES, total: SEEDED_CATEGORIES.length }
        : resource === 'auditLog'
          ? { data: AUDIT, total: AUDIT.length }
          : { data: ADMINS, total: ADMINS.length },
    ),
    getOne: vi.fn(async (_r: string, { id }: { id: unknown }) => {
      const record = ADMINS.find((p) => p.id === id);
      if (!record) throw new HttpError('This admin user does not exist.', 404);
      return { data: record };
    }),
    ...savesAs('Admin user'),
    ...overrides,
  } as never) as Fake;
}

async function fillAdd(values: { password?: string } = {}) {
  await heading('Add Admin User');
  await userEvent.type(screen.getByLabelText(/^Name/), 'anita desai');
  await userEvent.type(screen.getByLabelText(/^Email/), 'anita@example.com');
  await userEvent.type(screen.getByLabelText(/^Phone/), '9812345678');
  if (values.password !== '') {
    await userEvent.type(screen.getByLabelText(/^Password/), values.password ?? 'Anita-Pass-1');
  }
}

describe('admin user screens', () => {
  it('lists admins with S.No, capitalised names, status, date and edit links', async () => {
    const dataProvider = fakeAdmins();
    renderPanel('/adminuser/1', { dataProvider });
    const table = await screen.findByRole('table', {}, SLOW);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['S.No', 'Name', 'Email', 'Phone', 'Status', 'Created At', 'Actions']);
    expect(within(table).getByText('Priya Sharma')).toBeInTheDocument();
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    expect(within(table).getByText('5, Mar 2025')).toBeInTheDocument();
    expect(within(table).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add User' })).toHaveAttribute(
      'href',
      '/adminusers/add',
    );
    expect(await screen.findByRole('link', { name: 'Edit rahul verma' })).toHaveAttribute(
      'href',
      '/adminusers/edit/a2',
    );
  });

  it('is not offered to an admin', async () => {
    const admin = fakeAuthProvider({ role: 'admin', permissions: { orders: true } });
    renderPanel('/adminuser/1', { dataProvider: fakeAdmins(), authProvider: admin });
    expect((await screen.findAllByText(/not allowed/i, {}, SLOW))[0]).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('has the fields and the eleven permission switches, all off, status Active', async () => {
    renderPanel('/adminusers/add', { dataProvider: fakeAdmins() });
    await heading('Add Admin User');
    const group = screen.getByRole('group', { name: 'Permissions' });
    const switches = within(group).getAllByRole('switch');
    expect(switches.map((s) => s.closest('label')?.textContent)).toEqual(LABELS);
    for (const s of switches) expect(s).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: /Status/ })).toHaveTextContent('Active');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
  });

  it('adds an admin with the switches chosen, shows the message and goes back', async () => {
    const dataProvider = fakeAdmins();
    renderPanel('/adminusers/add', { dataProvider });
    await fillAdd();
    await userEvent.click(screen.getByRole('switch', { name: 'orders' }));
    await userEvent.click(screen.getByRole('switch', { name: 'assigning jobs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Admin user anita desai created successfully', {}, SLOW),
    ).toBeInTheDocument();
    const { data } = dataProvider.create.mock.calls[0]![1];
    expect(data).toMatchObject({
      name: 'anita desai',
      email: 'anita@example.com',
      phone: '9812345678',
      password: 'Anita-Pass-1',
      status: 'Active',
    });
    expect(data.permissions).toEqual({
      ...Object.fromEntries(PERMISSION_GROUPS.map((g) => [g, false])),
      orders: true,
      assigningJobs: true,
    });
    expect(await heading('Admin Users')).toBeInTheDocument();
  });

  it('requires the password on add and checks e-mail and phone', async () => {
    const dataProvider = fakeAdmins();
    renderPanel('/adminusers/add', { dataProvider });
    await heading('Add Admin User');
    await userEvent.type(screen.getByLabelText(/^Name/), 'x');
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-mail');
    await userEvent.type(screen.getByLabelText(/^Phone/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(
      screen.getByText('Enter a 10-digit mobile number, optionally with +91.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('says "Failed to add admin user" when the server cannot be reached', async () => {
    const dataProvider = fakeAdmins({
      create: async () => {
        throw new HttpError('network', 0);
      },
    });
    renderPanel('/adminusers/add', { dataProvider });
    await fillAdd();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Failed to add admin user. Please try again.', {}, SLOW),
    ).toBeInTheDocument();
  });

  it('shows the server message (409) on add', async () => {
    const dataProvider = fakeAdmins({
      create: async () => {
        throw new HttpError('An admin with this e-mail already exists.', 409);
      },
    });
    renderPanel('/adminusers/add', { dataProvider });
    await fillAdd();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('An admin with this e-mail already exists.', {}, SLOW),
    ).toBeInTheDocument();
  });

  it('loads the admin by id on edit; an empty password is left out', async () => {
    const dataProvider = fakeAdmins();
    renderPanel('/adminusers/edit/a1', { dataProvider });
    await heading('Edit Admin User');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('priya sharma');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'orders' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'banners' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'banners' }));
    await userEvent.click(screen.getByRole('combobox', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Admin user priya sharma updated successfully', {}, SLOW),
    ).toBeInTheDocument();
    const params = dataProvider.update.mock.calls[0]![1];
    expect(params.id).toBe('a1');
    expect(params.data).not.toHaveProperty('password');
    expect(params.data).toMatchObject({ status: 'Inactive' });
    expect(params.data.permissions).toMatchObject({ orders: true, banners: true });
  });

  it('sends a password typed on edit', async () => {
    const dataProvider = fakeAdmins();
    renderPanel('/adminusers/edit/a2', { dataProvider });
    await heading('Edit Admin User');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Fresh-Pass-9');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(dataProvider.update.mock.calls[0]![1].data).toMatchObject({ password: 'Fresh-Pass-9' });
  });

  it('says "Failed to edit admin user" when the server cannot be reached', async () => {
    const dataProvider = fakeAdmins({
      update: async () => {
        throw new HttpError('network', 0);
      },
    });
    renderPanel('/adminusers/edit/a1', { dataProvider });
    await heading('Edit Admin User');
    await userEvent.type(screen.getByLabelText(/^Name/), ' k');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Failed to edit admin user. Please try again.', {}, SLOW),
    ).toBeInTheDocument();
  });

  it('says so when the admin does not exist', async () => {
    renderPanel('/adminusers/edit/missing', { dataProvider: fakeAdmins() });
    expect(
      await screen.findByText('This admin user does not exist.', {}, SLOW),
    ).toBeInTheDocument();
  });
});

const AUDIT = [
  {
    id: '2',
    _id: '2',
    at: '2026-01-02T10:00:00Z',
    adminId: 'a1',
    adminEmail: 'priya@example.com',
    resource: 'pincode',
    action: 'add',
    recordId: 'p1',
    method: 'POST',
    path: '/api/pincode/add',
    statusCode: 200,
    // A row written before the words (issue 37): worded from its call.
    summary: null,
    changes: null,
  },
  {
    id: '3',
    _id: '3',
    at: '2026-01-03T10:00:00Z',
    adminId: 'a1',
    adminEmail: 'priya@example.com',
    resource: 'product',
    action: 'edit-product',
    recordId: 'pr1',
    method: 'POST',
    path: '/api/product/edit-product',
    statusCode: 200,
    summary: 'Changed the price of 20 L Water Jar from ₹90 to ₹95',
    changes: [{ field: 'Price', from: '₹90', to: '₹95' }],
  },
];

describe('audit log screen', () => {
  it('shows the entries and filters by admin, resource and dates', async () => {
    const dataProvider = fakeAdmins();
    render(
      <TestMemoryRouter initialEntries={['/audit-log/1']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/audit-log/:page" element={<AuditLogList />} />
          </Routes>
        </AdminContext>
      </TestMemoryRouter>,
    );
    const table = await screen.findByRole('table', {}, SLOW);
    // Each entry in words, with what it changed and a link to its record.
    for (const text of [
      'Changed the price of 20 L Water Jar from ₹90 to ₹95',
      'Price: ₹90 → ₹95',
      'Add: pincode',
    ]) {
      expect(within(table).getByText(text)).toBeInTheDocument();
    }
    expect(within(table).getAllByText('priya@example.com')).toHaveLength(2);
    expect(
      within(table).getByRole('link', {
        name: 'Open: Changed the price of 20 L Water Jar from ₹90 to ₹95',
      }),
    ).toHaveAttribute('href', '/product/view/pr1');
    expect(within(table).getByRole('link', { name: 'Open: Add: pincode' })).toHaveAttribute(
      'href',
      '/pincode/view/p1',
    );
    const auditCalls = () => dataProvider.getList.mock.calls.filter(([r]) => r === 'auditLog');
    await userEvent.click(screen.getByRole('combobox', { name: 'Admin' }));
    await userEvent.click(await screen.findByRole('option', { name: 'rahul@example.com' }));
    await userEvent.type(screen.getByLabelText('Resource'), 'category{Enter}');
    await waitFor(() =>
      expect(auditCalls().at(-1)![1].filter).toEqual({ adminId: 'a2', resource: 'category' }),
    );
    await userEvent.type(screen.getByLabelText('From'), '2026-01-01');
    await waitFor(() =>
      expect(auditCalls().at(-1)![1].filter).toMatchObject({ from: '2026-01-01' }),
    );
    // 'Clear filters' lifts them all, and empties the resource typed.
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(auditCalls().at(-1)![1].filter).toEqual({}));
    expect(screen.getByLabelText('Resource')).toHaveValue('');
  });
});
