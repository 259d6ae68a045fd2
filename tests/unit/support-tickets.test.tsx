import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AppActions, AppDataProvider } from '@/providers/types';
import { supports } from '@resources/supports';
import { ageOf } from '@resources/supports/ticketFields';
import { formatDateTime } from '@/format';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
import { heading, renderPanel, SEEDED_CATEGORIES } from './helpers';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

describe('ticket list and reopen calls (issue 37, docs/api.md "Support tickets")', () => {
  const { calls, answers } = stubApi({ statuscode: 200, message: 'ok' });
  const provider = createDataProvider<AppActions>([supports]);

  it('lists tickets with GET support/tickets, its search and filters, the days as from / to', async () => {
    answers.push({
      body: {
        statuscode: 200,
        result: { tickets: [{ _id: 't1' }], totalRecords: 1, currentPage: 1, totalPages: 1 },
      },
    });
    const result = await provider.getList('supports', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: '', order: 'DESC' },
      filter: {
        q: 'Sharma',
        status: 'unresolved',
        type: '3',
        date: 'custom',
        from: '2025-03-01',
        to: '2025-03-07',
      },
      meta: { list: 'tickets' },
    });
    expect(calls[0]!.url.pathname).toBe('/api/support/tickets');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      page: '1',
      limit: '10',
      search: 'Sharma',
      status: 'unresolved',
      type: '3',
      from: '2025-03-01',
      to: '2025-03-07',
    });
    expect(result).toEqual({ data: [{ _id: 't1', id: 't1' }], total: 1 });
  });

  it('reopens with POST support/reopen-support { supportId }', async () => {
    answers.push({ body: { statuscode: 200, message: 'Ticket reopened.' } });
    const result = await provider.reopenTicket({ id: 't1' });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/support/reopen-support');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ supportId: 't1' });
    expect(result).toMatchObject({ meta: { message: 'Ticket reopened.' } });
  });
});

describe('ageOf', () => {
  const t = (key: string, o?: Record<string, unknown>) =>
    key.replace(/^app\.supports\.ages\./, '') + (o?.n !== undefined ? `:${o.n}` : '');
  const now = Date.parse('2026-11-28T15:00:00Z');
  it('says how long ago in whole minutes, hours or days', () => {
    expect(ageOf('2026-11-28T14:59:30Z', t, now)).toBe('now');
    expect(ageOf('2026-11-28T14:48:00Z', t, now)).toBe('minutes:12');
    expect(ageOf('2026-11-28T11:30:00Z', t, now)).toBe('hours:3');
    expect(ageOf('2026-11-26T09:00:00Z', t, now)).toBe('days:2');
    expect(ageOf(undefined, t, now)).toBe('');
  });
});

const AARAV = {
  _id: 'u1',
  firstName: 'Aarav',
  lastName: 'Sharma',
  email: 'aarav@example.in',
  phone: '9876543210',
};
const ROWS = [
  {
    id: 't-new',
    _id: 't-new',
    supportType: 1,
    supportTypeName: 'Shipping & Delivery',
    status: 'unresolved',
    description: 'The jar did not arrive',
    createdAt: ago(3),
    lastReplyAt: ago(2),
    lastReplyBy: 'Farah Khan',
    customer: AARAV,
  },
  {
    id: 't-old',
    _id: 't-old',
    supportType: 5,
    supportTypeName: 'FAQs',
    status: 'resolved',
    description: 'Do you deliver on Sundays?',
    createdAt: ago(50),
    lastReplyAt: null,
    lastReplyBy: null,
    customer: AARAV,
  },
];
const TICKET = {
  id: 't-res',
  _id: 't-res',
  supportType: 0,
  supportTypeName: 'Order Issues',
  userId: AARAV,
  status: 'resolved',
  description: 'Order #OD251101ABC123 came one jar short.',
  createdAt: '2025-03-01T09:00:00Z',
  orders: [{ _id: 'o1', orderId: 'OD251101ABC123' }],
  reply: [
    {
      _id: 'p1',
      message: 'Sending the second jar.',
      date: '2025-03-01T11:00:00Z',
      by: { _id: 'a1', name: 'Farah Khan' },
    },
  ],
};

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'reopenTicket']: Mock };

