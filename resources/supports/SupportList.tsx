import {
  Datagrid,
  FunctionField,
  NumberField,
  RecordContextProvider,
  TextField,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { RowActions } from '@/components/RowActions';
import { FilterBar } from '@/lists/filters/FilterBar';
import { SwitchFilter } from '@/lists/filters/SwitchFilter';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { fullName, shortId } from '@/names';

/** The view button opens the customer's tickets; it names the customer. */
function SupportRowActions({ record }: { record: RaRecord }) {
  return (
    <RecordContextProvider value={{ ...record, name: fullName(record) }}>
      <RowActions viewPath="/support/view" />
    </RecordContextProvider>
  );
}

/** 'Unresolved only' is kept in the address (`?status=unresolved`). */
const SUPPORT_FILTERS = ['status'] as const;

/**
 * /admin-panel/supports/{page}: the customers with tickets, latest ticket first (the server's
 * order: no sort is sent until a column is sorted). No search box, as the spec shows it.
 */
export function SupportList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="supports"
      title={translate('app.supports.title')}
      exportable
      // An empty field: react-admin would otherwise send its default `id`, which the call refuses.
      sort={{ field: '', order: 'DESC' }}
      queryKeys={SUPPORT_FILTERS}
      filters={
        <FilterBar keys={SUPPORT_FILTERS}>
          <SwitchFilter source="status" value="unresolved" label="app.supports.unresolved_only" />
        </FilterBar>
      }
    >
      {phone ? (
        // No sort menu: the server's order (latest ticket first) has no field to name.
        <PhoneList
          name={fullName}
          lines={(r) => [
            r.email,
            translate('app.supports.count_line', {
              smart_count: r.supportCount,
              open: r.unresolvedCount,
            }),
          ]}
          to={(r) => `/support/view/${r.id}`}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label="app.supports.family_id"
            sortable={false}
            render={(r) => <span title={String(r.id)}>{shortId(r.id)}</span>}
          />
          <FunctionField label="app.supports.customer_name" sortable={false} render={fullName} />
          <TextField source="email" label="app.supports.email" sortable={false} />
          <NumberField
            source="supportCount"
            label="app.supports.support_count"
            sortByOrder="DESC"
          />
          <NumberField
            source="unresolvedCount"
            label="app.supports.unresolved_count"
            sortable={false}
          />
          <FunctionField
            label={translate('app.list.actions')}
            render={(r) => <SupportRowActions record={r} />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
