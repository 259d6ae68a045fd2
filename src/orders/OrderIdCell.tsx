import { Box } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { EmergencyAge } from './EmergencyAge';

/**
 * The order number, after a red dot when the order is an emergency (named 'Emergency' for
 * screen readers), and then its clock (issue 40: its age while open, its time once delivered). Shown whole in every table, Assigning Jobs too (issue 37: the spec's cut to
 * 10 characters left '1128M4X3UR' of 'OD261128M4X3UR', which matched nothing else on screen).
 */
export function OrderIdCell({ order }: { order: RaRecord }) {
  const translate = useTranslate();
  const orderId = String(order.orderId ?? '');
  const number = (
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
      <span style={{ whiteSpace: 'nowrap' }}>{orderId}</span>
    </Box>
  );
  if (!order.isEmergency) return number;
  return (
    <Box
      component="span"
      // The clock goes under the number when a phone's line is short of room.
      sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.75 }}
    >
      {number}
      <EmergencyAge order={order} />
    </Box>
  );
}
