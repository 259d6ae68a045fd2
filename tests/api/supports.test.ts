import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customersTable,
  supportCustomersTable,
  supportRepliesTable,
  supportTicketsTable,
} from '@server/db/schema';
import { openTicket } from '@server/modules/supports/openTicket';
import { deniedMessage } from '@server/permissions';
import {
  bearer,
  createTestServer,
  multipart,
  type TestAdmin,
  type TestServer,
  apiClient,
} from './helpers';

interface SummaryDto {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  supportCount: number;
  unresolvedCount: number;
  lastTicketAt: string;
}

interface TicketDto {
  _id: string;
  supportType: number;
  supportTypeName: string;
  userId: { _id: string; firstName: string; lastName: string; email: string };
  status: string;
  description: string;
  createdAt: string;
  reply: { _id: string; message: string; date: string; by: { _id: string; name: string } | null }[];
}

let s: TestServer;
let supportAgent: TestAdmin;
let otherGroup: TestAdmin;
const customer: Record<string, string> = {};
/** Ticket ids by a short name used in the tests. */
const ticket: Record<string, string> = {};

const at = (d: number, h = 10) => new Date(Date.UTC(2025, 2, d, h));

beforeAll(async () => {
  s = await createTestServer();
  supportAgent = await s.createAdmin({ name: 'Farah Khan', permissions: { supports: true } });
  otherGroup = await s.createAdmin({ permissions: { return: true, orders: true } });
  const people = await s.db
    .insert(customersTable)
    .values([
      {
        firstName: 'Aarav',
        lastName: 'Sharma',
        email: 'aarav.sharma@example.in',
        phone: '9876543210',
      },
      { firstName: 'Priya', lastName: 'Iyer', email: 'priya.iyer@example.in', phone: '9123456780' },
      {
        firstName: 'Rohan',
        lastName: 'Mehta',
        email: 'rohan.mehta@example.in',
        phone: '9988776655',
      },
      {
        firstName: 'Kavya',
        lastName: 'Reddy',
        email: 'kavya.reddy@example.in',
        phone: '9012345678',
      },
    ])
    .returning();
  for (const p of people) customer[p.firstName] = p.id;

  // Aarav: three tickets (two open), the latest on 10 March.
  ticket.aaravJars = (
    await openTicket(s.db, {
      customerId: customer.Aarav!,
      supportType: 0,
      description: 'I ordered two jars but received one.',
      createdAt: at(1),
      status: 'resolved',
      replies: [
        { message: 'Sorry, sending the second jar.', date: at(1, 12), adminName: 'Old Agent' },
        { message: 'Delivered now?', date: at(2, 9) },
      ],
    })
  ).id;
  ticket.aaravSlot = (
    await openTicket(s.db, {
      customerId: customer.Aarav!,
      supportType: 1,
      description: 'Nobody came in my delivery slot.',
      createdAt: at(5),
    })
  ).id;
  ticket.aaravRefund = (
    await openTicket(s.db, {
      customerId: customer.Aarav!,
      supportType: 3,
      description: 'Debited twice for one order.',
      createdAt: at(10),
      // Replies passed out of order still come back oldest first.
      replies: [
        { message: 'Second answer', date: at(10, 15) },
        { message: 'First answer', date: at(10, 11) },
      ],
    })
  ).id;
  // Priya: one open ticket on 8 March.
  ticket.priya = (
    await openTicket(s.db, {
      customerId: customer.Priya!,
      supportType: 5,
      description: 'Do you deliver on Sundays?',
      createdAt: at(8),
    })
  ).id;
  // Rohan: one resolved ticket on 3 March. Kavya has none.
  ticket.rohan = (
    await openTicket(s.db, {
      customerId: customer.Rohan!,
      supportType: 2,
      description: 'Refund my cylinder deposit.',
      createdAt: at(3),
      status: 'resolved',
    })
  ).id;
});
afterAll(() => s.close());

const { get, postForm } = apiClient(() => s);

