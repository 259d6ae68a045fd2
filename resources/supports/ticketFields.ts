import type { RaRecord } from 'react-admin';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The ticket's type by its code 0-5 (spec 001 §3); the server's name for a code we do not know. */
export function ticketTypeName(ticket: RaRecord, translate: Translate): string {
  const code = Number(ticket.supportType);
  if (Number.isInteger(code) && code >= 0 && code <= 5) {
    return translate(`app.supports.types.${code}`);
  }
  return ticket.supportTypeName || translate('app.supports.unknown_type');
}

/** A date's time for sorting; a missing or unreadable date sorts as the oldest. */
const timeOf = (value: unknown) => Date.parse(String(value)) || 0;

export interface TicketReply {
  _id?: string;
  message: string;
  date: string;
  /** The admin who wrote it (null for a reply without one). */
  by?: { _id: string; name: string } | null;
}

/** Replies oldest first, the order they were written in. */
export function repliesInOrder(ticket: RaRecord): TicketReply[] {
  const replies: TicketReply[] = Array.isArray(ticket.reply) ? ticket.reply : [];
  return [...replies].sort((a, b) => timeOf(a.date) - timeOf(b.date));
}

/** Tickets newest first. */
export function newestFirst(tickets: RaRecord[]): RaRecord[] {
  return [...tickets].sort((a, b) => timeOf(b.createdAt) - timeOf(a.createdAt));
}

export const isResolved = (ticket: RaRecord) => ticket.status === 'resolved';

/**
 * The customer a ticket belongs to: `userId` is the populated customer on a ticket, `customer`
 * on a row of the ticket list.
 */
export function ticketCustomer(ticket: RaRecord | undefined) {
  const source = ticket?.userId ?? ticket?.customer;
  const user = source && typeof source === 'object' ? source : {};
  return {
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    email: typeof user.email === 'string' ? user.email : '',
    phone: typeof user.phone === 'string' ? user.phone : '',
    id: typeof user._id === 'string' ? user._id : undefined,
  };
}

/** The orders a ticket's description names (`orders`, addition of issue 37). */
export function namedOrders(ticket: RaRecord | undefined): { _id: string; orderId: string }[] {
  return Array.isArray(ticket?.orders) ? ticket.orders : [];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, as an operator says it: '12 min', '3 h', '2 d' (whole units, rounded down);
 * 'just now' under a minute. A missing or future date gives ''.
 */
export function ageOf(value: unknown, translate: Translate, now = Date.now()): string {
  const at = Date.parse(String(value));
  if (!at || at > now + MINUTE) return '';
  const ms = Math.max(0, now - at);
  if (ms < MINUTE) return translate('app.supports.ages.now');
  if (ms < HOUR) return translate('app.supports.ages.minutes', { n: Math.floor(ms / MINUTE) });
  if (ms < DAY) return translate('app.supports.ages.hours', { n: Math.floor(ms / HOUR) });
  return translate('app.supports.ages.days', { n: Math.floor(ms / DAY) });
}

/** When, said from now: 'just now', '12 min ago', '3 h ago'. */
export function whenOf(value: unknown, translate: Translate, now = Date.now()): string {
  const age = ageOf(value, translate, now);
  const justNow = translate('app.supports.ages.now');
  return !age || age === justNow ? age : translate('app.supports.ago', { age });
}
