import { CategoryInputs } from './CategoryInputs';
import { RecordEdit } from '@/records/RecordEdit';

/** Loads the category by id, so a reload or a shared link works. */
export function CategoryEdit() {
  return (
    <RecordEdit
      resource="categories"
      title="app.categories.edit_title"
      backTo="/categories/1"
      failureMessage="app.categories.edit_failed"
    >
      <CategoryInputs mode="edit" />
    </RecordEdit>
  );
}