const list = (query: string, token?: string) => get(`support/get-all-supports?${query}`, token);
const names = (res: { json(): { result: { supports: SummaryDto[] } } }) =>
  res.json().result.supports.map((c) => c.firstName);
const resolve = (fields: Record<string, string>, token?: string) =>
  postForm('support/make-resolve', fields, token);
const ticketsOf = (userId: string, status = '') =>
  get(`support/get-all-supports-for-user?userId=${userId}&status=${status}`);

async function storedTicket(id: string) {
  const [row] = await s.db.select().from(supportTicketsTable).where(eq(supportTicketsTable.id, id));
  return row!;
}
const storedReplies = (id: string) =>
  s.db.select().from(supportRepliesTable).where(eq(supportRepliesTable.ticketId, id));

describe('GET /api/support/get-all-supports', () => {
  it('lists the customers with tickets, latest ticket first, with counts and statuscode', async () => {
    const res = await list('status=Active&page=1&limit=10');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.statuscode).toBe(200);
    expect(body).not.toHaveProperty('statusCode');
    expect(body.result).toMatchObject({ totalRecords: 3, currentPage: 1, totalPages: 1 });
    expect(names(res)).toEqual(['Aarav', 'Priya', 'Rohan']);
    expect(body.result.supports[0]).toEqual({
      _id: customer.Aarav,
      firstName: 'Aarav',
      lastName: 'Sharma',
      email: 'aarav.sharma@example.in',
      supportCount: 3,
      unresolvedCount: 2,
      lastTicketAt: '2025-03-10T10:00:00.000Z',
    });
  });

  it('filters customers with an unresolved or a resolved ticket', async () => {
    expect(names(await list('status=unresolved'))).toEqual(['Aarav', 'Priya']);
    expect(names(await list('status=resolved'))).toEqual(['Aarav', 'Rohan']);
    expect(names(await list('status='))).toEqual(['Aarav', 'Priya', 'Rohan']);
    const bad = await list('status=Closed');
    expect(bad.json()).toEqual({
      statuscode: 400,
      message: 'Status must be Active, unresolved or resolved.',
    });
  });

  it('pages', async () => {
    const res = await list('status=Active&page=2&limit=2');
    expect(res.json().result).toMatchObject({ totalRecords: 3, currentPage: 2, totalPages: 2 });
    expect(names(res)).toEqual(['Rohan']);
  });

  it('searches by first name, last name or e-mail', async () => {
    expect(names(await list('search=PRIYA'))).toEqual(['Priya']);
    expect(names(await list('search=mehta'))).toEqual(['Rohan']);
    expect(names(await list('search=sharma%40example'))).toEqual(['Aarav']);
    // Kavya matches but has no tickets.
    const none = await list('search=kavya');
    expect(none.json().result).toMatchObject({ supports: [], totalRecords: 0, totalPages: 0 });
  });

  it('sorts by the number of tickets and refuses other sort fields', async () => {
    const res = await list('sort=supportCount&sortOrder=desc');
    expect(res.json().result.supports.map((c: SummaryDto) => c.supportCount)).toEqual([3, 1, 1]);
    expect(names(res)[0]).toBe('Aarav');
    const bad = await list('sort=email');
    expect(bad.json()).toEqual({
      statuscode: 400,
      message: 'Sort must be one of: lastTicketAt, createdAt, supportCount.',
    });
  });

  it('takes sort=createdAt, as the other lists do: the newest ticket first', async () => {
    const byDate = await list('sort=createdAt&sortOrder=desc');
    expect(byDate.statusCode, byDate.body).toBe(200);
    expect(names(byDate)).toEqual(names(await list('')));
    expect(names(await list('sort=createdAt&sortOrder=asc'))).toEqual([...names(byDate)].reverse());
  });
});

