import { Card, CardContent, Typography } from '@mui/material';
import { SimpleForm, Title, useTranslate } from 'react-admin';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { CategoryInputs } from './CategoryInputs';

export function CategoryCreate() {
  const translate = useTranslate();
  const save = useResourceSave('categories', {
    failureMessage: 'app.categories.add_failed',
    fallbackPath: '/categories/1',
  });
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('app.categories.add_title')} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h1">
          {translate('app.categories.add_title')}
        </Typography>
      </CardContent>
      <SimpleForm
        defaultValues={{ kind: 'other' }}
        onSubmit={(data: Record<string, unknown>) => save(data)}
        toolbar={<FormToolbar label="Add" busyLabel={translate('app.adding')} />}
      >
        <CategoryInputs mode="create" />
      </SimpleForm>
    </Card>
  );
}
