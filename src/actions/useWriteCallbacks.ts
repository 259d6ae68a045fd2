import { useQueryClient } from '@tanstack/react-query';
import type { RaRecord } from 'react-admin';
import { useWriteFeedback, type FailureOptions } from './useWriteFeedback';

export interface WriteCallbackOptions extends FailureOptions {
  /** The resource whose lists and records reload after success. */
  resource: string;
  /** The success toast when the server gives no message (react-admin's 'Element updated'). */
  successMessage?: string;
  onSuccess?: (record: RaRecord) => unknown;
}

/**
 * `onSuccess` / `onError` for react-admin's mutation hooks (`useUpdate`, `useCreate`,
 * `useDelete`, and the `mutationOptions` of EditBase / CreateBase): the server's message and a
 * reload of the resource; failures through the one notifier. An answer after the session ended
 * (react-admin signed out on a 401 and answered empty) is not a success: nothing is shown and
 * nothing follows, the sign-in page takes over and brings the admin back.
 */
export function useWriteCallbacks({
  resource,
  successMessage,
  onSuccess,
  ...failure
}: WriteCallbackOptions) {
  const feedback = useWriteFeedback();
  const queryClient = useQueryClient();
  return {
    onSuccess: async (record: RaRecord) => {
      if (await feedback.ended()) return;
      feedback.succeeded({ record }, successMessage);
      await queryClient.invalidateQueries({ queryKey: [resource] });
      await onSuccess?.(record);
    },
    onError: (error: unknown) => feedback.failed(error, failure),
  };
}
