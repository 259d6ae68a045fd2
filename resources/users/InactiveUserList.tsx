import { Datagrid, FunctionField, TextField, useTranslate } from 'react-admin';
import { PathPagedList } from '@/lists/PathPagedList';
import { useIsPhone } from '@/lists/PhoneList';
import { UserPhoneList } from './UserPhoneList';
import { UserRowActions } from './UserRowActions';

/** /admin-panel/user/inactive-users/{page}: UserName, Full Name, Email, view. */
export function InactiveUserList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="inactiveUsers"
      title={translate('app.users.inactive_title')}
      search
      exportable
    >
      {phone ? (
        <UserPhoneList />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="userName" label="app.users.user_name" sortable={false} />
          <TextField source="fullName" label="app.users.full_name" sortable={false} />
          <TextField source="email" sortable={false} />
          <FunctionField label={translate('app.list.actions')} render={() => <UserRowActions />} />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