describe('GET /api/support/get-all-supports-for-user', () => {
  it("answers the user's tickets newest first, each with its type name and replies oldest first", async () => {
    const res = await ticketsOf(customer.Aarav!);
    expect(res.statusCode, res.body).toBe(200);
    const supports = res.json().result.supports as TicketDto[];
    expect(supports.map((t) => t._id)).toEqual([
      ticket.aaravRefund,
      ticket.aaravSlot,
      ticket.aaravJars,
    ]);
    expect(supports.map((t) => t.supportTypeName)).toEqual([
      'Payment Issues',
      'Shipping & Delivery',
      'Order Issues',
    ]);
    expect(supports[0]!.reply.map((r) => r.message)).toEqual(['First answer', 'Second answer']);
    expect(supports[1]!.reply).toEqual([]);
    expect(supports[2]).toMatchObject({
      supportType: 0,
      status: 'resolved',
      description: 'I ordered two jars but received one.',
      createdAt: '2025-03-01T10:00:00.000Z',
      userId: {
        _id: customer.Aarav,
        firstName: 'Aarav',
        lastName: 'Sharma',
        email: 'aarav.sharma@example.in',
      },
    });
    expect(supports[2]!.reply).toEqual([
      {
        _id: expect.any(String),
        message: 'Sorry, sending the second jar.',
        date: '2025-03-01T12:00:00.000Z',
        by: null,
      },
      {
        _id: expect.any(String),
        message: 'Delivered now?',
        date: '2025-03-02T09:00:00.000Z',
        by: null,
      },
    ]);
  });

  it('filters by status', async () => {
    const open = await ticketsOf(customer.Aarav!, 'unresolved');
    expect(open.json().result.supports.map((t: TicketDto) => t._id)).toEqual([
      ticket.aaravRefund,
      ticket.aaravSlot,
    ]);
    const done = await ticketsOf(customer.Aarav!, 'resolved');
    expect(done.json().result.supports.map((t: TicketDto) => t._id)).toEqual([ticket.aaravJars]);
  });

  it('answers an empty list for a customer without tickets', async () => {
    const res = await ticketsOf(customer.Kavya!);
    expect(res.json()).toEqual({ statuscode: 200, message: 'Supports', result: { supports: [] } });
  });

  it('requires the user id and answers 404 for an unknown user', async () => {
    const missing = await get('support/get-all-supports-for-user?status=');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ statuscode: 400, message: 'User id is required.' });
    const blank = await get('support/get-all-supports-for-user?userId=%20');
    expect(blank.json()).toEqual({ statuscode: 400, message: 'User id is required.' });
    const unknown = await ticketsOf('no-such-user');
    expect(unknown.json()).toEqual({ statuscode: 404, message: 'This user does not exist.' });
  });
});

