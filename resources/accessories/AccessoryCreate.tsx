import { Typography } from '@mui/material';
import { SimpleForm, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { FormCard } from '../products/CatalogueCard';
import { AccessoryInputs } from './AccessoryInputs';

/** /admin-panel/accessory/add/{categoryId} */
export function AccessoryCreate() {
  const { categoryId } = useParams();
  const translate = useTranslate();
  const category = useGetOne('categories', { id: categoryId! });
  const save = useResourceSave('accessories', {
    failureMessage: 'app.accessories.add_failed',
    fallbackPath: `/category/view/${categoryId}`,
  });
  if (category.isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (category.error) return <RecordMissing message={category.error.message} />;
  return (
    <FormCard title={translate('app.accessories.add_title')}>
      <SimpleForm
        onSubmit={(data: Record<string, unknown>) => save({ ...data, categoryId })}
        toolbar={<FormToolbar label="Add" busyLabel={translate('app.adding')} />}
      >
        <AccessoryInputs mode="create" kind={category.data?.kind} />
      </SimpleForm>
    </FormCard>
  );
}
