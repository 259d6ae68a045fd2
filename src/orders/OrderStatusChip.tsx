import { StatusChip } from '../components/StatusChip';
import { isOrderStatus, STATUS_COLOURS } from './orderFields';

/** The status as a coloured chip: Pending amber, Out for Delivery blue, Delivered green, Cancelled red. */
export function OrderStatusChip({ status }: { status: unknown }) {
  if (!status) return null;
  const tone = isOrderStatus(status) ? STATUS_COLOURS[status] : 'default';
  return <StatusChip tone={tone} label={String(status)} />;
}
