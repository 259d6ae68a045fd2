import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  HttpError,
  useCanAccess,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import type { WriteMeta } from '../providers/dataProvider';

/**
 * Deletes the row's record after a confirmation: the server's message on success and the
 * lists of the resource reload; on failure the server's message (e.g. a 409 'still used by ...'),
 * or `failureMessage` when the server could not be reached. Hidden without delete permission.
 */
export function ConfirmDeleteButton({
  failureMessage,
  resource: resourceProp,
}: {
  failureMessage: string;
  resource?: string;
}) {
  const record = useRecordContext();
  const contextResource = useResourceContext();
  const resource = resourceProp ?? contextResource!;
  const { canAccess } = useCanAccess({ resource, action: 'delete' });
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !canAccess) return null;
  const name = String(record.name ?? record.title ?? record.number ?? '');

  const confirm = async () => {
    setBusy(true);
    try {
      const result = await dataProvider.delete(resource, { id: record.id, previousData: record });
      const { message } = ((result as { meta?: WriteMeta }).meta ?? {}) as WriteMeta;
      notify(message || 'ra.notification.deleted', {
        type: 'success',
        messageArgs: { smart_count: 1 },
      });
      await queryClient.invalidateQueries({ queryKey: [resource] });
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) {
        const reached = error instanceof HttpError && error.status > 0;
        notify(reached ? (error as Error).message : failureMessage, { type: 'error' });
      }
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Tooltip title="Delete">
        <IconButton
          aria-label={`Delete ${name}`}
          size="small"
          color="error"
          onClick={() => setOpen(true)}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={`Delete ${name || 'this record'}?`}
        content="This cannot be undone."
        confirm="Delete"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
