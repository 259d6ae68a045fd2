import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { AppActions, AppDataProvider } from '@/providers/types';
import { supports } from '@resources/supports';
import { formatDateTime } from '@/format';
import { createDataProvider } from '@/providers/dataProvider';
import { stubApi } from './apiStub';
import { heading, renderPanel, SEEDED_CATEGORIES, SLOW } from './helpers';

describe('support calls (spec 001 §7, docs/api.md "Support tickets")', () => {
  const { calls, answers } = stubApi({ statuscode: 200, message: 'ok' });
  const provider = createDataProvider<AppActions>([supports]);
  const paging = { totalRecords: 12, currentPage: 2, totalPages: 2 };

  it('lists customers with GET support/get-all-supports?status=Active, no sort until one is chosen', async () => {
    answers.push({
      body: {
        statuscode: 200,
        result: { supports: [{ _id: 'u1', firstName: 'Aarav', supportCount: 3 }], ...paging },
      },
    });
    const result = await provider.getList('supports', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: '', order: 'DESC' },
      filter: {},
    });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/support/get-all-supports');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      status: 'Active',
      page: '2',
      limit: '10',
    });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(result).toEqual({
      data: [{ _id: 'u1', id: 'u1', firstName: 'Aarav', supportCount: 3 }],
      total: 12,
    });
  });

  it('sends sort and sortOrder when a column is sorted', async () => {
    answers.push({ body: { statuscode: 200, result: { supports: [], totalRecords: 0 } } });
    await provider.getList('supports', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'supportCount', order: 'DESC' },
      filter: {},
    });
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      status: 'Active',
      page: '1',
      limit: '20',
      sort: 'supportCount',
      sortOrder: 'desc',
    });
  });

  it('reads the statuscode spelling: a refusal inside a 200 answer is an error', async () => {
    answers.push({ body: { statuscode: 403, message: 'You need the supports permission.' } });
    await expect(
      provider.getList('supports', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: '', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 403, message: 'You need the supports permission.' });
  });

  it('lists one customer’s tickets with GET support/get-all-supports-for-user?userId=', async () => {
    answers.push({
      body: { statuscode: 200, result: { supports: [{ _id: 't1', status: 'unresolved' }] } },
    });
    const result = await provider.getList('supports', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { userId: 'u1' },
      meta: { list: 'forUser' },
    });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/support/get-all-supports-for-user');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ userId: 'u1' });
    expect(result.data).toEqual([{ _id: 't1', id: 't1', status: 'unresolved' }]);
  });

  it('reads one ticket with GET support/get-support/{id} (addition)', async () => {
    answers.push({
      body: { statuscode: 200, result: { support: { _id: 't9', description: 'Late jar' } } },
    });
    const { data } = await provider.getOne('supports', { id: 't9' });
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/api/support/get-support/t9');
    expect(data).toMatchObject({ id: 't9', description: 'Late jar' });
  });

  it('replies with POST support/make-resolve, form { reply, status, supportId }', async () => {
    answers.push({ body: { statuscode: 200, message: 'Reply sent.' } });
    const result = await provider.replyToTicket({
      id: 't1',
      reply: 'Your jar arrives today.',
      status: 'resolved',
    });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/support/make-resolve');
    expect(calls[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.body)))).toEqual({
      reply: 'Your jar arrives today.',
      status: 'resolved',
      supportId: 't1',
    });
    expect(result).toMatchObject({ meta: { message: 'Reply sent.' } });
  });

  it('turns a 409 for a resolved ticket into an error carrying the server message', async () => {
    answers.push({
      status: 409,
      body: { statuscode: 409, message: 'This ticket is already resolved.' },
    });
    await expect(
      provider.replyToTicket({ id: 't1', reply: 'Hello', status: 'resolved' }),
    ).rejects.toMatchObject({ status: 409, message: 'This ticket is already resolved.' });
  });
});

