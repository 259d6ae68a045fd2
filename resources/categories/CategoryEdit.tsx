import { CategoryInputs } from './CategoryInputs';
import { RecordEdit } from '@/records/RecordEdit';
import { withTaxFields } from '@/catalogue/tax';

/** Loads the category by id, so a reload or a shared link works. */
export function CategoryEdit() {
  return (
    <RecordEdit
      resource="categories"
      title="app.categories.edit_title"
      backTo="/categories/1"
      failureMessage="app.categories.edit_failed"
      transform={(data) => withTaxFields(data, { returnable: false })}
    >
      <CategoryInputs mode="edit" />
    </RecordEdit>
  );
}
