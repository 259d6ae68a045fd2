import { Stack } from '@mui/material';
import { FunctionField, Labeled, TextField, useTranslate } from 'react-admin';
import { formatDay, formatRupees } from '@/format';
import { RecordShow } from '@/records/RecordShow';

/** /admin-panel/tiffin-plan/view/{id} */
export function PlanShow() {
  const translate = useTranslate();
  return (
    <RecordShow
      resource="plans"
      title="app.plans.view_title"
      heading={(record) => record.name}
      editTo={(record) => `/tiffin-plan/edit/${record.id}`}
    >
      <Stack spacing={2}>
        <Labeled label="app.plans.duration_column">
          <FunctionField
            render={(record) => translate('app.plans.days', { smart_count: record.duration })}
          />
        </Labeled>
        <Labeled label="app.plans.price_column">
          <FunctionField render={(record) => formatRupees(record.price)} />
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
