import { CategoryInputs } from './CategoryInputs';
import { RecordCreate } from '@/records/RecordCreate';
import { withTaxFields } from '@/catalogue/tax';

/** /admin-panel/category/add */
export function CategoryCreate() {
  return (
    <RecordCreate
      resource="categories"
      title="app.categories.add_title"
      backTo="/categories/1"
      failureMessage="app.categories.add_failed"
      defaultValues={{ kind: 'other' }}
      transform={(data) => withTaxFields(data, { returnable: false })}
    >
      <CategoryInputs mode="create" />
    </RecordCreate>
  );
}
