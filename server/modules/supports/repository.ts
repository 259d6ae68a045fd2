import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  customersTable,
  ordersTable,
  SUPPORT_TYPES,
  supportCustomersTable,
  supportRepliesTable,
  supportTicketsTable,
  type SupportStatus,
} from '../../db/schema';
import { afterRow, keysetBatches, orderBy, type SortKey } from '../../lib/keyset';
import { anyOf } from '../../lib/sql';
import { findCustomerIds } from '../customers/repository';

export const SUPPORT_SORTS = {
  lastTicketAt: supportCustomersTable.lastTicketAt,
  // What a client that sorts the other lists by date sends: the customer's newest ticket.
  createdAt: supportCustomersTable.lastTicketAt,
  supportCount: supportCustomersTable.ticketCount,
} as const;
export type SupportSort = keyof typeof SUPPORT_SORTS;

/** The Help list's filter, search and order, without a page. */
export interface SupportListQuery {
  status?: SupportStatus;
  search?: string;
  sort: SupportSort;
  order: 'asc' | 'desc';
}

/** A row of the Help list: one customer with tickets and the counts kept by trigger. */
export interface SupportSummaryRow {
  summary: typeof supportCustomersTable.$inferSelect;
  customer: TicketCustomer;
}

/** A user's tickets are few; the bound only keeps the answer finite. */
export const MAX_TICKETS_PER_USER = 1000;

type TicketRow = typeof supportTicketsTable.$inferSelect;
type ReplyRow = typeof supportRepliesTable.$inferSelect;
interface TicketCustomer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** An order a ticket's description names by its order id. */
interface NamedOrder {
  id: string;
  orderId: string;
}

/**
 * Order ids as customers copy them from the app (`OD261128K7QX2M`: `OD`, the day, six
 * characters), with or without `#`: `OD` and 8 to 16 letters or digits, one a digit at least.
 * Only ids that name an order are linked, so a word that looks like one costs a lookup.
 */
const ORDER_ID_IN_TEXT = /\bOD(?=[0-9A-Z]*\d)[0-9A-Z]{8,16}\b/gi;
/** A description's first few order ids are linked; more is surely not one order's complaint. */
const MAX_NAMED_ORDERS = 5;

/** The order ids a description names, upper-cased, each once. */
export function orderIdsIn(text: string): string[] {
  const found = (text.match(ORDER_ID_IN_TEXT) ?? []).map((id) => id.toUpperCase());
  return [...new Set(found)].slice(0, MAX_NAMED_ORDERS);
}

const ticketFields = {
  ticket: supportTicketsTable,
  customer: {
    id: customersTable.id,
    firstName: customersTable.firstName,
    lastName: customersTable.lastName,
    email: customersTable.email,
    phone: customersTable.phone,
  },
};

/** A row of the Help list: one customer with tickets and the counts kept by trigger. */
export function toSupportSummaryDto(row: SupportSummaryRow) {
  return {
    _id: row.customer.id,
    firstName: row.customer.firstName,
    lastName: row.customer.lastName,
    email: row.customer.email,
    supportCount: row.summary.ticketCount,
    unresolvedCount: row.summary.unresolvedCount,
    lastTicketAt: row.summary.lastTicketAt,
  };
}

/**
 * The spec's ticket: `userId` is the customer object, `reply` the answers oldest first; the
 * additions (issue 37) `userId.phone`, the latest reply and the orders the description names.
 */
export function toTicketDto(
  t: TicketRow,
  customer: TicketCustomer,
  replies: ReplyRow[],
  orders: NamedOrder[] = [],
) {
  return {
    _id: t.id,
    supportType: t.supportType,
    supportTypeName: SUPPORT_TYPES[t.supportType] ?? 'Other',
    userId: {
      _id: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
    },
    status: t.status,
    description: t.description,
    createdAt: t.createdAt,
    lastReplyAt: t.lastReplyAt,
    lastReplyBy: t.lastReplyBy,
    orders: orders.map((o) => ({ _id: o.id, orderId: o.orderId })),
    reply: replies.map((r) => ({
      _id: r.id,
      message: r.message,
      date: r.date,
      // Addition: who answered (null for a reply without an admin).
      by: r.adminId ? { _id: r.adminId, name: r.adminName ?? '' } : null,
    })),
  };
}
export type TicketDto = ReturnType<typeof toTicketDto>;