const CUSTOMERS = [
  {
    id: '0190aaaa-bbbb-7ccc-8ddd-eeee11112222',
    _id: '0190aaaa-bbbb-7ccc-8ddd-eeee11112222',
    firstName: 'Aarav',
    lastName: 'Sharma',
    email: 'aarav@example.in',
    supportCount: 3,
    unresolvedCount: 2,
    lastTicketAt: '2025-03-07T10:00:00Z',
  },
];
const AARAV = { _id: 'u1', firstName: 'Aarav', lastName: 'Sharma', email: 'aarav@example.in' };
const TICKETS = [
  {
    id: 't-old',
    _id: 't-old',
    supportType: 3,
    supportTypeName: 'Payment Issues',
    userId: AARAV,
    status: 'resolved',
    description: 'Charged twice for one jar',
    createdAt: '2025-03-01T09:00:00Z',
    reply: [{ _id: 'p1', message: 'Refunded the second charge.', date: '2025-03-02T09:00:00Z' }],
  },
  {
    id: 't-new',
    _id: 't-new',
    supportType: 1,
    supportTypeName: 'Shipping & Delivery',
    userId: AARAV,
    status: 'unresolved',
    description: 'The jar did not arrive',
    createdAt: '2025-03-07T10:00:00Z',
    // Given newest first: the screen shows them in the order they were written.
    reply: [
      { _id: 'p3', message: 'Second: it left the depot.', date: '2025-03-07T12:00:00Z' },
      { _id: 'p2', message: 'First: we are checking.', date: '2025-03-07T11:00:00Z' },
    ],
  },
  {
    id: 't-mid',
    _id: 't-mid',
    supportType: 5,
    supportTypeName: 'FAQs',
    userId: AARAV,
    status: 'unresolved',
    description: 'How do I pause deliveries?',
    createdAt: '2025-03-04T10:00:00Z',
    reply: [],
  },
];

type Fake = DataProvider & { [K in 'getList' | 'getOne' | 'replyToTicket']: Mock };

function fakeSupports(overrides: Partial<AppDataProvider> = {}): Fake {
  return testDataProvider({
    getList: vi.fn(
      async (
        resource: string,
        params: { filter?: { userId?: string }; meta?: { list?: string } },
      ) => {
        if (resource !== 'supports') return { data: SEEDED_CATEGORIES, total: 3 };
        if (params.meta?.list !== 'forUser') return { data: CUSTOMERS, total: 1 };
        if (params.filter?.userId !== 'u1')
          throw new HttpError('This customer does not exist.', 404);
        return { data: TICKETS, total: TICKETS.length };
      },
    ),
    getOne: vi.fn(async (_r: string, { id }: { id: string }) => {
      const ticket = TICKETS.find((t) => t.id === id);
      if (!ticket) throw new HttpError('This ticket does not exist.', 404);
      return { data: ticket };
    }),
    replyToTicket: vi.fn(async () => ({ data: undefined, meta: { message: 'Reply sent.' } })),
    ...overrides,
  } as never) as Fake;
}

const card = (type: string) => screen.getByRole('article', { name: type });

describe('Help list (customers with tickets)', () => {
  it('shows the columns, the short family id with the full id in a tooltip, and no search box', async () => {
    const dataProvider = fakeSupports();
    renderPanel('/supports/1', { dataProvider });
    await heading('Help');
    const table = await screen.findByRole('table');
    for (const column of [
      'Family Id',
      'Customer Name',
      'Email',
      'No. Of Emails',
      'Open',
      'Actions',
    ]) {
      expect(within(table).getByText(column)).toBeInTheDocument();
    }
    const familyId = within(table).getByText('ee11112222');
    expect(familyId).toHaveAttribute('title', CUSTOMERS[0]!.id);
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText('Aarav Sharma')).toBeInTheDocument();
    expect(within(row!).getByText('aarav@example.in')).toBeInTheDocument();
    expect(within(row!).getByText('3')).toBeInTheDocument();
    expect(within(row!).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Aarav Sharma' })).toHaveAttribute(
      'href',
      `/support/view/${CUSTOMERS[0]!.id}`,
    );
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    // The shared footer: per page and the go-to-page box.
    expect(screen.getByLabelText('Go to page')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 out of 1')).toBeInTheDocument();
    // No sort field until the admin sorts: the server's order (latest ticket first).
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'supports',
      expect.objectContaining({ sort: { field: '', order: 'DESC' }, filter: {} }),
    );
  });

  it('sorts by the number of e-mails, most first', async () => {
    const dataProvider = fakeSupports();
    renderPanel('/supports/1', { dataProvider });
    const table = await screen.findByRole('table', {}, SLOW);
    await userEvent.click(within(table).getByText('No. Of Emails'));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'supports',
        expect.objectContaining({ sort: { field: 'supportCount', order: 'DESC' } }),
      ),
    );
  });
  it('goes back to page 1 with the spec message for a page below 1', async () => {
    const dataProvider = fakeSupports();
    renderPanel('/supports/0', { dataProvider });
    expect(
      await screen.findByText('Page number should be greater than or equal to 1', {}, SLOW),
    ).toBeInTheDocument();
    await heading('Help');
    expect(dataProvider.getList).not.toHaveBeenCalledWith(
      'supports',
      expect.objectContaining({ pagination: expect.objectContaining({ page: 0 }) }),
    );
  });
});

