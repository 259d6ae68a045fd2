import { activeTone, StatusChip } from '@/components/StatusChip';
import { Datagrid, FunctionField, TextField, useListContext, useTranslate } from 'react-admin';
import { AddButton } from '@/components/AddButton';
import { RowActions } from '@/components/RowActions';
import { formatDay } from '@/format';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { capitalise } from './permissionLabels';

/** S.No counts across pages: row 1 of page 2 at 10 per page is 11. */
function SerialNumber({ id }: { id: unknown }) {
  const { data, page, perPage } = useListContext();
  const index = data?.findIndex((r) => r.id === id) ?? 0;
  return <>{(page - 1) * perPage + index + 1}</>;
}

/**
 * /admin-panel/adminuser/{page}: every admin, Active and Inactive, so that an Inactive one can
 * be found and made Active again (the old client asked for Active ones only).
 */
export function AdminUserList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="admins"
      title={translate('app.admins.title')}
      exportable
      sort={{ field: 'createdAt', order: 'DESC' }}
      search
      actions={
        <AddButton
          resource="admins"
          to="/adminusers/add"
          label={translate('app.admins.add_user')}
        />
      }
    >
      {phone ? (
        // Admins have no view screen: the line shows them, the edit button opens them.
        <PhoneList
          name={(r) => capitalise(r.name)}
          badge={(r) => <StatusChip tone={activeTone(r.status)} label={r.status} />}
          lines={(r) => [r.email, r.phone, formatDay(r.createdAt)]}
          actions={<RowActions editPath="/adminusers/edit" />}
          sortFields={['name', 'email', 'status', 'createdAt']}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label="app.admins.serial"
            sortable={false}
            render={(r) => <SerialNumber id={r.id} />}
          />
          <FunctionField source="name" label="app.admins.name" render={(r) => capitalise(r.name)} />
          <TextField source="email" label="app.admins.email" />
          <TextField source="phone" label="app.admins.phone" sortable={false} />
          <FunctionField
            source="status"
            label="app.admins.status"
            render={(r) => <StatusChip tone={activeTone(r.status)} label={r.status} />}
          />
          <FunctionField
            source="createdAt"
            label="app.admins.created_at"
            render={(r) => formatDay(r.createdAt)}
          />
          <FunctionField
            label={translate('app.list.actions')}
            render={() => <RowActions editPath="/adminusers/edit" />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
