import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { formatDashedDate, formatRupees } from '@/format';
import { PhoneList, type PhoneBulkProps } from '@/lists/PhoneList';
import { OrderIdCell } from '@/orders/OrderIdCell';
import { OrderStatusButton } from './OrderStatusButton';
import { OrderStatusChip } from '@/orders/OrderStatusChip';
import { customerName, formatAddress, orderTotal } from '@/orders/orderFields';

export interface OrderCardListProps {
  viewPath: string;
  sortFields: string[];
  /** The Return count of a row, or undefined where the list shows none. */
  returnOf?: (r: RaRecord) => ReactNode;
  jobs: boolean;
  tiffin: boolean;
  /** OrderDatagrid's bulkActionProps(): with buttons, lines have checkboxes. */
  bulk: PhoneBulkProps;
}

/**
 * The orders of a list on a phone: the number (in full, also for jobs) and status; customer,
 * day and amount; a job's pin code and rider, a plan's days, the jars to collect; a job's
 * delivery address on one line. Sorted from
 * `resources.orders.fields` whatever the list's resource.
 */
export function OrderCardList({
  viewPath,
  sortFields,
  returnOf,
  jobs,
  tiffin,
  bulk,
}: OrderCardListProps) {
  const translate = useTranslate();
  return (
    <PhoneList
      {...bulk}
      name={(order) => String(order.orderId)}
      primary={(order) => <OrderIdCell order={order} />}
      badge={(order) => <OrderStatusChip status={order.status} />}
      lines={(order) => {
        const returns = returnOf?.(order);
        const more = [
          jobs && order.pincode,
          jobs && (order.rider?.name ?? translate('app.assigningJobs.unassigned')),
          tiffin && `${formatDashedDate(order.startDate)} – ${formatDashedDate(order.endDate)}`,
          returns !== undefined &&
            returns !== '—' &&
            `${translate('app.orders.return')} ${returns}`,
        ].filter(Boolean);
        return [
          [
            customerName(order),
            formatDashedDate(order.createdAt),
            formatRupees(orderTotal(order)),
          ].join(' · '),
          more.join(' · '),
          jobs && !tiffin && <AddressLine text={formatAddress(order.address)} />,
        ];
      }}
      to={(order) => `${viewPath}/${order.id}`}
      actions={tiffin ? undefined : <OrderStatusButton />}
      sortFields={sortFields}
      sortResource="orders"
    />
  );
}

/** A job's address on one line (the whole on hover), as the jobs table cuts it. */
function AddressLine({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Box
      component="span"
      title={text}
      sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {text}
    </Box>
  );
}
