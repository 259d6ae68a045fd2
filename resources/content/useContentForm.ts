import type { ActionResult } from '@/providers/actions';
import { useAction } from '@/actions/useAction';
import { useActionQuery } from '@/actions/useActionQuery';
import type { AppDataProvider } from '@/providers/types';

/**
 * A content screen's text: read through its action, saved through another with the spec's
 * success wording (corrected, DESIGN.md), then read again (the server stores it sanitised).
 * On failure the server's message (a validation a person can fix), or the screen's own
 * 'Failed to save ...' when the server could not be reached.
 */
export function useContentForm<Stored, Values>(
  name: string,
  read: (dataProvider: AppDataProvider) => Promise<ActionResult<Stored>>,
  write: (dataProvider: AppDataProvider, values: Values) => Promise<ActionResult<unknown>>,
  messages: { successMessage: string; failureMessage: string },
) {
  const stored = useActionQuery<AppDataProvider, Stored>(['content', name], read);
  const save = useAction<AppDataProvider, Values, unknown>(write, {
    ...messages,
    // The server's message is not the spec's wording here: the screen's own message wins.
    preferSuccessMessage: true,
    invalidates: ['content'],
  });
  return { stored, save };
}
