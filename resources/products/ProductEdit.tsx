import { Typography } from '@mui/material';
import { SimpleForm, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { categoryIdOf, FormCard } from './CatalogueCard';
import { ProductInputs } from './ProductInputs';

/** /admin-panel/product/edit/{id}: loads the product, then its category for the kind. */
export function ProductEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  const product = useGetOne('products', { id: id! });
  const categoryId = categoryIdOf(product.data?.categoryId);
  const category = useGetOne('categories', { id: categoryId! }, { enabled: !!categoryId });
  const save = useResourceSave('products', {
    failureMessage: 'app.products.edit_failed',
    fallbackPath: categoryId ? `/category/view/${categoryId}` : '/categories/1',
  });
  const error = product.error ?? category.error;
  if (error) return <RecordMissing message={error.message} />;
  if (product.isPending || category.isPending) {
    return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  }
  const record = product.data;
  return (
    <FormCard title={translate('app.products.edit_title')}>
      <SimpleForm
        record={record}
        onSubmit={(data: Record<string, unknown>) => save({ ...data, categoryId }, record)}
        toolbar={<FormToolbar label="Update" busyLabel={translate('app.updating')} />}
      >
        <ProductInputs mode="edit" kind={category.data?.kind} categoryId={categoryId!} />
      </SimpleForm>
    </FormCard>
  );
}
