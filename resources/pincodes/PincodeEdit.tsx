import { Card, CardContent, Typography } from '@mui/material';
import { SimpleForm, Title, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { PincodeInputs } from './PincodeInputs';

/** /admin-panel/pincode/edit/{id}: loads the pin code by id, so a reload or a shared link works. */
export function PincodeEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: record, isPending, error } = useGetOne('pincodes', { id: id! });
  const save = useResourceSave('pincodes', {
    failureMessage: 'app.pincodes.edit_failed',
    fallbackPath: '/pincodes/1',
  });
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !record) return <RecordMissing message={error?.message} />;
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('app.pincodes.edit_title')} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h1">
          {translate('app.pincodes.edit_title')}
        </Typography>
      </CardContent>
      <SimpleForm
        record={record}
        onSubmit={(data: Record<string, unknown>) => save(data, record)}
        toolbar={<FormToolbar label="Update" busyLabel={translate('app.updating')} />}
      >
        <PincodeInputs />
      </SimpleForm>
    </Card>
  );
}
