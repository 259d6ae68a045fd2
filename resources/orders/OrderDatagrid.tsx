import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Datagrid,
  FunctionField,
  useCanAccess,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDashedDate, formatRupees } from '@/format';
import { bulkActionProps } from '@/lists/BulkActions';
import { useIsPhone } from '@/lists/PhoneList';
import { shortId } from '@/names';
import { OrderBulkStatusButton } from './OrderBulkStatusButton';
import { OrderCardList } from './OrderCardList';
import { OrderIdCell } from '@/orders/OrderIdCell';
import { OrderRowActions } from './OrderRowActions';
import { OrderStatusChip } from '@/orders/OrderStatusChip';
import {
  collectsReturns,
  customerName,
  familyId,
  formatAddress,
  orderTotal,
  serviceKind,
} from '@/orders/orderFields';
import { NoWrap } from '@/components/NoWrap';

/** The columns the orders calls sort by (`sortField`). */
export const ORDER_SORT_FIELDS = ['createdAt', 'orderId', 'totalAmount', 'status'];

export interface OrderDatagridProps {
  /** Where the view button goes: `/order/view`, `/order-type/view`, `/assigning-job/view`. */
  viewPath: string;
  /**
   * The Return column: `service` for a list of one water or oxygen service, `row` for a mixed
   * list (the number for water and oxygen orders, '—' for others), `none` to leave it out.
   */
  returns: 'service' | 'row' | 'none';
  sortFields?: string[];
  /** Assigning jobs: ids cut to 10 characters, a Pin Code column. */
  jobs?: boolean;
  /** Tiffin jobs: pickup / drop addresses and start / end dates, and no status edit. */
  tiffin?: boolean;
  /** Bulk actions beside 'Set status' (assigning jobs: assign to a rider, unassign). */
  moreBulkActions?: ReactNode;
}

const returnCell = (r: RaRecord) => (collectsReturns(serviceKind(r)) ? r.returnQuantity : '—');
const quantityCell = (r: RaRecord) => r.returnQuantity;

/**
 * The orders table of every orders and assigning-jobs list (spec 001 §2); on a phone, the same
 * orders one line each (OrderCardList).
 */
export function OrderDatagrid({
  viewPath,
  returns,
  sortFields = ORDER_SORT_FIELDS,
  jobs = false,
  tiffin = false,
  moreBulkActions,
}: OrderDatagridProps) {
  const sortable = (field: string) => sortFields.includes(field);
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  // Row checkboxes for those who may change a status; tiffin jobs have no status edit.
  const bulk = bulkActionProps(
    canAccess && (!tiffin || Boolean(moreBulkActions)) && (
      <>
        {!tiffin && <OrderBulkStatusButton />}
        {moreBulkActions}
      </>
    ),
    'app.orders.bulk_selected',
  );
  const phone = useIsPhone();
  if (phone) {
    return (
      <OrderCardList
        viewPath={viewPath}
        sortFields={sortFields}
        returnOf={returns === 'none' ? undefined : returns === 'row' ? returnCell : quantityCell}
        jobs={jobs}
        tiffin={tiffin}
        bulk={bulk}
      />
    );
  }
  return (
    <Datagrid {...bulk} rowClick={false}>
      <FunctionField
        source="createdAt"
        label="app.orders.date"
        sortable={sortable('createdAt')}
        render={(r) => <NoWrap>{formatDashedDate(r.createdAt)}</NoWrap>}
      />
      <FunctionField
        label="app.orders.family_id"
        sortable={false}
        render={(r) => <span title={familyId(r)}>{shortId(familyId(r))}</span>}
      />
      <FunctionField label="app.orders.customer_name" sortable={false} render={customerName} />
      <FunctionField
        source="orderId"
        label="app.orders.order_id"
        sortable={sortable('orderId')}
        render={(r) => <OrderIdCell order={r} cut={jobs} />}
      />
      {jobs && (
        <FunctionField
          source="pincode"
          label="app.orders.pin_code"
          sortable={sortable('pincode')}
          render={(r) => r.pincode}
        />
      )}
      {tiffin && (
        <FunctionField
          label="app.orders.pickup_address"
          sortable={false}
          render={(r) => <AddressCell text={formatAddress(r.pickupAddress)} />}
        />
      )}
      {tiffin && (
        <FunctionField
          label="app.orders.drop_address"
          sortable={false}
          render={(r) => <AddressCell text={formatAddress(r.deliveryAddress)} />}
        />
      )}
      {tiffin && (
        <FunctionField
          label="app.orders.start_date"
          sortable={false}
          render={(r) => <NoWrap>{formatDashedDate(r.startDate)}</NoWrap>}
        />
      )}
      {tiffin && (
        <FunctionField
          label="app.orders.end_date"
          sortable={false}
          render={(r) => <NoWrap>{formatDashedDate(r.endDate)}</NoWrap>}
        />
      )}
      {returns !== 'none' && (
        <FunctionField
          label="app.orders.return"
          sortable={false}
          render={returns === 'row' ? returnCell : quantityCell}
        />
      )}
      <FunctionField
        source="totalAmount"
        label="app.orders.amount"
        sortable={sortable('totalAmount')}
        render={(r) => formatRupees(orderTotal(r))}
      />
      <FunctionField
        source="status"
        label="app.orders.status"
        sortable={sortable('status')}
        render={(r) => <OrderStatusChip status={r.status} />}
      />
      {jobs && (
        <FunctionField label="app.assigningJobs.rider" sortable={false} render={riderCell} />
      )}
      <FunctionField
        label="app.list.actions"
        render={() => <OrderRowActions viewPath={viewPath} noStatusEdit={tiffin} />}
      />
    </Datagrid>
  );
}

/** Whom a job is given to, opening that rider's run of its day; 'Unassigned' otherwise. */
function riderCell(r: RaRecord) {
  if (!r.rider) return <RiderUnassigned />;
  const query = new URLSearchParams(
    Object.entries({ date: r.runDate, shift: r.runShift }).filter(([, v]) => v),
  );
  return (
    <Link to={`/rider/run/${r.rider._id}?${query}`} style={{ whiteSpace: 'nowrap' }}>
      {r.rider.name}
    </Link>
  );
}

function RiderUnassigned() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" component="span" color="text.secondary">
      {translate('app.assigningJobs.unassigned')}
    </Typography>
  );
}

/** An address kept to two lines so that the table fits the screen; the whole text on hover. */
function AddressCell({ text }: { text: string }) {
  return (
    <Typography
      variant="body2"
      title={text}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        minWidth: 160,
        maxWidth: 240,
      }}
    >
      {text}
    </Typography>
  );
}
