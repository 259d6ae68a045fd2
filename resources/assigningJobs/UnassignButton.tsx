import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { BulkConfirmButton } from '@/lists/BulkActions';
import type { AppDataProvider } from '@/providers/types';
import { ASSIGN_RELOADS } from './AssignRiderButton';

/** The jobs list's bulk action 'Unassign': the selected jobs lose their rider, after asking. */
export function UnassignButton() {
  return (
    <BulkConfirmButton<AppDataProvider>
      label="app.assigningJobs.unassign"
      icon={<PersonRemoveIcon />}
      confirmTitle="app.assigningJobs.unassign_title"
      confirmContent="app.assigningJobs.unassign_text"
      run={(dp, orderIds) => dp.assignRider({ orderIds, riderId: null })}
      failureMessage="app.assigningJobs.assign_failed"
      invalidates={ASSIGN_RELOADS}
    />
  );
}
