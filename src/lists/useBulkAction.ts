import { useQueryClient } from '@tanstack/react-query';
import { useListContext, useResourceContext, useUnselectAll, type Identifier } from 'react-admin';
import { useAction } from '../actions/useAction';
import { serverReason } from '../actions/useWriteFeedback';
import type { ActionResult } from '../providers/actions';
import type { BaseDataProvider } from '../providers/dataProvider';

/** What a bulk status call answers beside its message (docs/api.md, the bulk-update calls). */
export interface BulkOutcome {
  updated: number;
  unchanged?: number;
}

export interface BulkActionOptions {
  /** Shown when the server could not be reached (an i18n key); else the server's reason. */
  failureMessage: string;
  /** The lists to reload after the change, or after a refusal. */
  invalidates: string[];
}

/**
 * A list's bulk action: a typed provider action run with the ids of the selected rows through
 * useAction (the server's message, the one failure notifier, a 401 never read as success).
 * Success reloads the lists and clears the selection of every list of the resource; a refusal
 * (a record deleted or settled meanwhile) reloads them too, so the rows show what the server
 * holds, and keeps the selection to correct. `apply` resolves to whether the change was made.
 */
export function useBulkAction<Provider extends BaseDataProvider, Choice>(
  run: (
    dataProvider: Provider,
    ids: Identifier[],
    choice: Choice,
  ) => Promise<ActionResult<unknown>>,
  { failureMessage, invalidates }: BulkActionOptions,
) {
  const { selectedIds } = useListContext();
  const resource = useResourceContext();
  const unselectAll = useUnselectAll(resource);
  const queryClient = useQueryClient();
  const action = useAction(
    (dp: Provider, params: { ids: Identifier[]; choice: Choice }) =>
      run(dp, params.ids, params.choice),
    {
      failureMessage,
      invalidates,
      onSuccess: () => unselectAll(true),
      onError: (error) =>
        serverReason(error)
          ? Promise.all(
              invalidates.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
            )
          : undefined,
    },
  );
  const apply = (choice: Choice): Promise<boolean> =>
    action.mutateAsync({ ids: selectedIds, choice }).then(
      () => true,
      () => false,
    );
  return { count: selectedIds.length, apply, busy: action.isPending };
}
