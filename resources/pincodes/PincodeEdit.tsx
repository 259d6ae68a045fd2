import { RecordEdit } from '@/records/RecordEdit';
import { PincodeInputs } from './PincodeInputs';

/** /admin-panel/pincode/edit/{id}: loads the pin code by id, so a reload or a shared link works. */
export function PincodeEdit() {
  return (
    <RecordEdit
      resource="pincodes"
      title="app.pincodes.edit_title"
      backTo="/pincodes/1"
      failureMessage="app.pincodes.edit_failed"
    >
      <PincodeInputs />
    </RecordEdit>
  );
}
