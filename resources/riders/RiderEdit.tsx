import { RecordEdit } from '@/records/RecordEdit';
import { RiderInputs } from './RiderInputs';

/** /admin-panel/rider/edit/{id}: loads the rider by id, so a reload or a shared link works. */
export function RiderEdit() {
  return (
    <RecordEdit
      resource="riders"
      title="app.riders.edit_title"
      backTo="/riders/1"
      failureMessage="app.riders.edit_failed"
    >
      <RiderInputs />
    </RecordEdit>
  );
}
