import { categoryIdOf, CategoryKind } from '../products/CatalogueCard';
import { AccessoryInputs } from './AccessoryInputs';
import { RecordEdit } from '../../src/records/RecordEdit';

/** /admin-panel/accessory/edit/{id}: its inputs follow the kind of its category. */
export function AccessoryEdit() {
  return (
    <RecordEdit
      resource="accessories"
      title="app.accessories.edit_title"
      backTo={(accessory) => `/category/view/${categoryIdOf(accessory.categoryId) ?? ''}`}
      failureMessage="app.accessories.edit_failed"
    >
      <CategoryKind>{(kind) => <AccessoryInputs mode="edit" kind={kind} />}</CategoryKind>
    </RecordEdit>
  );
}
