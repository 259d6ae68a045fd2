import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { BulkConfirmButton } from '@/lists/BulkActions';
import type { AppDataProvider } from '@/providers/types';

/** The lists that show a user's status; all reload after a block or an unblock. */
const USER_LISTS = ['users', 'blockedUsers', 'inactiveUsers'];
const options = { failureMessage: 'app.users.bulk_failed', invalidates: USER_LISTS };

/** Block or unblock the selected users (user/bulk-update-status). */
export function UserBulkActions({ block, unblock }: { block: boolean; unblock: boolean }) {
  return (
    <>
      {block && (
        <BulkConfirmButton
          label="app.users.block"
          icon={<BlockIcon />}
          confirmTitle="app.users.bulk_block_confirm"
          confirmContent="app.users.bulk_block_text"
          run={(dp: AppDataProvider, userIds) =>
            dp.setCustomersStatus({ userIds, status: 'Blocked' })
          }
          {...options}
        />
      )}
      {unblock && (
        <BulkConfirmButton
          label="app.users.unblock"
          icon={<LockOpenIcon />}
          confirmTitle="app.users.bulk_unblock_confirm"
          confirmContent="app.users.bulk_unblock_text"
          run={(dp: AppDataProvider, userIds) =>
            dp.setCustomersStatus({ userIds, status: 'Active' })
          }
          {...options}
        />
      )}
    </>
  );
}
