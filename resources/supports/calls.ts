import type { Identifier } from 'react-admin';
import type { SupportStatus } from '@shared/statuses';
import { action } from '@/providers/actions';

/** The reply modal: POST support/make-resolve, form { supportId, reply, status }. */
export const supportActions = {
  replyToTicket: action<{ id: Identifier; reply: string; status: SupportStatus }>({
    method: 'POST',
    path: 'support/make-resolve',
    bodyKind: 'form',
    idField: 'supportId',
    fields: ['reply', 'status'],
  }),
};