function fakeTickets(overrides: Partial<AppDataProvider> = {}): Fake {
  return testDataProvider({
    getList: vi.fn(async (resource: string) =>
      resource === 'supports' ? { data: ROWS, total: 2 } : { data: SEEDED_CATEGORIES, total: 3 },
    ),
    getOne: vi.fn(async () => ({ data: TICKET })),
    reopenTicket: vi.fn(async () => ({ data: undefined, meta: { message: 'Ticket reopened.' } })),
    ...overrides,
  } as never) as Fake;
}

describe('Tickets (one row per ticket)', () => {
  it('shows subject, customer with phone, age, status and the latest reply, each linked', async () => {
    const dataProvider = fakeTickets();
    renderPanel('/support/tickets/1', { dataProvider });
    await heading('Tickets');
    const table = await screen.findByRole('table');
    for (const column of ['Subject', 'Customer', 'Age', 'Status', 'Last reply']) {
      expect(within(table).getByText(column)).toBeInTheDocument();
    }
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Shipping & Delivery' })).toHaveAttribute(
      'href',
      '/support/view-support/t-new',
    );
    expect(
      within(first!).getByRole('link', { name: 'Open customer Aarav Sharma' }),
    ).toHaveAttribute('href', '/user/view/u1');
    expect(within(first!).getByText('+91 98765 43210')).toBeInTheDocument();
    expect(within(first!).getByText('3 h')).toBeInTheDocument();
    expect(within(first!).getByText('Unresolved')).toBeInTheDocument();
    expect(within(first!).getByText('2 h ago · Farah Khan')).toBeInTheDocument();
    expect(within(second!).getByText('2 d')).toBeInTheDocument();
    expect(within(second!).getByText('No reply yet')).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'supports',
      expect.objectContaining({ meta: { list: 'tickets' } }),
    );
  });

  it('searches and filters through the address', async () => {
    const dataProvider = fakeTickets();
    renderPanel('/support/tickets/1?status=unresolved&type=1', { dataProvider });
    await heading('Tickets');
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenCalledWith(
        'supports',
        expect.objectContaining({ filter: { status: 'unresolved', type: '1' } }),
      ),
    );
    await userEvent.type(screen.getByRole('searchbox'), 'Sharma');
    await waitFor(
      () =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith(
          'supports',
          expect.objectContaining({ filter: expect.objectContaining({ q: 'Sharma' }) }),
        ),
      { timeout: 3000 },
    );
  });
});

describe('a ticket', () => {
  it('links its customer, the phone to call and the order it names; replies show their author', async () => {
    renderPanel('/support/view-support/t-res', { dataProvider: fakeTickets() });
    await heading('Support Ticket');
    expect(screen.getByRole('link', { name: 'Open customer Aarav Sharma' })).toHaveAttribute(
      'href',
      '/user/view/u1',
    );
    expect(screen.getByRole('link', { name: 'Call +91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    expect(screen.getByRole('link', { name: 'Open order OD251101ABC123' })).toHaveAttribute(
      'href',
      '/order/view/o1',
    );
    expect(
      screen.getByText(`Farah Khan · ${formatDateTime('2025-03-01T11:00:00Z')}`),
    ).toBeInTheDocument();
  });

  it('reopens a resolved ticket once the admin confirms', async () => {
    const dataProvider = fakeTickets();
    renderPanel('/support/view-support/t-res', { dataProvider });
    await heading('Support Ticket');
    expect(screen.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen Order Issues?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(dataProvider.reopenTicket).toHaveBeenCalledWith({ id: 't-res' }));
    expect(await screen.findByText('Ticket reopened.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.getOne.mock.calls.length).toBeGreaterThan(1);
  });
});
