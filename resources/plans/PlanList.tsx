import { Datagrid, FunctionField, TextField, useTranslate } from 'react-admin';
import { AddButton } from '@/components/AddButton';
import { RowActions } from '@/components/RowActions';
import { formatDay, formatRupees } from '@/format';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';

/** /admin-panel/tiffin-plans/{page} */
export function PlanList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="plans"
      title={translate('app.plans.title')}
      exportable
      sort={{ field: 'createdAt', order: 'ASC' }}
      search
      actions={<AddButton resource="plans" to="/tiffin-plan/add" />}
    >
      {phone ? (
        <PhoneList
          name={(r) => r.name}
          lines={(r) => [
            [
              translate('app.plans.days', { smart_count: r.duration }),
              formatRupees(r.price),
              formatDay(r.createdAt),
            ].join(' · '),
          ]}
          to={(r) => `/tiffin-plan/view/${r.id}`}
          actions={
            <RowActions editPath="/tiffin-plan/edit" deleteFailure="app.plans.delete_failed" />
          }
          sortFields={['name', 'duration', 'price', 'createdAt']}
        />
      ) : (
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
              <RowActions
                viewPath="/tiffin-plan/view"
                editPath="/tiffin-plan/edit"
                deleteFailure="app.plans.delete_failed"
              />
            )}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
