/**
 * The ticket list (issue 37): one row per ticket, newest first, filtered by status, type and the
 * days it was raised, searched by customer. Every query walks an index of support_tickets:
 * (status, created_at, id) with a status, (created_at, id) without; a search finds the customers
 * first (trigram indexes, bounded) and then each one's tickets through (customer_id, created_at).
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { indiaMidnight, nextDay } from '@shared/time';
import type { Database } from '../../db/client';
import {
  customersTable,
  supportCustomersTable,
  supportTicketsTable,
  type SupportStatus,
} from '../../db/schema';
import { afterRow, keysetBatches, type SortKey } from '../../lib/keyset';
import { anyOf, inList } from '../../lib/sql';
import { findCustomerIds } from '../customers/repository';

/**
 * A filtered total counts at most this many tickets (a hundred pages); `capped` says it stopped
 * there. Kept low so that a filter without an index of its own (the type) walks the list's index
 * for a bounded stretch rather than reading every ticket to count them.
 */
export const TICKET_COUNT_LIMIT = 1_000;

/** The ticket list's filter and search, without a page. */
export interface TicketListQuery {
  status?: SupportStatus;
  /** A code of SUPPORT_TYPES. */
  type?: number;
  /** Days in India, both included. */
  from?: string;
  to?: string;
  search?: string;
}

/** A row of the ticket list: the ticket and its customer. */
export interface TicketListRow {
  ticket: typeof supportTicketsTable.$inferSelect;
  customer: { id: string; firstName: string; lastName: string; email: string; phone: string };
}

const t = supportTicketsTable;
const NEWEST_FIRST: SortKey[] = [
  { key: t.createdAt, order: 'desc' },
  { key: t.id, order: 'desc' },
];

/** The conditions on support_tickets itself (the search aside). */
function ticketFilter(q: TicketListQuery): SQL | undefined {
  return and(
    q.status ? eq(t.status, q.status) : undefined,
    q.type !== undefined ? eq(t.supportType, q.type) : undefined,
    q.from ? gte(t.createdAt, indiaMidnight(q.from)) : undefined,
    q.to ? lt(t.createdAt, indiaMidnight(nextDay(q.to))) : undefined,
  );
}

