import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ActionResult } from '../providers/actions';
import type { BaseDataProvider } from '../providers/dataProvider';
import { SessionEndedError, useWriteFeedback, type FailureOptions } from './useWriteFeedback';

export interface ActionOptions<Params, Result> extends FailureOptions {
  /** The success toast when the server gives no message (an i18n key). */
  successMessage?: string;
  /** Show `successMessage` even when the server gives one (the spec's own wording). */
  preferSuccessMessage?: boolean;
  /** Lists and records to reload after success (react-query keys start with the resource). */
  invalidates?: string[];
  onSuccess?: (result: ActionResult<Result>, params: Params) => unknown;
  onError?: (error: unknown, params: Params) => unknown;
}

/**
 * An action (a typed dataProvider method) as a react-query mutation, the way react-admin's CRM
 * example runs its custom methods: `const { mutate, isPending } = useAction((dp, p) =>
 * dp.setCustomerStatus(p), {...})`. Success shows the server's message and reloads what the
 * action changed; failure goes through the one failure notifier; an answer that came back
 * after the session ended is a failure that shows nothing (react-admin has gone to sign-in).
 */
export function useAction<Provider extends BaseDataProvider, Params, Result>(
  run: (dataProvider: Provider, params: Params) => Promise<ActionResult<Result>>,
  options: ActionOptions<Params, Result>,
) {
  const dataProvider = useDataProvider<Provider>();
  const queryClient = useQueryClient();
  const feedback = useWriteFeedback();
  const mutation = useMutation<ActionResult<Result>, unknown, Params>({
    mutationFn: async (params) => {
      const result = await run(dataProvider, params);
      if (await feedback.ended()) throw new SessionEndedError();
      return result;
    },
    onSuccess: async (result, params) => {
      const message = options.preferSuccessMessage ? undefined : result.meta?.message;
      feedback.succeeded({ message }, options.successMessage);
      await Promise.all(
        (options.invalidates ?? []).map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
      await options.onSuccess?.(result, params);
    },
    onError: async (error, params) => {
      feedback.failed(error, options);
      if (!(error instanceof SessionEndedError)) await options.onError?.(error, params);
    },
  });
  /**
   * For a form's onSubmit: settles once the action is done, with nothing (react-admin reads an
   * object that a submit resolves to as field errors); failures are already shown.
   */
  const submit = (params: Params) =>
    mutation.mutateAsync(params).then(
      () => undefined,
      () => undefined,
    );
  return { ...mutation, submit };
}
