import { useParams } from 'react-router-dom';
import { RecordCreate } from '@/records/RecordCreate';
import { CategoryKind } from '@/catalogue/CatalogueCard';
import { ProductInputs } from './ProductInputs';
import { withTaxFields } from '@/catalogue/tax';

/** /admin-panel/product/add/{categoryId}: its inputs follow the kind of the category. */
export function ProductCreate() {
  const { categoryId } = useParams();
  return (
    <CategoryKind categoryId={categoryId}>
      {(kind) => (
        <RecordCreate
          resource="products"
          title="app.products.add_title"
          backTo={`/category/view/${categoryId}`}
          failureMessage="app.products.add_failed"
          transform={(data) => withTaxFields({ ...data, categoryId }, { returnable: true })}
        >
          <ProductInputs mode="create" kind={kind} categoryId={categoryId!} />
        </RecordCreate>
      )}
    </CategoryKind>
  );
}
