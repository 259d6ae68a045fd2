import { useCallback } from 'react';
import { HttpError, useAuthProvider, useNotify, useTranslate } from 'react-admin';
import { isTimeout } from '@/providers/httpClient';
import { writeMessage } from './writeMessages';

/**
 * Thrown by a write whose answer came back after the session ended: react-admin has already
 * signed the admin out (a 401) and answered the write with an empty result, which must never
 * read as success. Nothing more is shown; the sign-in page takes over.
 */
export class SessionEndedError extends Error {
  constructor() {
    super('The session ended before the change was saved.');
    this.name = 'SessionEndedError';
  }
}

/** How a failure reads when the server could be reached and said why. */
export type FailureWording =
  /** The server's reason alone (a validation or conflict a person can act on). */
  | 'reason'
  /** The action's own wording followed by the server's reason ('Failed to update. Not found.'). */
  | 'wording-and-reason';

export interface FailureOptions {
  /** The action's own wording (an i18n key), shown when the server could not be reached. */
  failureMessage: string;
  wording?: FailureWording;
  /** When the server said why: this i18n key with `%{reason}` instead of `wording`. */
  failureWithReason?: string;
  /**
   * The form shows the server's reason itself (an alert in the dialog): no notification for it,
   * so it is not said twice. A failure without a reason (no answer) is still notified.
   */
  reasonShownInPlace?: boolean;
}

/** Whether the server answered (the error carries its message) rather than the network failing. */
export function serverReason(error: unknown): string {
  return error instanceof HttpError && error.status > 0 ? error.message : '';
}

/**
 * The one place that tells a person how a write went. `ended()` says whether the session ended
 * during the write (react-admin signed out on a 401 and answered empty); `succeeded` shows the
 * server's message (the spec: "other successes show the server's message"), `failed` the
 * server's reason or the action's own 'Failed to ...' wording, and nothing for an ended session.
 */
export function useWriteFeedback() {
  const notify = useNotify();
  const translate = useTranslate();
  const authProvider = useAuthProvider();

  const ended = useCallback(async () => {
    if (!authProvider) return false;
    try {
      await authProvider.checkAuth({});
      return false;
    } catch {
      return true;
    }
  }, [authProvider]);

  const succeeded = useCallback(
    (answer: { record?: unknown; message?: string }, fallback = 'ra.notification.updated') => {
      const message = answer.message || writeMessage(answer.record);
      notify(message || fallback, { type: 'success', messageArgs: { smart_count: 1 } });
    },
    [notify],
  );

  const failed = useCallback(
    (
      error: unknown,
      { failureMessage, wording = 'reason', failureWithReason, reasonShownInPlace }: FailureOptions,
    ) => {
      if (error instanceof SessionEndedError) return;
      if (error instanceof HttpError && error.status === 401) return; // signed out already
      const reason = serverReason(error);
      if (reason && reasonShownInPlace && !isTimeout(error)) return;
      // No answer in time: the action's wording, then what to do about it.
      if (isTimeout(error)) {
        notify(`${translate(failureMessage)} ${(error as Error).message}`, { type: 'error' });
      } else if (!reason) notify(failureMessage, { type: 'error' });
      else if (failureWithReason)
        notify(failureWithReason, { type: 'error', messageArgs: { reason } });
      else if (wording === 'reason') notify(reason, { type: 'error' });
      else notify(`${translate(failureMessage)} ${reason}`, { type: 'error' });
    },
    [notify, translate],
  );

  return { ended, succeeded, failed };
}
