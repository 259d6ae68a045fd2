import { useQueryClient } from '@tanstack/react-query';
import {
  HttpError,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { WriteMeta } from '../providers/dataProvider';

/**
 * Saves a form through the dataProvider the way the spec wants it: the server's message on
 * success, then back to the previous screen; on failure the server's message, or the action's
 * own 'Failed to ...' wording when the server could not be reached.
 */
export function useResourceSave(
  resource: string,
  opts: { failureMessage: string; fallbackPath: string },
) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();

  return async (data: Record<string, unknown>, previous?: RaRecord) => {
    try {
      const result = previous
        ? await dataProvider.update(resource, {
            id: previous.id as Identifier,
            data,
            previousData: previous,
          })
        : await dataProvider.create(resource, { data });
      const { message } = ((result as { meta?: WriteMeta }).meta ?? {}) as WriteMeta;
      notify(message || 'ra.notification.updated', {
        type: 'success',
        messageArgs: { smart_count: 1 },
      });
      await queryClient.invalidateQueries({ queryKey: [resource] });
      goBack(navigate, opts.fallbackPath);
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return;
      const reached = error instanceof HttpError && error.status > 0;
      notify(reached ? (error as Error).message : opts.failureMessage, { type: 'error' });
    }
  };
}

/** Back one step when the panel has history, else to the given list. */
export function goBack(navigate: ReturnType<typeof useNavigate>, fallbackPath: string) {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) navigate(-1);
  else navigate(fallbackPath, { replace: true });
}
