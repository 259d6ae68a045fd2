import { RecordCreate } from '@/records/RecordCreate';
import { PincodeInputs } from './PincodeInputs';

/** /admin-panel/pincode/add */
export function PincodeCreate() {
  return (
    <RecordCreate
      resource="pincodes"
      title="app.pincodes.add_title"
      backTo="/pincodes/1"
      failureMessage="app.pincodes.add_failed"
      defaultValues={{ pinType: 'Home' }}
    >
      <PincodeInputs />
    </RecordCreate>
  );
}
