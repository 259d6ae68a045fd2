import { Card, CardContent, Typography } from '@mui/material';
import { SimpleForm, Title, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { AdminUserInputs } from './AdminUserInputs';

/**
 * /admin-panel/adminusers/edit/{id}: loads the admin by id (a reload or a shared link works).
 * The password is sent only when one was typed.
 */
export function AdminUserEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: record, isPending, error } = useGetOne('admins', { id: id! });
  const save = useResourceSave('admins', {
    failureMessage: 'app.admins.edit_failed',
    fallbackPath: '/adminuser/1',
  });
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !record) return <RecordMissing message={error?.message} />;
  return (
    <Card sx={{ mt: 2, maxWidth: 900 }}>
      <Title title={translate('app.admins.edit_title')} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h1">
          {translate('app.admins.edit_title')}
        </Typography>
      </CardContent>
      <SimpleForm
        record={{ ...record, password: '' }}
        onSubmit={({ password, ...data }: Record<string, unknown>) =>
          save(password ? { ...data, password } : data, record)
        }
        toolbar={<FormToolbar label="Update" busyLabel={translate('app.updating')} />}
      >
        <AdminUserInputs mode="edit" />
      </SimpleForm>
    </Card>
  );
}
