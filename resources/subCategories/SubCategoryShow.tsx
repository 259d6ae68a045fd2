import { Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { formatDay } from '../../src/format';
import { DetailsCard } from '../products/CatalogueCard';

/** /admin-panel/sub-category/view/{id} */
export function SubCategoryShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: record, isPending, error } = useGetOne('subCategories', { id: id! });
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !record) return <RecordMissing message={error?.message} />;
  return (
    <DetailsCard
      title={translate('app.subCategories.view_title')}
      heading={record.name}
      image={record.image}
      resource="subCategories"
      editTo={`/sub-category/edit/${record.id}`}
      details={[
        ['Title', record.title],
        ['Description', record.description],
        ['Status', record.status],
        ['Created At', formatDay(record.createdAt)],
      ]}
    />
  );
}