export type ReplyOutcome = 'sent' | 'missing' | 'alreadyResolved';
export type ReopenOutcome = 'reopened' | 'missing' | 'alreadyOpen';

export function createSupportRepository(db: Database) {
  /** The tickets with their replies, loaded for the whole set in one query. */
  async function withReplies(
    rows: { ticket: TicketRow; customer: TicketCustomer }[],
  ): Promise<TicketDto[]> {
    if (!rows.length) return [];
    const replies = await db
      .select()
      .from(supportRepliesTable)
      .where(
        inArray(
          supportRepliesTable.ticketId,
          rows.map((r) => r.ticket.id),
        ),
      )
      // support_replies_ticket_idx (ticket_id, date); ids are time-ordered for equal dates.
      .orderBy(
        asc(supportRepliesTable.ticketId),
        asc(supportRepliesTable.date),
        asc(supportRepliesTable.id),
      );
    const byTicket = new Map<string, ReplyRow[]>();
    for (const r of replies) {
      const list = byTicket.get(r.ticketId) ?? [];
      list.push(r);
      byTicket.set(r.ticketId, list);
    }
    const named = new Map(rows.map((r) => [r.ticket.id, orderIdsIn(r.ticket.description)]));
    const orderIds = [...new Set([...named.values()].flat())];
    // By orders_order_id_key; an id that names no order is left as plain text.
    const orders = orderIds.length
      ? await db
          .select({ id: ordersTable.id, orderId: ordersTable.orderId })
          .from(ordersTable)
          .where(inArray(ordersTable.orderId, orderIds))
      : [];
    const byOrderId = new Map(orders.map((o) => [o.orderId, o]));
    return rows.map((r) =>
      toTicketDto(
        r.ticket,
        r.customer,
        byTicket.get(r.ticket.id) ?? [],
        (named.get(r.ticket.id) ?? []).flatMap((id) => byOrderId.get(id) ?? []),
      ),
    );
  }

  function tickets() {
    return db
      .select(ticketFields)
      .from(supportTicketsTable)
      .innerJoin(customersTable, eq(customersTable.id, supportTicketsTable.customerId))
      .$dynamic();
  }

  /** The Help list's filter on support_customers (counts kept by trigger). */
  async function customerFilter(q: SupportListQuery): Promise<SQL | undefined> {
    const sc = supportCustomersTable;
    const where: SQL[] = [];
    if (q.status === 'unresolved') where.push(gt(sc.unresolvedCount, 0));
    if (q.status === 'resolved') where.push(sql`${sc.ticketCount} > ${sc.unresolvedCount}`);
    if (q.search) {
      // Customers by first or last name or e-mail, through their trigram indexes (bounded).
      const ids = await findCustomerIds(db, q.search, ['firstName', 'lastName', 'email']);
      where.push(anyOf(sc.customerId, ids));
    }
    return and(...where);
  }

  const customerSortKeys = (q: SupportListQuery): SortKey[] => [
    { key: SUPPORT_SORTS[q.sort], order: q.order },
    { key: supportCustomersTable.customerId, order: q.order },
  ];

  async function findTicket(id: string): Promise<TicketDto | undefined> {
    const rows = await tickets().where(eq(supportTicketsTable.id, id));
    const [ticket] = await withReplies(rows);
    return ticket;
  }

  return {
    findTicket,

    /** The Help list, read from support_customers (counts kept by trigger). */
    async listCustomers(q: SupportListQuery & { page: number; limit: number }) {
      const sc = supportCustomersTable;
      const filter = await customerFilter(q);
      const ordering = orderBy(customerSortKeys(q));
      // Deferred join: page through support_customers (support_customers_last_ticket_idx by
      // default), then join only that page's customers.
      const pageIds = db
        .select({ id: sc.customerId })
        .from(sc)
        .where(filter)
        .orderBy(...ordering)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const [rows, [total]] = await Promise.all([
        db
          .select({ summary: sc, customer: ticketFields.customer })
          .from(sc)
          .innerJoin(customersTable, eq(customersTable.id, sc.customerId))
          .where(inArray(sc.customerId, pageIds))
          .orderBy(...ordering),
        db.select({ n: count() }).from(sc).where(filter),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Every customer of the Help list for its CSV export, `batchSize` at a time, in the list's
     * order: a keyset through support_customers' indexes, then each batch's customers joined.
     */
    async *exportCustomers(
      q: SupportListQuery,
      batchSize: number,
    ): AsyncGenerator<SupportSummaryRow[]> {
      const sc = supportCustomersTable;
      const filter = await customerFilter(q);
      const keys = customerSortKeys(q);
      yield* keysetBatches((after: SupportSummaryRow | undefined, limit) => {
        const ids = db
          .select({ id: sc.customerId })
          .from(sc)
          .where(
            and(
              filter,
              after ? afterRow(sc, sc.customerId, keys, after.summary.customerId) : undefined,
            ),
          )
          .orderBy(...orderBy(keys))
          .limit(limit);
        return db
          .select({ summary: sc, customer: ticketFields.customer })
          .from(sc)
          .innerJoin(customersTable, eq(customersTable.id, sc.customerId))
          .where(inArray(sc.customerId, ids))
          .orderBy(...orderBy(keys));
      }, batchSize);
    },

    async customerExists(id: string) {
      const [row] = await db
        .select({ id: customersTable.id })
        .from(customersTable)
        .where(eq(customersTable.id, id));
      return Boolean(row);
    },

    /** One customer's tickets, newest first (support_tickets_customer_created_idx). */
    async ticketsOf(customerId: string, status?: SupportStatus) {
      const where = [eq(supportTicketsTable.customerId, customerId)];
      if (status) where.push(eq(supportTicketsTable.status, status));
      const rows = await tickets()
        .where(and(...where))
        .orderBy(desc(supportTicketsTable.createdAt), desc(supportTicketsTable.id))
        .limit(MAX_TICKETS_PER_USER);
      return withReplies(rows);
    },

    /**
     * Saves an admin's reply and the ticket's new status in one transaction. The status change
     * is a conditional UPDATE (only while unresolved), so a ticket resolved meanwhile by another
     * admin is refused rather than answered twice.
     */
    async reply(
      ticketId: string,
      input: { message: string; status: SupportStatus; adminId: string; adminName: string },
    ): Promise<ReplyOutcome> {
      return db.transaction(async (tx) => {
        const date = new Date();
        const [open] = await tx
          .update(supportTicketsTable)
          .set({ status: input.status, lastReplyAt: date, lastReplyBy: input.adminName })
          .where(
            and(eq(supportTicketsTable.id, ticketId), eq(supportTicketsTable.status, 'unresolved')),
          )
          .returning({ id: supportTicketsTable.id });
        if (!open) {
          const [existing] = await tx
            .select({ id: supportTicketsTable.id })
            .from(supportTicketsTable)
            .where(eq(supportTicketsTable.id, ticketId));
          return existing ? 'alreadyResolved' : 'missing';
        }
        await tx.insert(supportRepliesTable).values({
          ticketId,
          message: input.message,
          adminId: input.adminId,
          adminName: input.adminName,
          date,
        });
        return 'sent';
      });
    },

    /**
     * Reopens a resolved ticket (status back to unresolved; support_customers' counts follow by
     * trigger), with the admin's reply when one is given, in one transaction. Conditional, as
     * `reply` is: a ticket reopened meanwhile by another admin is refused.
     */
    async reopen(
      ticketId: string,
      input: { message?: string; adminId: string; adminName: string },
    ): Promise<ReopenOutcome> {
      return db.transaction(async (tx) => {
        const date = new Date();
        const [reopened] = await tx
          .update(supportTicketsTable)
          .set({
            status: 'unresolved',
            ...(input.message ? { lastReplyAt: date, lastReplyBy: input.adminName } : {}),
          })
          .where(
            and(eq(supportTicketsTable.id, ticketId), eq(supportTicketsTable.status, 'resolved')),
          )
          .returning({ id: supportTicketsTable.id });
        if (!reopened) {
          const [existing] = await tx
            .select({ id: supportTicketsTable.id })
            .from(supportTicketsTable)
            .where(eq(supportTicketsTable.id, ticketId));
          return existing ? 'alreadyOpen' : 'missing';
        }
        if (input.message) {
          await tx.insert(supportRepliesTable).values({
            ticketId,
            message: input.message,
            adminId: input.adminId,
            adminName: input.adminName,
            date,
          });
        }
        return 'reopened';
      });
    },
  };
}
