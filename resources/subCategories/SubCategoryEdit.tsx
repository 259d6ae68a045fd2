import { Typography } from '@mui/material';
import { SimpleForm, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { FormCard } from '../products/CatalogueCard';
import { SubCategoryInputs } from './SubCategoryInputs';

/** /admin-panel/sub-category/edit/{id}: loads the record by id, so a reload works. */
export function SubCategoryEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: record, isPending, error } = useGetOne('subCategories', { id: id! });
  const save = useResourceSave('subCategories', {
    failureMessage: 'app.subCategories.edit_failed',
    fallbackPath: record ? `/category/view/${record.categoryId}` : '/categories/1',
  });
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !record) return <RecordMissing message={error?.message} />;
  return (
    <FormCard title={translate('app.subCategories.edit_title')}>
      <SimpleForm
        record={record}
        onSubmit={(data: Record<string, unknown>) => save(data, record)}
        toolbar={<FormToolbar label="Update" busyLabel={translate('app.updating')} />}
      >
        <SubCategoryInputs mode="edit" />
      </SimpleForm>
    </FormCard>
  );
}
