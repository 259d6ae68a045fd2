import { WithRecord } from 'react-admin';
import { formatDay } from '@/format';
import { RecordShow } from '@/records/RecordShow';
import { CategoryAccessories } from '../accessories/CategoryAccessories';
import { ImageDetails } from '@/catalogue/CatalogueCard';
import { taxDetails } from '@/catalogue/tax';
import { CategoryProducts } from '../products/CategoryProducts';
import { CategorySubCategories } from '../subCategories/CategorySubCategories';
import { kindLabel } from './kinds';

/**
 * /admin-panel/category/view/{id}: the category's details, then its tables by kind:
 * sub-categories (laundry), products (all but tiffin), accessories (water and oxygen).
 */
export function CategoryShow() {
  return (
    <RecordShow
      resource="categories"
      title="app.categories.view_title"
      heading={(record) => record.name}
      editTo={(record) => `/category/edit/${record.id}`}
      maxWidth="none"
      after={(record) => (
        <>
          {record.kind === 'laundry' && <CategorySubCategories category={record} />}
          {record.kind !== 'tiffin' && <CategoryProducts category={record} />}
          {(record.kind === 'water' || record.kind === 'oxygen') && (
            <CategoryAccessories category={record} />
          )}
        </>
      )}
    >
      <WithRecord
        render={(record) => (
          <ImageDetails
            image={record.image}
            alt={record.name}
            details={[
              ['Title', record.title],
              ['Description', record.description],
              ['Service kind', kindLabel(record.kind)],
              ...taxDetails(record, { unset: 'Not set', returnable: false }),
              ['Status', record.status],
              ['Created At', formatDay(record.createdAt)],
            ]}
          />
        )}
      />
    </RecordShow>
  );
}
