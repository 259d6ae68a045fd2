import { Typography } from '@mui/material';
import { SimpleForm, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { FormCard } from '../products/CatalogueCard';
import { AccessoryInputs } from './AccessoryInputs';

/** /admin-panel/accessory/edit/{id}: loads the accessory, then its category for the kind. */
export function AccessoryEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  const accessory = useGetOne('accessories', { id: id! });
  const categoryId = accessory.data?.categoryId as string | undefined;
  const category = useGetOne('categories', { id: categoryId! }, { enabled: !!categoryId });
  const save = useResourceSave('accessories', {
    failureMessage: 'app.accessories.edit_failed',
    fallbackPath: categoryId ? `/category/view/${categoryId}` : '/categories/1',
  });
  const error = accessory.error ?? category.error;
  if (error) return <RecordMissing message={error.message} />;
  if (accessory.isPending || category.isPending) {
    return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  }
  const record = accessory.data;
  return (
    <FormCard title={translate('app.accessories.edit_title')}>
      <SimpleForm
        record={record}
        onSubmit={(data: Record<string, unknown>) => save(data, record)}
        toolbar={<FormToolbar label="Update" busyLabel={translate('app.updating')} />}
      >
        <AccessoryInputs mode="edit" kind={category.data?.kind} />
      </SimpleForm>
    </FormCard>
  );
}
