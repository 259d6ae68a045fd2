import { Typography } from '@mui/material';
import { SimpleForm, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { FormCard } from './CatalogueCard';
import { ProductInputs } from './ProductInputs';

/** /admin-panel/product/add/{categoryId}: the category's kind decides the fields. */
export function ProductCreate() {
  const { categoryId } = useParams();
  const translate = useTranslate();
  const category = useGetOne('categories', { id: categoryId! });
  const save = useResourceSave('products', {
    failureMessage: 'app.products.add_failed',
    fallbackPath: `/category/view/${categoryId}`,
  });
  if (category.isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (category.error) return <RecordMissing message={category.error.message} />;
  return (
    <FormCard title={translate('app.products.add_title')}>
      <SimpleForm
        onSubmit={(data: Record<string, unknown>) => save({ ...data, categoryId })}
        toolbar={<FormToolbar label="Add" busyLabel={translate('app.adding')} />}
      >
        <ProductInputs mode="create" kind={category.data?.kind} categoryId={categoryId!} />
      </SimpleForm>
    </FormCard>
  );
}
