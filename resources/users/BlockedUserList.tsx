import { Datagrid, FunctionField, TextField, useCanAccess, useTranslate } from 'react-admin';
import { formatRupees } from '@/format';
import { bulkActionProps } from '@/lists/BulkActions';
import { PathPagedList } from '@/lists/PathPagedList';
import { useIsPhone } from '@/lists/PhoneList';
import { fullName } from '@/names';
import { UserBulkActions } from './UserBulkActions';
import { UserPhoneList } from './UserPhoneList';
import { UserRowActions } from './UserRowActions';

/** /admin-panel/user/blocked-users/{page}: Full Name, Email, Wallet, view and Unblock. */
export function BlockedUserList() {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'blockedUsers', action: 'edit' });
  const bulk = bulkActionProps(
    canAccess && <UserBulkActions block={false} unblock />,
    'app.users.bulk_selected',
  );
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="blockedUsers"
      title={translate('app.users.blocked_title')}
      search
      exportable
    >
      {phone ? (
        <UserPhoneList bulk={bulk} actions={<UserRowActions view={false} status />} />
      ) : (
        <Datagrid {...bulk} rowClick={false}>
          <FunctionField label="app.users.full_name" render={fullName} />
          <TextField source="email" sortable={false} />
          <FunctionField label="app.users.wallet" render={(r) => formatRupees(r.wallet)} />
          <FunctionField
            label={translate('app.list.actions')}
            render={() => <UserRowActions status />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
