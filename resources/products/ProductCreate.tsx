import { useParams } from 'react-router-dom';
import { CategoryKind } from './CatalogueCard';
import { ProductInputs } from './ProductInputs';
import { RecordCreate } from '../../src/records/RecordCreate';

/** /admin-panel/product/add/{categoryId}: its inputs follow the kind of the category. */
export function ProductCreate() {
  const { categoryId } = useParams();
  return (
    <RecordCreate
      resource="products"
      title="app.products.add_title"
      backTo={`/category/view/${categoryId}`}
      failureMessage="app.products.add_failed"
      transform={(data) => ({ ...data, categoryId })}
    >
      <CategoryKind categoryId={categoryId}>
        {(kind) => <ProductInputs mode="create" kind={kind} categoryId={categoryId!} />}
      </CategoryKind>
    </RecordCreate>
  );
}
