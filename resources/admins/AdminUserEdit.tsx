import { AdminUserInputs } from './AdminUserInputs';
import { RecordEdit } from '@/records/RecordEdit';

/** /admin-panel/adminusers/edit/{id}: the password is sent only when a new one is typed. */
export function AdminUserEdit() {
  return (
    <RecordEdit
      resource="admins"
      title="app.admins.edit_title"
      backTo="/adminuser/1"
      failureMessage="app.admins.edit_failed"
      maxWidth={900}
      toForm={(admin) => ({ ...admin, password: '' })}
      transform={({ password, ...data }) => (password ? { ...data, password } : data)}
    >
      <AdminUserInputs mode="edit" />
    </RecordEdit>
  );
}
