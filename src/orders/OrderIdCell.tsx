import { Box } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { shortId } from '../names';

/**
 * The order number, after a red dot when the order is an emergency (named 'Emergency' for
 * screen readers). `cut`: the assigning-jobs table shows 10 characters (spec 001 §9), the last
 * ten, which keep the random part that tells apart orders of one day; the full number is in
 * the tooltip.
 */
export function OrderIdCell({ order, cut = false }: { order: RaRecord; cut?: boolean }) {
  const translate = useTranslate();
  const orderId = String(order.orderId ?? '');
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {order.isEmergency && (
        <Box
          component="span"
          role="img"
          aria-label={translate('app.orders.emergency')}
          title={translate('app.orders.emergency')}
          sx={{
            width: 10,
            height: 10,
            flexShrink: 0,
            borderRadius: '50%',
            bgcolor: 'error.main',
          }}
        />
      )}
      {cut ? <span title={orderId}>{shortId(orderId)}</span> : <span>{orderId}</span>}
    </Box>
  );
}
