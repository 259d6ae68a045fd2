import { Stack } from '@mui/material';
import { Datagrid, FunctionField, TextField, useTranslate } from 'react-admin';
import { AddButton } from '@/components/AddButton';
import { ConfirmDeleteButton } from '@/components/ConfirmDeleteButton';
import { RowActions } from '@/components/RowActions';
import { formatDay, formatRupees } from '@/format';
import { PathPagedList } from '@/lists/PathPagedList';

/** /admin-panel/tiffin-plans/{page} */
export function PlanList() {
  const translate = useTranslate();
  return (
    <PathPagedList
      resource="plans"
      title={translate('app.plans.title')}
      exportable
      sort={{ field: 'createdAt', order: 'ASC' }}
      search
      actions={<AddButton resource="plans" to="/tiffin-plan/add" />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" label="app.plans.name" />
        <FunctionField
          source="duration"
          label="app.plans.duration_column"
          render={(r) => translate('app.plans.days', { smart_count: r.duration })}
        />
        <FunctionField
          source="price"
          label="app.plans.price_column"
          render={(r) => formatRupees(r.price)}
        />
        <FunctionField
          source="createdAt"
          label="Created At"
          render={(r) => formatDay(r.createdAt)}
        />
        <FunctionField
          label={translate('app.list.actions')}
          render={() => (
            <Stack direction="row" spacing={0.5} alignItems="center">
              <RowActions viewPath="/tiffin-plan/view" editPath="/tiffin-plan/edit" />
              <ConfirmDeleteButton failureMessage="app.plans.delete_failed" />
            </Stack>
          )}
        />
      </Datagrid>
    </PathPagedList>
  );
}
