import { WithRecord } from 'react-admin';
import { formatDay, formatRupees } from '@/format';
import { RecordShow } from '@/records/RecordShow';
import { ImageDetails } from '@/catalogue/CatalogueCard';
import { taxDetails } from '@/catalogue/tax';
import { choiceLabel } from './choices';

/** /admin-panel/accessory/view/{id} */
export function AccessoryShow() {
  return (
    <RecordShow
      resource="accessories"
      title="app.accessories.view_title"
      heading={(record) => record.name}
      editTo={(record) => `/accessory/edit/${record.id}`}
      maxWidth="none"
    >
      <WithRecord
        render={(record) => (
          <ImageDetails
            image={record.imageUrl}
            alt={record.name}
            details={[
              ['Type', choiceLabel(record.type)],
              ['Material', choiceLabel(record.material)],
              ['Price', formatRupees(record.price)],
              ['Discount Price', formatRupees(record.discountPrice)],
              ['Stock Quantity', String(record.stockQuantity)],
              ...taxDetails(record, { unset: 'Category default', returnable: true }),
              ['Status', record.status],
              ['Created At', formatDay(record.createdAt)],
            ]}
          />
        )}
      />
    </RecordShow>
  );
}
