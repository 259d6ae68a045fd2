import { categoryIdOf, CategoryKind } from './CatalogueCard';
import { ProductInputs } from './ProductInputs';
import { RecordEdit } from '../../src/records/RecordEdit';

/** /admin-panel/product/edit/{id}: its inputs follow the kind of its category. */
export function ProductEdit() {
  return (
    <RecordEdit
      resource="products"
      title="app.products.edit_title"
      backTo={(product) => `/category/view/${categoryIdOf(product.categoryId) ?? ''}`}
      failureMessage="app.products.edit_failed"
      transform={(data) => ({ ...data, categoryId: categoryIdOf(data.categoryId) })}
    >
      <CategoryKind>
        {(kind, categoryId) => <ProductInputs mode="edit" kind={kind} categoryId={categoryId} />}
      </CategoryKind>
    </RecordEdit>
  );
}
