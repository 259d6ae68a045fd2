import { Chip } from '@mui/material';
import { isOrderStatus, STATUS_COLOURS } from './orderFields';

/** The status as a coloured chip: Pending amber, Out for Delivery blue, Delivered green, Cancelled red. */
export function OrderStatusChip({ status }: { status: unknown }) {
  if (!status) return null;
  const colour = isOrderStatus(status) ? STATUS_COLOURS[status] : 'default';
  return <Chip size="small" color={colour} label={String(status)} />;
}
