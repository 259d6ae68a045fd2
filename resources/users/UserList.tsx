import { Datagrid, FunctionField, TextField, useCanAccess, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatRupees } from '@/format';
import { bulkActionProps } from '@/lists/BulkActions';
import { PathPagedList } from '@/lists/PathPagedList';
import { useIsPhone } from '@/lists/PhoneList';
import { fullName, shortId } from '@/names';
import { UserBulkActions } from './UserBulkActions';
import { UserPhoneList } from './UserPhoneList';
import { UserRowActions } from './UserRowActions';

/** The table's sortable columns, in the phone list's sort menu. */
const USER_SORTS = ['firstName', 'email', 'wallet'];

/** /admin-panel/user/active-users/{page}: Active users, or every status with `?status=All`. */
export function UserList() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const all = params.get('status') === 'All';
  const { canAccess } = useCanAccess({ resource: 'users', action: 'edit' });
  // Active users are blocked from here; with every status shown, blocked ones unblocked too.
  const bulk = bulkActionProps(
    canAccess && <UserBulkActions block unblock={all} />,
    'app.users.bulk_selected',
  );
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="users"
      title={translate(all ? 'app.users.all_title' : 'app.users.active_title')}
      exportable
      sort={{ field: 'createdAt', order: 'DESC' }}
      filter={all ? { status: 'All' } : undefined}
      search
    >
      {phone ? (
        <UserPhoneList
          bulk={bulk}
          status={all}
          actions={<UserRowActions view={false} edit status />}
          sortFields={USER_SORTS}
        />
      ) : (
        <Datagrid {...bulk} rowClick={false}>
          <FunctionField
            label="app.users.family_id"
            sortable={false}
            render={(r) => <span title={String(r.id)}>{shortId(r.id)}</span>}
          />
          <FunctionField source="firstName" label="app.users.full_name" render={fullName} />
          <TextField source="email" />
          <FunctionField
            source="wallet"
            label="app.users.wallet"
            render={(r) => formatRupees(r.wallet)}
          />
          {all && <TextField source="status" sortable={false} />}
          <FunctionField
            label={translate('app.list.actions')}
            render={() => <UserRowActions edit status />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
