import { Chip } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  RecordContextProvider,
  TextField,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { AddButton } from '@/components/AddButton';
import { RowActions } from '@/components/RowActions';
import { formatDay } from '@/format';
import { PathPagedList } from '@/lists/PathPagedList';
import { PhoneList, useIsPhone } from '@/lists/PhoneList';

/** The row buttons name the record by `name`; a pin code's name is its number. */
function PincodeRowActions({ record, view = true }: { record: RaRecord; view?: boolean }) {
  return (
    <RecordContextProvider value={{ ...record, name: record.number }}>
      <RowActions
        viewPath={view ? '/pincode/view' : undefined}
        editPath="/pincode/edit"
        deleteFailure="app.pincodes.delete_failed"
      />
    </RecordContextProvider>
  );
}

/** On a phone the line opens the pin code: edit and delete beside it. */
function PhoneRowActions() {
  const record = useRecordContext();
  return record ? <PincodeRowActions record={record} view={false} /> : null;
}

/** `Andheri West, Mumbai`: the area and city a pin code serves, '' when it has neither. */
const placeOf = (r: RaRecord) => [r.area, r.city].filter(Boolean).join(', ');

/** /admin-panel/pincodes/{page}: searched by the digits a pin code starts with, or its area or city. */
export function PincodeList() {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <PathPagedList
      resource="pincodes"
      title={translate('app.pincodes.title')}
      exportable
      sort={{ field: 'createdAt', order: 'DESC' }}
      search
      actions={<AddButton resource="pincodes" to="/pincode/add" />}
    >
      {phone ? (
        <PhoneList
          name={(r) => r.number}
          badge={(r) => <Chip size="small" variant="outlined" label={r.pinType} />}
          lines={(r) =>
            [placeOf(r), [r.status, formatDay(r.createdAt)].join(' · ')].filter(Boolean)
          }
          to={(r) => `/pincode/view/${r.id}`}
          actions={<PhoneRowActions />}
          sortFields={['number', 'pinType', 'createdAt']}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="number" label="app.pincodes.number" />
          <FunctionField
            label="app.pincodes.place"
            sortable={false}
            render={(r) => placeOf(r) || '—'}
          />
          <FunctionField
            source="pinType"
            label="app.pincodes.pin_type"
            render={(r) => <Chip size="small" variant="outlined" label={r.pinType} />}
          />
          <TextField source="status" sortable={false} />
          <FunctionField
            source="createdAt"
            label="Created At"
            render={(r) => formatDay(r.createdAt)}
          />
          <FunctionField
            label={translate('app.list.actions')}
            render={(r) => <PincodeRowActions record={r} />}
          />
        </Datagrid>
      )}
    </PathPagedList>
  );
}
