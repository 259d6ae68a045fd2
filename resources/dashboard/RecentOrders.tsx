import {
  Box,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatRupees } from '@/format';
import { useIsPhone } from '@/lists/PhoneList';
import { COMPACT_ON_PHONES } from '@/components/compactTable';
import { HIDDEN_WHEN_NARROW, RecentPanel } from './RecentPanel';
import { OrderStatusChip } from '@/orders/OrderStatusChip';

/** The five newest orders (the server sends none to an admin without the orders group). */
export function RecentOrders({ orders }: { orders: RaRecord[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.dashboard.${key}`);
  // On a phone the status goes under the order number: beside it, a chip like 'Out for
  // Delivery' makes the table wider than the screen.
  const phone = useIsPhone();
  return (
    <RecentPanel title={t('recent_orders')} viewAll="/orders/1" viewAllLabel={t('view_all_orders')}>
      {orders.length === 0 ? (
        <Typography color="text.secondary">{t('no_orders')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" sx={COMPACT_ON_PHONES}>
            <TableHead>
              <TableRow>
                <TableCell>{t('order_id')}</TableCell>
                <TableCell sx={HIDDEN_WHEN_NARROW}>{t('payment_method')}</TableCell>
                <TableCell align="right">{t('amount')}</TableCell>
                {!phone && <TableCell>{t('status')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((order) => (
                <TableRow key={order._id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/order/view/${order._id}`}>
                      {order.orderId}
                    </Link>
                    {phone && (
                      <Box sx={{ mt: 0.5 }}>
                        <OrderStatusChip status={order.status} />
                      </Box>
                    )}
                  </TableCell>
                  <TableCell sx={HIDDEN_WHEN_NARROW}>
                    {order.paymentMethod || t('online')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatRupees(order.amount)}
                  </TableCell>
                  {!phone && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <OrderStatusChip status={order.status} />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </RecentPanel>
  );
}
