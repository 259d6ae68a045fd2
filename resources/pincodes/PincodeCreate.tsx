import { Card, CardContent, Typography } from '@mui/material';
import { SimpleForm, Title, useTranslate } from 'react-admin';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { PincodeInputs } from './PincodeInputs';

/** /admin-panel/pincode/add */
export function PincodeCreate() {
  const translate = useTranslate();
  const save = useResourceSave('pincodes', {
    failureMessage: 'app.pincodes.add_failed',
    fallbackPath: '/pincodes/1',
  });
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('app.pincodes.add_title')} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h1">
          {translate('app.pincodes.add_title')}
        </Typography>
      </CardContent>
      <SimpleForm
        defaultValues={{ pinType: 'Home' }}
        onSubmit={(data: Record<string, unknown>) => save(data)}
        toolbar={<FormToolbar label="Add" busyLabel={translate('app.adding')} />}
      >
        <PincodeInputs />
      </SimpleForm>
    </Card>
  );
}
