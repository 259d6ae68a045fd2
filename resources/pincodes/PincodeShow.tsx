import { Stack } from '@mui/material';
import { FunctionField, Labeled, TextField, useTranslate } from 'react-admin';
import { formatDay } from '@/format';
import { RecordShow } from '@/records/RecordShow';

/** /admin-panel/pincode/view/{id} */
export function PincodeShow() {
  const translate = useTranslate();
  return (
    <RecordShow
      resource="pincodes"
      title="app.pincodes.view_title"
      heading={(record) => translate('app.pincodes.heading', { number: record.number })}
      editTo={(record) => `/pincode/edit/${record.id}`}
    >
      <Stack spacing={2}>
        <Labeled label="app.pincodes.number">
          <TextField source="number" />
        </Labeled>
        <Labeled label="app.pincodes.pin_type">
          <TextField source="pinType" />
        </Labeled>
        <Labeled label="app.pincodes.area">
          <FunctionField render={(record) => record.area || '—'} />
        </Labeled>
        <Labeled label="app.pincodes.city">
          <FunctionField render={(record) => record.city || '—'} />
        </Labeled>
        <Labeled label="Status">
          <TextField source="status" />
        </Labeled>
        <Labeled label="Created At">
          <FunctionField render={(record) => formatDay(record.createdAt)} />
        </Labeled>
      </Stack>
    </RecordShow>
  );
}
