import { SimpleForm, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { FormToolbar } from '../../src/forms/FormToolbar';
import { useResourceSave } from '../../src/forms/useResourceSave';
import { FormCard } from '../products/CatalogueCard';
import { SubCategoryInputs } from './SubCategoryInputs';

/** /admin-panel/sub-category/add/{categoryId} */
export function SubCategoryCreate() {
  const { categoryId } = useParams();
  const translate = useTranslate();
  const save = useResourceSave('subCategories', {
    failureMessage: 'app.subCategories.add_failed',
    fallbackPath: `/category/view/${categoryId}`,
  });
  return (
    <FormCard title={translate('app.subCategories.add_title')}>
      <SimpleForm
        onSubmit={(data: Record<string, unknown>) => save({ ...data, categoryId })}
        toolbar={<FormToolbar label="Add" busyLabel={translate('app.adding')} />}
      >
        <SubCategoryInputs mode="create" />
      </SimpleForm>
    </FormCard>
  );
}
