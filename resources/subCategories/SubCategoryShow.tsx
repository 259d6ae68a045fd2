import { WithRecord } from 'react-admin';
import { formatDay } from '@/format';
import { RecordShow } from '@/records/RecordShow';
import { ImageDetails } from '@/catalogue/CatalogueCard';

/** /admin-panel/sub-category/view/{id} */
export function SubCategoryShow() {
  return (
    <RecordShow
      resource="subCategories"
      title="app.subCategories.view_title"
      heading={(record) => record.name}
      editTo={(record) => `/sub-category/edit/${record.id}`}
      maxWidth="none"
    >
      <WithRecord
        render={(record) => (
          <ImageDetails
            image={record.image}
            alt={record.name}
            details={[
              ['Title', record.title],
              ['Description', record.description],
              ['Status', record.status],
              ['Created At', formatDay(record.createdAt)],
            ]}
          />
        )}
      />
    </RecordShow>
  );
}
