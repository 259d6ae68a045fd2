import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { IconButton, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  HttpError,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { WriteMeta } from '../../src/providers/dataProvider';
import { fullName } from './names';

/** The lists that show a user's status; all reload after a block or an unblock. */
const USER_LISTS = ['users', 'blockedUsers', 'inactiveUsers'];

/**
 * Block for an Active user, Unblock for any other status, after a confirmation; the server's
 * message on success and the lists reload (spec 001 §4).
 */
export function StatusButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const block = record.status === 'Active';
  const label = translate(block ? 'app.users.block' : 'app.users.unblock');
  const name = fullName(record);

  const confirm = async () => {
    setBusy(true);
    try {
      const result = await dataProvider.update('customerStatus', {
        id: record.id,
        data: { status: block ? 'Blocked' : 'Active' },
        previousData: record,
      });
      const { message } = ((result as { meta?: WriteMeta }).meta ?? {}) as WriteMeta;
      notify(message || 'ra.notification.updated', {
        type: 'success',
        messageArgs: { smart_count: 1 },
      });
      await Promise.all(USER_LISTS.map((r) => queryClient.invalidateQueries({ queryKey: [r] })));
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) {
        const reached = error instanceof HttpError && error.status > 0;
        notify(reached ? (error as Error).message : 'app.users.status_failed', { type: 'error' });
      }
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={`${label} ${name}`}
          size="small"
          color={block ? 'error' : 'success'}
          onClick={() => setOpen(true)}
        >
          {block ? <BlockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate(block ? 'app.users.block_confirm' : 'app.users.unblock_confirm', {
          name,
        })}
        content={translate(block ? 'app.users.block_content' : 'app.users.unblock_content')}
        confirm={label}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
