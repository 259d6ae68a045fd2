import type { ReactNode } from 'react';
import { useGetOne, useRecordContext } from 'react-admin';
import { formatDay, formatRupees } from '@/format';
import { RecordShow } from '@/records/RecordShow';
import { ImageDetails } from '@/catalogue/CatalogueCard';
import { taxDetails } from '@/catalogue/tax';

/** /admin-panel/product/view/{id} */
export function ProductShow() {
  return (
    <RecordShow
      resource="products"
      title="app.products.view_title"
      heading={(record) => record.name}
      editTo={(record) => `/product/edit/${record.id}`}
      maxWidth="none"
    >
      <ProductDetails />
    </RecordShow>
  );
}

/** Its details, with the name of its sub-category (laundry) when it has one. */
function ProductDetails() {
  const record = useRecordContext()!;
  const sub = useGetOne(
    'subCategories',
    { id: record.subCategoryId },
    { enabled: Boolean(record.subCategoryId) },
  );
  const details: [string, ReactNode][] = [
    ['Title', record.title],
    ['Description', record.description],
    ['Category', record.categoryId?.name ?? ''],
    ['Price', formatRupees(record.price)],
    ['Discount Price', formatRupees(record.discountPrice)],
    ['Stock Quantity', String(record.stockQuantity)],
  ];
  if (record.quantity !== null && record.quantity !== undefined) {
    details.push(['Quantity (litres)', `${record.quantity} L`]);
  }
  if (record.subCategoryId) details.push(['Sub Category', sub.data?.name ?? '']);
  details.push(
    ...taxDetails(record, { unset: 'Category default', returnable: true }),
    ['Status', record.status],
    ['Created At', formatDay(record.createdAt)],
  );
  return <ImageDetails image={record.image} alt={record.name} details={details} />;
}
