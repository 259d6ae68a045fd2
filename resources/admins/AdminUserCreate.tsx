import { AdminUserInputs } from './AdminUserInputs';
import { allPermissionsOff } from './permissionLabels';
import { RecordCreate } from '@/records/RecordCreate';

/** /admin-panel/adminusers/add */
export function AdminUserCreate() {
  return (
    <RecordCreate
      resource="admins"
      title="app.admins.add_title"
      backTo="/adminuser/1"
      failureMessage="app.admins.add_failed"
      maxWidth={900}
      defaultValues={{ status: 'Active', permissions: allPermissionsOff() }}
    >
      <AdminUserInputs mode="add" />
    </RecordCreate>
  );
}
