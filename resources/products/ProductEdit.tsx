import { useParams } from 'react-router-dom';
import { categoryIdOf, CategoryKind } from '@/catalogue/CatalogueCard';
import { ProductInputs } from './ProductInputs';
import { withTaxFields } from '@/catalogue/tax';
import { RecordEdit } from '@/records/RecordEdit';

/** /admin-panel/product/edit/{id}: its inputs follow the kind of its category. */
export function ProductEdit() {
  const { id } = useParams();
  return (
    <CategoryKind record={{ resource: 'products', id }}>
      {(kind, categoryId) => (
        <RecordEdit
          resource="products"
          title="app.products.edit_title"
          backTo={(product) => `/category/view/${categoryIdOf(product.categoryId) ?? ''}`}
          failureMessage="app.products.edit_failed"
          transform={(data) =>
            withTaxFields(
              { ...data, categoryId: categoryIdOf(data.categoryId) },
              { returnable: true },
            )
          }
        >
          <ProductInputs mode="edit" kind={kind} categoryId={categoryId} />
        </RecordEdit>
      )}
    </CategoryKind>
  );
}
