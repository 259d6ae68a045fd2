import {
  Datagrid,
  FunctionField,
  NumberField,
  RecordContextProvider,
  TextField,
  useCanAccess,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '@/components/RecordMissing';
import { RowActions } from '@/components/RowActions';
import { formatDay } from '@/format';
import { bulkActionProps } from '@/lists/BulkActions';
import { FilterBar } from '@/lists/filters/FilterBar';
import { SelectFilter } from '@/lists/filters/SelectFilter';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';
import { RETURN_STATUSES } from '@shared/statuses';
import { ReturnBulkActions } from './ReturnBulkActions';
import { ReturnStatusChip } from './ReturnStatusChip';
import { returnListTitle, returnOrderId } from './returnFields';
import { NoWrap } from '@/components/NoWrap';

/** The view button names the request by its order id. */
function ReturnRowActions({ record }: { record: RaRecord }) {
  return (
    <RecordContextProvider value={{ ...record, name: returnOrderId(record) }}>
      <RowActions viewPath="/return/view" />
    </RecordContextProvider>
  );
}

/** Only Pending requests can be approved or rejected. */
const isPending = (r: RaRecord) => r.status === 'Pending';

/** The table's sortable columns, in the phone list's sort menu. */
const RETURN_SORTS = ['requestedAt', 'returnedQuantity', 'status'];

/** The list's filter kept in the address (`?status=Pending`). */
const RETURN_FILTERS = ['status'] as const;

/**
 * /admin-panel/returns/{categoryType}/{page}: the return requests of water (0) or oxygen (1),
 * newest first, searched by order id or customer e-mail; sortable by the columns the call sorts.
 */
export function ReturnList() {
  const { categoryType } = useParams();
  const translate = useTranslate();
  const title = returnListTitle(categoryType);
  const { canAccess } = useCanAccess({ resource: 'returns', action: 'edit' });
  const phone = useIsPhone();
  const bulk = bulkActionProps(canAccess && <ReturnBulkActions />, 'app.returns.bulk_selected');
  if (!title) return <RecordMissing message={translate('app.returns.unknown_category')} />;
  return (
    <PathPagedList
      // Water and oxygen are two lists: switching remounts it on the new category's page.
      key={categoryType}
      resource="returns"
      storeKey={`returns.${categoryType}.pathList`}
      title={translate(title)}
      exportable
      sort={{ field: 'requestedAt', order: 'DESC' }}
      filter={{ categoryType }}
      search
      queryKeys={RETURN_FILTERS}
      filters={
        <FilterBar keys={RETURN_FILTERS}>
          <SelectFilter
            source="status"
            label="app.returns.status"
            choices={RETURN_STATUSES.map((s) => ({ id: s, name: s }))}
          />
        </FilterBar>
      }
    >
      {phone ? (
        <PhoneList
          {...bulk}
          isRowSelectable={isPending}
          name={returnOrderId}
          badge={(r) => <ReturnStatusChip status={r.status} />}
          lines={(r) => [
            r.user?.email,
            translate('app.returns.quantity_line', {
              quantity: r.returnedQuantity,
              day: formatDay(r.requestedAt),
            }),
            r.approvedAt &&
              translate('app.returns.approved_line', { day: formatDay(r.approvedAt) }),
          ]}
          to={(r) => `/return/view/${r.id}`}
          sortFields={RETURN_SORTS}
        />
      ) : (
        <Datagrid {...bulk} isRowSelectable={isPending} rowClick={false}>
          <FunctionField label="app.returns.order_id" sortable={false} render={returnOrderId} />
          <TextField source="user.email" label="app.returns.customer_email" sortable={false} />
          <NumberField source="returnedQuantity" label="app.returns.returned_quantity" />
          <FunctionField
            source="status"
            label="app.returns.status"
            render={(r) => <ReturnStatusChip status={r.status} />}
          />
          <FunctionField
            source="requestedAt"
            label="app.returns.requested_at"
            render={(r) => <NoWrap>{formatDay(r.requestedAt)}</NoWrap>}
          />
          <FunctionField
            label="app.returns.approved_at"
            sortable={false}
            render={(r) => (
              <NoWrap>{formatDay(r.approvedAt) || translate('app.returns.none')}</NoWrap>
            )}
          />
          <FunctionField
            label={translate('app.list.actions')}
            render={(r) => <ReturnRowActions record={r} />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
