import { useParams } from 'react-router-dom';
import { RecordCreate } from '@/records/RecordCreate';
import { CategoryKind } from '@/catalogue/CatalogueCard';
import { withTaxFields } from '@/catalogue/tax';
import { AccessoryInputs } from './AccessoryInputs';

/** /admin-panel/accessory/add/{categoryId} */
export function AccessoryCreate() {
  const { categoryId } = useParams();
  return (
    <CategoryKind categoryId={categoryId}>
      {(kind) => (
        <RecordCreate
          resource="accessories"
          title="app.accessories.add_title"
          backTo={`/category/view/${categoryId}`}
          failureMessage="app.accessories.add_failed"
          transform={(data) => withTaxFields({ ...data, categoryId }, { returnable: true })}
        >
          <AccessoryInputs mode="create" kind={kind} />
        </RecordCreate>
      )}
    </CategoryKind>
  );
}
