import { useParams } from 'react-router-dom';
import { RecordEdit } from '@/records/RecordEdit';
import { categoryIdOf, CategoryKind } from '@/catalogue/CatalogueCard';
import { withTaxFields } from '@/catalogue/tax';
import { AccessoryInputs } from './AccessoryInputs';

/** /admin-panel/accessory/edit/{id}: its inputs follow the kind of its category. */
export function AccessoryEdit() {
  const { id } = useParams();
  return (
    <CategoryKind record={{ resource: 'accessories', id }}>
      {(kind) => (
        <RecordEdit
          resource="accessories"
          title="app.accessories.edit_title"
          backTo={(accessory) => `/category/view/${categoryIdOf(accessory.categoryId) ?? ''}`}
          failureMessage="app.accessories.edit_failed"
          transform={(data) => withTaxFields(data, { returnable: true })}
        >
          <AccessoryInputs mode="edit" kind={kind} />
        </RecordEdit>
      )}
    </CategoryKind>
  );
}
