import BlockIcon from '@mui/icons-material/Block';
import DoneIcon from '@mui/icons-material/Done';
import { BulkConfirmButton } from '@/lists/BulkActions';
import type { AppDataProvider } from '@/providers/types';

const options = { failureMessage: 'app.returns.bulk_failed', invalidates: ['returns'] };

/** Approve or reject the selected Pending requests (return-history/bulk-update-status). */
export function ReturnBulkActions() {
  return (
    <>
      <BulkConfirmButton
        label="app.returns.bulk_approve"
        icon={<DoneIcon />}
        confirmTitle="app.returns.bulk_approve_confirm"
        confirmContent="app.returns.bulk_approve_text"
        run={(dp: AppDataProvider, returnIds) =>
          dp.settleReturns({ returnIds, status: 'Approved' })
        }
        {...options}
      />
      <BulkConfirmButton
        label="app.returns.bulk_reject"
        icon={<BlockIcon />}
        confirmTitle="app.returns.bulk_reject_confirm"
        confirmContent="app.returns.bulk_reject_text"
        run={(dp: AppDataProvider, returnIds) =>
          dp.settleReturns({ returnIds, status: 'Rejected' })
        }
        {...options}
      />
    </>
  );
}
