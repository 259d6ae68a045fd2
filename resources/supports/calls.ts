import type { Identifier } from 'react-admin';
import type { SupportStatus } from '@shared/statuses';
import { action } from '@/providers/actions';

/** The reply modal: POST support/make-resolve, form { supportId, reply, status }; reopening. */
export const supportActions = {
  replyToTicket: action<{ id: Identifier; reply: string; status: SupportStatus }>({
    method: 'POST',
    path: 'support/make-resolve',
    bodyKind: 'form',
    idField: 'supportId',
    fields: ['reply', 'status'],
  }),
  /** Addition (issue 37): a resolved ticket back to unresolved, with an optional reply. */
  reopenTicket: action<{ id: Identifier; reply?: string }>({
    method: 'POST',
    path: 'support/reopen-support',
    idField: 'supportId',
    fields: ['reply'],
  }),
};
