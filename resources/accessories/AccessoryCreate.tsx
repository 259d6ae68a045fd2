import { useParams } from 'react-router-dom';
import { CategoryKind } from '../products/CatalogueCard';
import { AccessoryInputs } from './AccessoryInputs';
import { RecordCreate } from '../../src/records/RecordCreate';

/** /admin-panel/accessory/add/{categoryId} */
export function AccessoryCreate() {
  const { categoryId } = useParams();
  return (
    <RecordCreate
      resource="accessories"
      title="app.accessories.add_title"
      backTo={`/category/view/${categoryId}`}
      failureMessage="app.accessories.add_failed"
      transform={(data) => ({ ...data, categoryId })}
    >
      <CategoryKind categoryId={categoryId}>
        {(kind) => <AccessoryInputs mode="create" kind={kind} />}
      </CategoryKind>
    </RecordCreate>
  );
}
