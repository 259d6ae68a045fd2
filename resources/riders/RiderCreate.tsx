import { RecordCreate } from '@/records/RecordCreate';
import { RiderInputs } from './RiderInputs';

/** /admin-panel/rider/add */
export function RiderCreate() {
  return (
    <RecordCreate
      resource="riders"
      title="app.riders.add_title"
      backTo="/riders/1"
      failureMessage="app.riders.add_failed"
      defaultValues={{ pincodes: [], shift: 'Both', status: 'Active', vehicle: '' }}
    >
      <RiderInputs />
    </RecordCreate>
  );
}
