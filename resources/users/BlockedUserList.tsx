import { Datagrid, FunctionField, TextField, useTranslate } from 'react-admin';
import { formatRupees } from '@/format';
import { PathPagedList } from '@/lists/PathPagedList';
import { fullName } from './names';
import { UserRowActions } from './UserRowActions';

/** /admin-panel/user/blocked-users/{page}: Full Name, Email, Wallet, view and Unblock. */
export function BlockedUserList() {
  const translate = useTranslate();
  return (
    <PathPagedList resource="blockedUsers" title={translate('app.users.blocked_title')} search>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField label="app.users.full_name" render={fullName} />
        <TextField source="email" sortable={false} />
        <FunctionField label="app.users.wallet" render={(r) => formatRupees(r.wallet)} />
        <FunctionField
          label={translate('app.list.actions')}
          render={() => <UserRowActions status />}
        />
      </Datagrid>
    </PathPagedList>
  );
}