export function createTicketList(db: Database) {
  /** The customers a search names (first, last name, e-mail, phone); undefined without one. */
  async function searched(q: TicketListQuery): Promise<string[] | undefined> {
    if (!q.search) return undefined;
    return findCustomerIds(db, q.search, ['firstName', 'lastName', 'email', 'phone']);
  }

  /**
   * The ids of `limit` tickets after `offset` (or after the ticket `afterId`), newest first.
   * With customers, a lateral lookup per customer through support_tickets_customer_created_idx
   * (each bounded by the page's end), merged: never a walk of every ticket filtered by customer.
   */
  function pageIds(
    filter: SQL | undefined,
    customers: string[] | undefined,
    page: { limit: number; offset?: number; afterId?: string },
  ) {
    const offset = page.offset ?? 0;
    const where = and(
      filter,
      page.afterId ? afterRow(t, t.id, NEWEST_FIRST, page.afterId) : undefined,
    );
    if (!customers) {
      return db
        .select({ id: t.id })
        .from(t)
        .where(where)
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(page.limit)
        .offset(offset);
    }
    return db.execute<{ id: string }>(sql`
      select page.id from unnest(${sql.param(customers)}::text[]) as c(id)
      cross join lateral (
        select ${t.id} as id, ${t.createdAt} as created_at from ${t}
        where ${t.customerId} = c.id ${where ? sql`and ${where}` : sql``}
        order by ${t.createdAt} desc, ${t.id} desc
        limit ${offset + page.limit}
      ) page
      order by page.created_at desc, page.id desc
      limit ${page.limit} offset ${offset}`);
  }

  /**
   * The page's tickets with their customers, in the list's order. Two lookups by primary key
   * rather than a join, which an export's batch of 1,000 would rather answer by hashing the
   * whole customers table (the customers as a joined list: server/lib/sql.ts's `inList`).
   */
  async function rowsOf(ids: string[]): Promise<TicketListRow[]> {
    if (!ids.length) return [];
    const tickets = await db
      .select()
      .from(t)
      .where(anyOf(t.id, ids))
      .orderBy(desc(t.createdAt), desc(t.id));
    const c = customersTable;
    const customers = await db
      .select({
        id: c.id,
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        phone: c.phone,
      })
      .from(c)
      .where(inList(c.id, [...new Set(tickets.map((ticket) => ticket.customerId))]));
    const byId = new Map(customers.map((customer) => [customer.id, customer]));
    return tickets.flatMap((ticket) => {
      const customer = byId.get(ticket.customerId);
      return customer ? [{ ticket, customer }] : [];
    });
  }

  const idsOf = (result: { id: string }[] | { rows: { id: string }[] }) =>
    (Array.isArray(result) ? result : result.rows).map((r) => r.id);

  /**
   * The list's total: exact from the counts support_customers keeps by trigger when only the
   * status filters; otherwise the matches counted through the list's index up to
   * TICKET_COUNT_LIMIT (`capped` when there are more).
   */
  async function total(
    q: TicketListQuery,
    filter: SQL | undefined,
    customers: string[] | undefined,
  ): Promise<{ total: number; capped: boolean }> {
    if (!customers && q.type === undefined && !q.from && !q.to) {
      const sc = supportCustomersTable;
      const n =
        q.status === 'unresolved'
          ? sql`${sc.unresolvedCount}`
          : q.status === 'resolved'
            ? sql`${sc.ticketCount} - ${sc.unresolvedCount}`
            : sql`${sc.ticketCount}`;
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${n}), 0)`.mapWith(Number) })
        .from(sc);
      return { total: row?.n ?? 0, capped: false };
    }
    const bound = TICKET_COUNT_LIMIT + 1;
    const matches = customers
      ? sql`select 1 from unnest(${sql.param(customers)}::text[]) as c(id)
          cross join lateral (
            select 1 from ${t} where ${t.customerId} = c.id ${filter ? sql`and ${filter}` : sql``}
            limit ${bound}
          ) one limit ${bound}`
      : // In the list's order, so that it walks the list's index (a type alone has none).
        sql`select 1 from ${t} ${filter ? sql`where ${filter}` : sql``}
          order by ${t.createdAt} desc, ${t.id} desc limit ${bound}`;
    const result = await db.execute<{ n: number | string }>(
      sql`select count(*) as n from (${matches}) matches`,
    );
    const n = Number(result.rows[0]?.n ?? 0);
    return { total: Math.min(n, TICKET_COUNT_LIMIT), capped: n > TICKET_COUNT_LIMIT };
  }

  return {
    /** One page of the list and its total. */
    async page(q: TicketListQuery & { page: number; limit: number }) {
      const customers = await searched(q);
      if (customers && !customers.length) return { rows: [], total: 0, capped: false };
      const filter = ticketFilter(q);
      const [ids, counted] = await Promise.all([
        pageIds(filter, customers, { limit: q.limit, offset: (q.page - 1) * q.limit }),
        total(q, filter, customers),
      ]);
      return { rows: await rowsOf(idsOf(ids)), ...counted };
    },

    /** Every ticket of the list for its CSV, `batchSize` at a time: a keyset walk. */
    async *batches(q: TicketListQuery, batchSize: number): AsyncGenerator<TicketListRow[]> {
      const customers = await searched(q);
      if (customers && !customers.length) return;
      const filter = ticketFilter(q);
      yield* keysetBatches(
        async (after: TicketListRow | undefined, limit) =>
          rowsOf(idsOf(await pageIds(filter, customers, { limit, afterId: after?.ticket.id }))),
        batchSize,
      );
    },
  };
}