describe('a customer’s tickets', () => {
  it('shows every ticket newest first, with type names, dates and replies in order', async () => {
    const dataProvider = fakeSupports();
    renderPanel('/support/view/u1', { dataProvider });
    await heading('Support Tickets');
    // The customer links to the customer's view (issue 37), beside the e-mail.
    expect(screen.getByRole('link', { name: 'Open customer Aarav Sharma' })).toHaveAttribute(
      'href',
      '/user/view/u1',
    );
    expect(screen.getByText(/· aarav@example\.in/)).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'supports',
      expect.objectContaining({ filter: { userId: 'u1' }, meta: { list: 'forUser' } }),
    );
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Shipping & Delivery',
      'FAQs',
      'Payment Issues',
    ]);
    const late = card('Shipping & Delivery');
    expect(within(late).getByText('Unresolved')).toBeInTheDocument();
    expect(within(late).getByText('The jar did not arrive')).toBeInTheDocument();
    expect(
      within(late).getByText(`Raised on ${formatDateTime('2025-03-07T10:00:00Z')}`),
    ).toBeInTheDocument();
    const replies = within(within(late).getByRole('list', { name: 'Replies' })).getAllByRole(
      'listitem',
    );
    expect(replies.map((r) => r.textContent)).toEqual([
      `First: we are checking.${formatDateTime('2025-03-07T11:00:00Z')}`,
      `Second: it left the depot.${formatDateTime('2025-03-07T12:00:00Z')}`,
    ]);
    expect(within(card('FAQs')).getByText('No replies yet.')).toBeInTheDocument();
    expect(within(card('Payment Issues')).queryByText('No replies yet.')).not.toBeInTheDocument();
    // Each ticket links to its own page.
    expect(within(card('FAQs')).getByRole('link', { name: 'Open ticket FAQs' })).toHaveAttribute(
      'href',
      '/support/view-support/t-mid',
    );
  });

  it('hides Reply once a ticket is resolved', async () => {
    renderPanel('/support/view/u1', { dataProvider: fakeSupports() });
    await heading('Support Tickets');
    expect(within(card('Payment Issues')).getByText('Resolved')).toBeInTheDocument();
    expect(
      within(card('Payment Issues')).queryByRole('button', { name: 'Reply' }),
    ).not.toBeInTheDocument();
    expect(within(card('FAQs')).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
  });

  it('says so when the customer does not exist', async () => {
    renderPanel('/support/view/nobody', { dataProvider: fakeSupports() });
    expect(await screen.findByText('This customer does not exist.', {}, SLOW)).toBeInTheDocument();
  });

  it('shows one ticket by id at support/view-support/{id}', async () => {
    const dataProvider = fakeSupports();
    renderPanel('/support/view-support/t-new', { dataProvider });
    await heading('Support Ticket');
    expect(dataProvider.getOne).toHaveBeenCalledWith(
      'supports',
      expect.objectContaining({ id: 't-new' }),
    );
    // The customer links to the customer's view (issue 37), beside the e-mail.
    expect(screen.getByRole('link', { name: 'Open customer Aarav Sharma' })).toHaveAttribute(
      'href',
      '/user/view/u1',
    );
    expect(screen.getByText(/· aarav@example\.in/)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(
      within(card('Shipping & Delivery')).getByText('Second: it left the depot.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reply' })).toBeInTheDocument();
  });

  it('says "Loading ..." while the ticket loads, and so when it does not exist', async () => {
    let finish: (value: unknown) => void = () => {};
    const dataProvider = fakeSupports({
      getOne: vi.fn(() => new Promise((_resolve, reject) => (finish = reject))) as never,
    });
    renderPanel('/support/view-support/gone', { dataProvider });
    await waitFor(() => expect(dataProvider.getOne).toHaveBeenCalled(), SLOW);
    expect(screen.getByText('Loading ...')).toBeInTheDocument();
    finish(new HttpError('This ticket does not exist.', 404));
    expect(await screen.findByText('This ticket does not exist.')).toBeInTheDocument();
  });
});

