/**
 * Issue 37, the customer's desk: the Notes tab, the tap-to-call phone, the Orders tab's filters,
 * a return request's links and item, a rider's runs, pin codes' area and city.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { pincodeLabel } from '@shared/pincode';
import { heading, renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';

const USER = {
  id: 'u1',
  _id: 'u1',
  firstName: 'Aarav',
  lastName: 'Sharma',
  email: 'aarav@example.in',
  phone: '9876543210',
  wallet: 0,
  status: 'Active',
  isEmailVerified: true,
  isPhoneVerified: true,
  imageUrl: null,
  createdAt: '2025-03-05T10:00:00Z',
};

const NOTES = [
  {
    id: 'n2',
    _id: 'n2',
    userId: 'u1',
    body: 'Prefers calls after 6 pm.',
    adminName: 'Asha Rao',
    createdAt: '2026-11-27T12:30:00Z',
  },
];

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'create']: Mock };

function fake(overrides: Record<string, unknown> = {}): Fake {
  const notes = [...NOTES];
  return testDataProvider({
    getList: vi.fn(async (resource: string) => {
      if (resource === 'categories') return { data: SEEDED_CATEGORIES, total: 3 };
      if (resource === 'customerNotes') return { data: [...notes], total: notes.length };
      return { data: [], total: 0 };
    }),
    getOne: vi.fn(async (resource: string, { id }: { id: unknown }) => {
      if (resource === 'users' && id === 'u1') return { data: USER };
      throw new HttpError('Not found', 404);
    }),
    create: vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => {
      const note = {
        id: `n${notes.length + 10}`,
        _id: `n${notes.length + 10}`,
        ...data,
        adminName: 'Super Admin',
        createdAt: '2026-11-28T09:00:00Z',
      };
      notes.unshift(note as (typeof NOTES)[number]);
      return { data: note, meta: { message: 'Note added successfully' } };
    }),
    ...overrides,
  } as never) as Fake;
}

describe("the customer's view", () => {
  it('makes the phone number a tap-to-call link', async () => {
    renderPanel('/user/view/u1', { dataProvider: fake() });
    expect(await heading('Aarav Sharma')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call +91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
  });

  it('lists the notes with author and time, and adds one', async () => {
    const dataProvider = fake();
    renderPanel('/user/view/u1?tab=notes', { dataProvider });
    expect(await screen.findByText('Prefers calls after 6 pm.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/^Asha Rao · /)).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'customerNotes',
      expect.objectContaining({ filter: { userId: 'u1' } }),
    );

    const box = screen.getByRole('textbox', { name: 'Add an internal note' });
    const add = screen.getByRole('button', { name: 'Add note' });
    expect(add).toBeDisabled();
    await userEvent.type(box, '  Leave jars with the watchman  ');
    await userEvent.click(add);
    await waitFor(() =>
      expect(dataProvider.create).toHaveBeenCalledWith(
        'customerNotes',
        expect.objectContaining({
          data: { userId: 'u1', body: 'Leave jars with the watchman' },
        }),
      ),
    );
    expect(await screen.findByText('Note added successfully')).toBeInTheDocument();
    expect(await screen.findByText('Leave jars with the watchman')).toBeInTheDocument();
    expect(screen.getByText(/^Super Admin · /)).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('says a note is too long before sending it', async () => {
    const dataProvider = fake();
    renderPanel('/user/view/u1?tab=notes', { dataProvider });
    const box = await screen.findByRole('textbox', { name: 'Add an internal note' }, SLOW);
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(1001));
    expect(screen.getByText('A note can be at most 1000 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add note' })).toBeDisabled();
  });

  it('filters the Orders tab by status and service, and says when none match', async () => {
    const dataProvider = fake();
    renderPanel('/user/view/u1?tab=orders', { dataProvider });
    expect(await screen.findByText('No orders yet.', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Delivered' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'orders',
        expect.objectContaining({
          filter: { userId: 'u1', status: 'Delivered' },
          meta: { list: 'byCustomer' },
        }),
      ),
    );
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Service' }));
    const water = SEEDED_CATEGORIES[0]!;
    await userEvent.click(await screen.findByRole('option', { name: String(water.name) }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'orders',
        expect.objectContaining({
          filter: { userId: 'u1', status: 'Delivered', serviceId: String(water.id) },
        }),
      ),
    );
  });
});

describe("a return request's relatives", () => {
  it('links its order and customer by name and shows the item', async () => {
    const request = {
      id: 'r1',
      _id: 'r1',
      order: [{ _id: 'o1', orderId: 'OD261122K3F9QZ', quantity: 2, status: 'Delivered' }],
      returnInfo: { orderId: 'OD261122K3F9QZ' },
      user: { _id: 'u1', email: 'aarav@example.in', firstName: 'Aarav', lastName: 'Sharma' },
      serviceId: 'water',
      returnedQuantity: 1,
      status: 'Pending',
      requestedAt: '2026-11-27T10:00:00Z',
      approvedAt: null,
      settledAt: null,
      settledBy: null,
      reason: null,
      item: { _id: 'p1', name: 'Water Jar', litres: 20 },
    };
    const dataProvider = fake({
      getOne: vi.fn(async () => ({ data: request })),
    });
    renderPanel('/return/view/r1', { dataProvider });
    expect(await screen.findByRole('link', { name: 'OD261122K3F9QZ' }, SLOW)).toHaveAttribute(
      'href',
      '/order/view/o1',
    );
    expect(screen.getByRole('link', { name: 'Aarav Sharma' })).toHaveAttribute(
      'href',
      '/user/view/u1',
    );
    expect(screen.getByText('Water Jar (20 L)')).toBeInTheDocument();
  });
});

describe("a rider's runs", () => {
  it("links the last week's runs, today first", async () => {
    const rider = {
      id: 'rd1',
      _id: 'rd1',
      name: 'Ravi Kumar',
      phone: '9876500001',
      vehicle: '',
      pincodes: ['400053'],
      shift: 'Both',
      status: 'Active',
      jobs: 0,
      openJobs: 0,
      createdAt: '2026-01-01T00:00:00Z',
    };
    renderPanel('/rider/view/rd1', {
      dataProvider: fake({ getOne: vi.fn(async () => ({ data: rider })) }),
    });
    const runs = await screen.findByRole('list', { name: 'Runs of the last week' }, SLOW);
    const links = within(runs).getAllByRole('link');
    expect(links).toHaveLength(7);
    expect(links[0]!.textContent).toMatch(/^Today, /);
    expect(links[0]!.getAttribute('href')).toMatch(/^\/rider\/run\/rd1\?date=\d{4}-\d{2}-\d{2}$/);
  });
});

describe('pin codes carry an area and a city', () => {
  it('labels a pin code with its area and city in pickers', () => {
    expect(pincodeLabel({ number: '400053', area: 'Andheri West', city: 'Mumbai' })).toBe(
      '400053 · Andheri West, Mumbai',
    );
    expect(pincodeLabel({ number: '400053', area: '', city: 'Mumbai' })).toBe('400053 · Mumbai');
    expect(pincodeLabel({ number: '400053', area: '', city: '' })).toBe('400053');
  });

  it('shows them in the list and edits them', async () => {
    const pin = {
      id: 'p1',
      _id: 'p1',
      number: '400053',
      pinType: 'Home',
      area: 'Andheri West',
      city: 'Mumbai',
      status: 'Active',
      createdAt: '2026-01-01T00:00:00Z',
    };
    const update = vi.fn(async (_r: string, { id, data }: { id: unknown; data: object }) => ({
      data: { ...data, id },
    }));
    const dataProvider = fake({
      getList: vi.fn(async () => ({ data: [pin], total: 1 })),
      getOne: vi.fn(async () => ({ data: pin })),
      update,
    });
    const list = renderPanel('/pincodes/1', { dataProvider });
    expect(await screen.findByText('Andheri West, Mumbai', {}, SLOW)).toBeInTheDocument();
    list.unmount();

    renderPanel('/pincode/edit/p1', { dataProvider });
    const area = await screen.findByRole('textbox', { name: 'Area' }, SLOW);
    expect(area).toHaveValue('Andheri West');
    await userEvent.clear(area);
    await userEvent.click(screen.getByRole('button', { name: /update|save/i }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'pincodes',
        expect.objectContaining({ data: expect.objectContaining({ area: '', city: 'Mumbai' }) }),
      ),
    );
  });
});
