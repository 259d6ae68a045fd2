import { Card, CardContent, Typography } from '@mui/material';
import { SimpleForm, Title, useTranslate } from 'react-admin';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { PlanInputs } from './PlanInputs';

/** /admin-panel/tiffin-plan/add */
export function PlanCreate() {
  const translate = useTranslate();
  const save = useResourceSave('plans', {
    failureMessage: 'app.plans.add_failed',
    fallbackPath: '/tiffin-plans/1',
  });
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate('app.plans.add_title')} />
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h1">
          {translate('app.plans.add_title')}
        </Typography>
      </CardContent>
      <SimpleForm
        onSubmit={(data: Record<string, unknown>) => save(data)}
        toolbar={<FormToolbar label="Add" busyLabel={translate('app.adding')} />}
      >
        <PlanInputs />
      </SimpleForm>
    </Card>
  );
}
