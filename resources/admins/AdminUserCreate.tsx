import { Card, CardContent, Typography } from '@mui/material';
import { SimpleForm, Title, useTranslate } from 'react-admin';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { allPermissionsOff } from './permissionLabels';
import { AdminUserInputs } from './AdminUserInputs';

/** /admin-panel/adminusers/add */
export function AdminUserCreate() {
  const translate = useTranslate();
  const save = useResourceSave('admins', {
    failureMessage: 'app.admins.add_failed',
    fallbackPath: '/adminuser/1',
  });
  return (
    <Card sx={{ mt: 2, maxWidth: 900 }}>
      <Title title={translate('app.admins.add_title')} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h1">
          {translate('app.admins.add_title')}
        </Typography>
      </CardContent>
      <SimpleForm
        defaultValues={{ status: 'Active', permissions: allPermissionsOff() }}
        onSubmit={(data: Record<string, unknown>) => save(data)}
        toolbar={<FormToolbar label="Add" busyLabel={translate('app.adding')} />}
      >
        <AdminUserInputs mode="add" />
      </SimpleForm>
    </Card>
  );
}
