import { Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { formatDay, formatRupees } from '../../src/format';
import { DetailsCard } from './CatalogueCard';

/** /admin-panel/product/view/{id} */
export function ProductShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: record, isPending, error } = useGetOne('products', { id: id! });
  const sub = useGetOne(
    'subCategories',
    { id: record?.subCategoryId },
    { enabled: !!record?.subCategoryId },
  );
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !record) return <RecordMissing message={error?.message} />;
  const details: [string, string][] = [
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
  details.push(['Status', record.status], ['Created At', formatDay(record.createdAt)]);
  return (
    <DetailsCard
      title={translate('app.products.view_title')}
      heading={record.name}
      image={record.image}
      resource="products"
      editTo={`/product/edit/${record.id}`}
      details={details}
    />
  );
}
