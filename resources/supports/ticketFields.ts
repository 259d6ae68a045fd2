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

/** The customer a ticket belongs to (`userId` is the populated customer). */
export function ticketCustomer(ticket: RaRecord | undefined) {
  const user = ticket?.userId && typeof ticket.userId === 'object' ? ticket.userId : {};
  return {
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    email: typeof user.email === 'string' ? user.email : '',
    id: typeof user._id === 'string' ? user._id : undefined,
  };
}
