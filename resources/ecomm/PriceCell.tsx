import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatRupees } from '@/format';

/** The price a customer pays, with the MRP struck through when there is an offer. */
export function PriceCell({ price, discountPrice }: { price: unknown; discountPrice: unknown }) {
  const translate = useTranslate();
  const offer = Number(discountPrice) > 0 && Number(discountPrice) < Number(price);
  if (!offer) return <span>{formatRupees(price)}</span>;
  const mrp = formatRupees(price);
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {formatRupees(discountPrice)}
      </Box>{' '}
      <Box
        component="s"
        aria-label={translate('app.ecomm.mrp', { price: mrp })}
        sx={{ color: 'text.secondary', fontSize: '0.85em' }}
      >
        {mrp}
      </Box>
    </Box>
  );
}
