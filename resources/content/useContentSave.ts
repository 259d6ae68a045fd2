import { useQueryClient } from '@tanstack/react-query';
import {
  HttpError,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  type Identifier,
} from 'react-admin';

/**
 * Saves one content text: the spec's success wording (corrected, DESIGN.md), then a reload of
 * what the server stored (sanitised); on failure the server's message (a validation a person
 * can fix), or the screen's 'Failed to save ...' when the server could not be reached.
 */
export function useContentSave(
  resource: 'termsText' | 'privacyText' | 'contactUs',
  opts: { successMessage: string; failureMessage: string },
) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return async (id: Identifier, data: Record<string, unknown>) => {
    try {
      await dataProvider.update(resource, { id, data, previousData: { id } });
      notify(opts.successMessage, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [resource] });
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return;
      const reached = error instanceof HttpError && error.status > 0;
      notify(reached ? (error as Error).message : opts.failureMessage, { type: 'error' });
    }
  };
}