describe('GET /api/support/get-support/:id', () => {
  it('answers one ticket, and 404 for an unknown one', async () => {
    const res = await get(`support/get-support/${ticket.priya}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.support).toMatchObject({
      _id: ticket.priya,
      supportType: 5,
      supportTypeName: 'FAQs',
      status: 'unresolved',
      reply: [],
    });
    const unknown = await get('support/get-support/no-such-ticket');
    expect(unknown.json()).toEqual({ statuscode: 404, message: 'This ticket does not exist.' });
  });
});

describe('POST /api/support/make-resolve', () => {
  it('saves the reply with the admin and resolves the ticket; the counts follow', async () => {
    const res = await resolve(
      { supportId: ticket.aaravSlot!, status: 'resolved', reply: '  We have rescheduled it.  ' },
      supportAgent.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statuscode: 200, message: 'Reply sent.' });
    expect(res.json()).not.toHaveProperty('statusCode');
    const support = res.json().result.support as TicketDto;
    expect(support.status).toBe('resolved');
    expect(support.reply).toEqual([
      {
        _id: expect.any(String),
        message: 'We have rescheduled it.',
        date: expect.any(String),
        by: { _id: supportAgent.id, name: 'Farah Khan' },
      },
    ]);

    const aarav = (await list('status=Active')).json().result.supports[0] as SummaryDto;
    expect(aarav).toMatchObject({ _id: customer.Aarav, supportCount: 3, unresolvedCount: 1 });
  });

  it('keeps a ticket open when the status sent is unresolved, adding the reply after the others', async () => {
    const res = await resolve({
      supportId: ticket.aaravRefund!,
      status: 'unresolved',
      reply: 'Third answer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.support.reply.map((r: { message: string }) => r.message)).toEqual([
      'First answer',
      'Second answer',
      'Third answer',
    ]);
    expect((await storedTicket(ticket.aaravRefund!)).status).toBe('unresolved');
    const [counts] = await s.db
      .select()
      .from(supportCustomersTable)
      .where(eq(supportCustomersTable.customerId, customer.Aarav!));
    expect(counts).toMatchObject({ ticketCount: 3, unresolvedCount: 1 });
  });

  it('resolving the last open ticket moves the customer out of the unresolved list', async () => {
    expect(names(await list('status=unresolved'))).toContain('Priya');
    const { payload, headers } = multipart({
      supportId: ticket.priya!,
      status: 'resolved',
      reply: 'Yes, on Sundays too.',
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/support/make-resolve',
      headers: { ...bearer(s.superToken), ...headers },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(await list('status=unresolved'))).toEqual(['Aarav']);
    expect((await list('search=priya')).json().result.supports[0]).toMatchObject({
      supportCount: 1,
      unresolvedCount: 0,
    });
  });

  it('refuses to answer a resolved ticket (409) and stores nothing', async () => {
    const before = await storedReplies(ticket.rohan!);
    const res = await resolve({ supportId: ticket.rohan!, status: 'unresolved', reply: 'Hello?' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statuscode: 409, message: 'This ticket is already resolved.' });
    expect(await storedReplies(ticket.rohan!)).toEqual(before);
    expect((await storedTicket(ticket.rohan!)).status).toBe('resolved');
  });

  it('asks for a status first, then for a non-blank reply', async () => {
    const id = ticket.aaravRefund!;
    const cases: [Record<string, string>, string][] = [
      [{ supportId: id, reply: 'Hi' }, 'Please select status.'],
      [{ supportId: id, status: '', reply: 'Hi' }, 'Please select status.'],
      [{ supportId: id, status: 'closed', reply: 'Hi' }, 'Please select status.'],
      [{ supportId: id }, 'Please select status.'],
      [{ supportId: id, status: 'resolved' }, 'Please enter reply.'],
      [{ supportId: id, status: 'resolved', reply: '   ' }, 'Please enter reply.'],
      [
        { supportId: id, status: 'resolved', reply: 'x'.repeat(2001) },
        'The reply must be at most 2000 characters.',
      ],
      [{ status: 'resolved', reply: 'Hi' }, 'Ticket id is required.'],
    ];
    for (const [fields, message] of cases) {
      const res = await resolve(fields);
      expect(res.json(), JSON.stringify(fields).slice(0, 80)).toEqual({ statuscode: 400, message });
    }
    expect(await storedReplies(id)).toHaveLength(3);
    expect((await storedTicket(id)).status).toBe('unresolved');
  });

  it('answers 404 for an unknown ticket', async () => {
    const res = await resolve({ supportId: 'no-such-ticket', status: 'resolved', reply: 'Hi' });
    expect(res.json()).toEqual({ statuscode: 404, message: 'This ticket does not exist.' });
  });
});

describe('permissions', () => {
  it('refuses an admin without Support Management (403, spelled statuscode)', async () => {
    const denied = { statuscode: 403, message: deniedMessage('supports') };
    expect((await list('status=Active', otherGroup.token)).json()).toEqual(denied);
    expect(
      (
        await get(`support/get-all-supports-for-user?userId=${customer.Aarav}`, otherGroup.token)
      ).json(),
    ).toEqual(denied);
    expect((await get(`support/get-support/${ticket.priya}`, otherGroup.token)).json()).toEqual(
      denied,
    );
    const write = await resolve(
      { supportId: ticket.aaravRefund!, status: 'resolved', reply: 'Hi' },
      otherGroup.token,
    );
    expect(write.json()).toEqual(denied);
    expect((await storedTicket(ticket.aaravRefund!)).status).toBe('unresolved');
  });

  it('lets an admin with Support Management read the list', async () => {
    const res = await list('status=Active', supportAgent.token);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Aarav', 'Priya', 'Rohan']);
  });
});
