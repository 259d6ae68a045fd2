import DoneIcon from '@mui/icons-material/Done';
import { BulkConfirmButton } from '@/lists/BulkActions';
import type { AppDataProvider } from '@/providers/types';
import { ReturnBulkReject } from './ReturnBulkReject';

const options = { failureMessage: 'app.returns.bulk_failed', invalidates: ['returns'] };

/**
 * Approve or reject the selected Pending requests (return-history/bulk-update-status); a
 * rejection asks one reason for all.
 */
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
      <ReturnBulkReject />
    </>
  );
}