describe('the reply modal', () => {
  async function openReply(dataProvider: Fake, path = '/support/view/u1', type = 'FAQs') {
    renderPanel(path, { dataProvider });
    await heading(path.includes('view-support') ? 'Support Ticket' : 'Support Tickets');
    await userEvent.click(within(card(type)).getByRole('button', { name: 'Reply' }));
    return screen.findByRole('dialog', { name: `Reply to ${type}` });
  }

  async function fillIn(dialog: HTMLElement, status: 'Resolved' | 'Unresolved', text: string) {
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: status }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reply/ }));
    await userEvent.paste(text);
  }

  it("starts on the ticket's own status and asks for a reply before sending", async () => {
    const dataProvider = fakeSupports();
    const dialog = await openReply(dataProvider);
    // Preselected (issue 37): a reply saves without picking a status.
    expect(within(dialog).getByRole('combobox', { name: /Status/ })).toHaveTextContent(
      'Unresolved',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter reply.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please select status.')).not.toBeInTheDocument();
    // Blank space is no reply.
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reply/ }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter reply.')).toBeInTheDocument();
    expect(dataProvider.replyToTicket).not.toHaveBeenCalled();
  });

  it("sends the reply and status, shows the server message and stays on the customer's tickets", async () => {
    let finish: (value: unknown) => void = () => {};
    const dataProvider = fakeSupports({
      replyToTicket: vi.fn(() => new Promise((resolve) => (finish = resolve))) as never,
    });
    const dialog = await openReply(dataProvider);
    await fillIn(dialog, 'Resolved', '  Pause from the app settings.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: 'Please Wait ...' })).toBeDisabled();
    expect(dataProvider.replyToTicket).toHaveBeenCalledWith({
      id: 't-mid',
      reply: 'Pause from the app settings.',
      status: 'resolved',
    });
    const asked = dataProvider.getList.mock.calls.length;
    finish({ data: { id: 't-mid' }, meta: { message: 'Reply sent.' } });
    expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Still that customer's tickets, asked for again so that the reply shows.
    expect(screen.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.getList.mock.calls.length).toBeGreaterThan(asked));
    expect(dataProvider.getList.mock.calls.at(-1)![1]).toMatchObject({
      filter: { userId: 'u1' },
    });
  });

  it('says "Failed to send reply" with the server reason for a ticket resolved meanwhile', async () => {
    const dataProvider = fakeSupports({
      replyToTicket: vi.fn(async () => {
        throw new HttpError('This ticket is already resolved.', 409);
      }) as never,
    });
    const dialog = await openReply(
      dataProvider,
      '/support/view-support/t-new',
      'Shipping & Delivery',
    );
    await fillIn(dialog, 'Unresolved', 'We will call you.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Failed to send reply. Please try again. This ticket is already resolved.',
      ),
    ).toBeInTheDocument();
    // The ticket is reloaded and the dialog closed; the admin stays on the ticket.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.getOne.mock.calls.length).toBeGreaterThan(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Support Ticket' })).toBeInTheDocument();
  });

  it('says "Failed to send reply. Please try again." when the server cannot be reached', async () => {
    const dataProvider = fakeSupports({
      replyToTicket: vi.fn(async () => {
        throw new HttpError('Unable to reach the server.', 0);
      }) as never,
    });
    const dialog = await openReply(dataProvider);
    await fillIn(dialog, 'Resolved', 'Done.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to send reply. Please try again.')).toBeInTheDocument();
    // The dialog stays open with what was typed, to try again.
    expect(within(dialog).getByRole('textbox', { name: /Reply/ })).toHaveValue('Done.');
  });
});
