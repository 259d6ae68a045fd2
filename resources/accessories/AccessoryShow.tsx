import { Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { formatDay, formatRupees } from '../../src/format';
import { DetailsCard } from '../products/CatalogueCard';
import { choiceLabel } from './choices';

/** /admin-panel/accessory/view/{id} */
export function AccessoryShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: record, isPending, error } = useGetOne('accessories', { id: id! });
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !record) return <RecordMissing message={error?.message} />;
  return (
    <DetailsCard
      title={translate('app.accessories.view_title')}
      heading={record.name}
      image={record.imageUrl}
      resource="accessories"
      editTo={`/accessory/edit/${record.id}`}
      details={[
        ['Type', choiceLabel(record.type)],
        ['Material', choiceLabel(record.material)],
        ['Price', formatRupees(record.price)],
        ['Discount Price', formatRupees(record.discountPrice)],
        ['Stock Quantity', String(record.stockQuantity)],
        ['Status', record.status],
        ['Created At', formatDay(record.createdAt)],
      ]}
    />
  );
}
