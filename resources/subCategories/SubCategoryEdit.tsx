import { SubCategoryInputs } from './SubCategoryInputs';
import { RecordEdit } from '@/records/RecordEdit';

/** /admin-panel/sub-category/edit/{id} */
export function SubCategoryEdit() {
  return (
    <RecordEdit
      resource="subCategories"
      title="app.subCategories.edit_title"
      backTo={(subCategory) => `/category/view/${subCategory.categoryId}`}
      failureMessage="app.subCategories.edit_failed"
    >
      <SubCategoryInputs mode="edit" />
    </RecordEdit>
  );
}
