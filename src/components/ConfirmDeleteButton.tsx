import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  useCanAccess,
  useDelete,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import { useWriteCallbacks } from '../actions/useWriteCallbacks';

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
  const [open, setOpen] = useState(false);
  const [remove, { isPending: busy }] = useDelete();
  const callbacks = useWriteCallbacks({
    resource,
    failureMessage,
    successMessage: 'ra.notification.deleted',
  });
  if (!record || !canAccess) return null;
  const name = String(record.name ?? record.title ?? record.number ?? '');

  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (deleted) => callbacks.onSuccess(deleted).finally(() => setOpen(false)),
        onError: (error) => {
          callbacks.onError(error);
          setOpen(false);
        },
      },
    );

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
        // Red: a delete cannot be undone.
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
