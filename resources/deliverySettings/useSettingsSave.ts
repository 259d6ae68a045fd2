import {
  HttpError,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  type RaRecord,
} from 'react-admin';
import type { WriteMeta } from '../../src/providers/dataProvider';

/** The record ids of the deliverySettings resource (see index.ts). */
export type SettingId = 'charge' | 'time';

/**
 * Saves a single settings form: the server's message on success, then `reload` (the screen stays
 * and shows what the server now holds); on failure the server's message, or the form's own
 * 'Failed to ...' wording when the server could not be reached.
 */
export function useSettingsSave(
  id: SettingId,
  opts: { failureMessage: string; reload: () => unknown },
) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return async (data: Record<string, unknown>, previous: RaRecord) => {
    try {
      const result = await dataProvider.update('deliverySettings', {
        id,
        data,
        previousData: previous,
      });
      const { message } = ((result as { meta?: WriteMeta }).meta ?? {}) as WriteMeta;
      notify(message || 'ra.notification.updated', {
        type: 'success',
        messageArgs: { smart_count: 1 },
      });
      await opts.reload();
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return;
      const reached = error instanceof HttpError && error.status > 0;
      notify(reached ? (error as Error).message : opts.failureMessage, { type: 'error' });
    }
  };
}
