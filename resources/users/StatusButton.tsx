import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Confirm, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { useAction } from '@/actions/useAction';
import type { AppDataProvider } from '@/providers/types';
import { fullName } from '@/names';

/** The lists that show a user's status; all reload after a block or an unblock. */
const USER_LISTS = ['users', 'blockedUsers', 'inactiveUsers'];

type StatusChange = { id: Identifier; status: 'Active' | 'Blocked' };

/**
 * Block for an Active user, Unblock for any other status, after a confirmation; the server's
 * message on success and the lists reload (spec 001 §4).
 */
export function StatusButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const setStatus = useAction(
    (dp: AppDataProvider, change: StatusChange) => dp.setCustomerStatus(change),
    {
      failureMessage: 'app.users.status_failed',
      invalidates: USER_LISTS,
      onSuccess: () => setOpen(false),
      onError: () => setOpen(false),
    },
  );
  if (!record) return null;
  const block = record.status === 'Active';
  const label = translate(block ? 'app.users.block' : 'app.users.unblock');
  const name = fullName(record);
  const confirm = () => setStatus.mutate({ id: record.id, status: block ? 'Blocked' : 'Active' });

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
        loading={setStatus.isPending}
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
