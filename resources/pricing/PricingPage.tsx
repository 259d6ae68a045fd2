import { Box, Typography } from '@mui/material';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '@/components/RecordMissing';
import { PriceTable } from './PriceTable';

/** Accessories exist for these kinds only (spec 000: the category view's accessory table). */
const ACCESSORY_KINDS = ['water', 'oxygen'];

/** /admin-panel/pricing/{categoryName}/{id}: the prices of one category at a glance. */
export function PricingPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: category, isPending, error } = useGetOne('categories', { id: id! });
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !category) return <RecordMissing message={error?.message} />;
  const title = translate('app.pricing.title', { name: category.name });
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.pricing.intro')}
      </Typography>
      {category.kind !== 'tiffin' && (
        <PriceTable
          resource="products"
          title={translate('app.pricing.products')}
          filter={{ searchId: category.id }}
          imageSource="image"
          emptyText={translate('app.pricing.no_products')}
          failureMessage="app.pricing.product_failed"
        />
      )}
      {ACCESSORY_KINDS.includes(category.kind) && (
        <PriceTable
          resource="accessories"
          title={translate('app.pricing.accessories')}
          filter={{ categoryId: category.id }}
          imageSource="imageUrl"
          emptyText={translate('app.pricing.no_accessories')}
          failureMessage="app.pricing.accessory_failed"
        />
      )}
    </Box>
  );
}
