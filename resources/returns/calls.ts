import type { Identifier } from 'react-admin';
import type { ReturnDecision } from '@shared/statuses';
import type { BulkOutcome } from '@/lists/useBulkAction';
import { action } from '@/providers/actions';

/** Approve or reject a Pending request, with an optional reason (form fields). */
export const returnActions = {
  settleReturn: action<{ id: Identifier; status: ReturnDecision; reason?: string }>({
    method: 'POST',
    path: 'return-history/update-return-request-status',
    bodyKind: 'form',
    idField: 'returnHistoryId',
    fields: ['status', 'reason'],
  }),
  /**
   * The list's bulk action (addition): JSON { returnIds: [<_id>, ...], status, reason? }; the
   * reason is required to reject (issue 37) and kept on each request.
   */
  settleReturns: action<
    { returnIds: Identifier[]; status: ReturnDecision; reason?: string },
    BulkOutcome
  >({
    method: 'POST',
    path: 'return-history/bulk-update-status',
    bodyKind: 'json',
    fields: ['returnIds', 'status', 'reason'],
  }),
};
