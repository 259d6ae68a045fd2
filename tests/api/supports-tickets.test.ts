/**
 * The ticket list, the latest reply kept on each ticket, reopening and the orders a ticket names
 * (issue 37, item 7).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersTable, supportCustomersTable } from '@server/db/schema';
import { openTicket } from '@server/modules/supports/openTicket';
import { apiClient, createTestServer, type TestAdmin, type TestServer } from './helpers';
import { createOrderFixtures } from './orderFixtures';

interface TicketRow {
  _id: string;
  supportType: number;
  supportTypeName: string;
  status: string;
  description: string;
  createdAt: string;
  lastReplyAt: string | null;
  lastReplyBy: string | null;
  customer: { _id: string; firstName: string; lastName: string; email: string; phone: string };
}

let s: TestServer;
let agent: TestAdmin;
const customer: Record<string, string> = {};
const ticket: Record<string, string> = {};
let orderNumber = '';
let orderId = '';

const at = (d: number, h = 10) => new Date(Date.UTC(2025, 2, d, h));

beforeAll(async () => {
  s = await createTestServer();
  agent = await s.createAdmin({ name: 'Farah Khan', permissions: { supports: true } });
  const people = await s.db
    .insert(customersTable)
    .values([
      { firstName: 'Aarav', lastName: 'Sharma', email: 'aarav@example.in', phone: '9876543210' },
      { firstName: 'Priya', lastName: 'Iyer', email: 'priya@example.in', phone: '9123456780' },
    ])
    .returning();
  for (const p of people) customer[p.firstName] = p.id;
  const order = await (await createOrderFixtures(s.db)).place({ kind: 'water' });
  orderNumber = order.orderId;
  orderId = order.id;

  ticket.jars = (
    await openTicket(s.db, {
      customerId: customer.Aarav!,
      supportType: 0,
      description: `Order #${orderNumber} came with one jar short.`,
      createdAt: at(1),
      status: 'resolved',
      replies: [{ message: 'Sending it.', date: at(1, 12), adminName: 'Old Agent' }],
    })
  ).id;
  ticket.slot = (
    await openTicket(s.db, {
      customerId: customer.Aarav!,
      supportType: 1,
      description: 'Nobody came in my slot.',
      createdAt: at(5),
    })
  ).id;
  ticket.sunday = (
    await openTicket(s.db, {
      customerId: customer.Priya!,
      supportType: 5,
      description: 'Do you deliver on Sundays?',
      createdAt: at(8),
    })
  ).id;
});
afterAll(() => s.close());

const { get, post: postJson } = apiClient(() => s);
const tickets = async (query = '') => {
  const res = await get(`support/tickets?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { tickets: TicketRow[]; totalRecords: number; capped: boolean };
};
const idsOf = async (query = '') => (await tickets(query)).tickets.map((t) => t._id);
const counts = async (id: string) =>
  (
    await s.db.select().from(supportCustomersTable).where(eq(supportCustomersTable.customerId, id))
  )[0];

describe('GET /api/support/tickets', () => {
  it('lists one row per ticket, newest first, with type, customer, status and latest reply', async () => {
    const res = await get('support/tickets');
    expect(res.json().statuscode).toBe(200);
    const result = await tickets();
    expect(result.totalRecords).toBe(3);
    expect(result.capped).toBe(false);
    expect(result.tickets.map((t) => t._id)).toEqual([ticket.sunday, ticket.slot, ticket.jars]);
    expect(result.tickets[2]).toMatchObject({
      supportTypeName: 'Order Issues',
      status: 'resolved',
      lastReplyAt: at(1, 12).toISOString(),
      lastReplyBy: 'Old Agent',
      customer: { firstName: 'Aarav', lastName: 'Sharma', phone: '9876543210' },
    });
    expect(result.tickets[0]).toMatchObject({ lastReplyAt: null, lastReplyBy: null });
  });

  it('filters by status, type and days, and searches by name, phone and e-mail', async () => {
    expect(await idsOf('status=unresolved')).toEqual([ticket.sunday, ticket.slot]);
    expect(await idsOf('status=resolved')).toEqual([ticket.jars]);
    expect(await idsOf('type=5')).toEqual([ticket.sunday]);
    expect(await idsOf('from=2025-03-02&to=2025-03-07')).toEqual([ticket.slot]);
    expect(await idsOf('search=Sharma')).toEqual([ticket.slot, ticket.jars]);
    expect(await idsOf('search=91234')).toEqual([ticket.sunday]);
    expect(await idsOf('search=priya@')).toEqual([ticket.sunday]);
    expect(await idsOf('search=Sharma&status=resolved')).toEqual([ticket.jars]);
    expect(await idsOf('search=Nobody-by-this-name')).toEqual([]);
    const filtered = await tickets('type=1');
    expect(filtered).toMatchObject({ totalRecords: 1, capped: false });
  });

  it('pages, newest first', async () => {
    const first = await tickets('limit=2&page=1');
    expect(first).toMatchObject({ totalRecords: 3, totalPages: 2 });
    expect(await idsOf('limit=2&page=2')).toEqual([ticket.jars]);
    expect(await idsOf('limit=1&page=2&search=Sharma')).toEqual([ticket.jars]);
  });

  it('refuses filters it cannot read with a message saying what to send', async () => {
    const type = await get('support/tickets?type=9');
    expect(type.statusCode).toBe(400);
    expect(type.json()).toMatchObject({
      statuscode: 400,
      message: 'Type must be a number from 0 to 5.',
    });
    const days = await get('support/tickets?from=2025-03-09&to=2025-03-01');
    expect(days.statusCode).toBe(400);
    expect(days.json().message).toBe('The "from" date must not be after the "to" date.');
  });

  it('exports the list as CSV with the same filters', async () => {
    const res = await get('support/export-tickets?status=unresolved');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.trim().split(/\r\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Priya Iyer');
    expect(lines[2]).toContain('Nobody came in my slot.');
  });
});

describe('replies keep the latest reply on the ticket', () => {
  it('make-resolve records when and by whom, in the same transaction', async () => {
    const res = await postJson(
      'support/make-resolve',
      { supportId: ticket.slot, status: 'unresolved', reply: 'We will call you.' },
      agent.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const support = res.json().result.support;
    expect(support.lastReplyBy).toBe('Farah Khan');
    expect(support.reply.at(-1).by).toEqual({ _id: agent.id, name: 'Farah Khan' });
    const [row] = (await tickets('type=1')).tickets;
    expect(row).toMatchObject({ lastReplyBy: 'Farah Khan', lastReplyAt: support.lastReplyAt });
  });
});

describe('POST /api/support/reopen-support', () => {
  it('reopens a resolved ticket without a reply; the Help list counts follow', async () => {
    expect(await counts(customer.Aarav!)).toMatchObject({ ticketCount: 2, unresolvedCount: 1 });
    const res = await postJson('support/reopen-support', { supportId: ticket.jars }, agent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statuscode: 200, message: 'Ticket reopened.' });
    expect(res.json().result.support).toMatchObject({
      status: 'unresolved',
      lastReplyBy: 'Old Agent',
    });
    expect(await counts(customer.Aarav!)).toMatchObject({ ticketCount: 2, unresolvedCount: 2 });
    expect(await idsOf('status=unresolved&search=Sharma')).toEqual([ticket.slot, ticket.jars]);
  });

  it('refuses an open ticket (409) and an unknown one (404)', async () => {
    const open = await postJson('support/reopen-support', { supportId: ticket.jars }, agent.token);
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ statuscode: 409, message: 'This ticket is already open.' });
    const unknown = await postJson('support/reopen-support', { supportId: 'nope' }, agent.token);
    expect(unknown.statusCode).toBe(404);
  });

  it('reopens with a reply, saved with its author; resolving again brings the counts back', async () => {
    await postJson(
      'support/make-resolve',
      { supportId: ticket.jars, status: 'resolved', reply: 'Done.' },
      agent.token,
    );
    expect(await counts(customer.Aarav!)).toMatchObject({ unresolvedCount: 1 });
    const res = await postJson(
      'support/reopen-support',
      { supportId: ticket.jars, reply: 'Reopened: the jar is still missing.' },
      agent.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const support = res.json().result.support;
    expect(support.status).toBe('unresolved');
    expect(support.reply.at(-1)).toMatchObject({
      message: 'Reopened: the jar is still missing.',
      by: { name: 'Farah Khan' },
    });
    expect(support.lastReplyBy).toBe('Farah Khan');
    expect(await counts(customer.Aarav!)).toMatchObject({ ticketCount: 2, unresolvedCount: 2 });
  });
});

describe('a ticket names its customer and orders', () => {
  it('answers the customer phone and the orders its description names by order id', async () => {
    const res = await get(`support/get-support/${ticket.jars}`);
    expect(res.statusCode, res.body).toBe(200);
    const support = res.json().result.support;
    expect(support.userId).toMatchObject({ _id: customer.Aarav, phone: '9876543210' });
    expect(support.orders).toEqual([{ _id: orderId, orderId: orderNumber }]);
    const other = await get(`support/get-support/${ticket.slot}`);
    expect(other.json().result.support.orders).toEqual([]);
  });
});
