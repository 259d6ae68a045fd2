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
  /**
   * Assigning jobs: the family id under the customer's name, Pin Code and Address columns and
   * narrower cells, so that every column and row action fits a 1366 px laptop.
   */
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
    <Datagrid {...bulk} rowClick={false} sx={jobs ? JOBS_TABLE_SX : undefined}>
      <FunctionField
        source="createdAt"
        label="app.orders.date"
        sortable={sortable('createdAt')}
        render={(r) => <NoWrap>{formatDashedDate(r.createdAt)}</NoWrap>}
      />
      {!jobs && (
        <FunctionField
          label="app.orders.family_id"
          sortable={false}
          render={(r) => <span title={familyId(r)}>{shortId(familyId(r))}</span>}
        />
      )}
      <FunctionField
        label="app.orders.customer_name"
        sortable={false}
        render={jobs ? customerWithFamilyId : customerName}
      />
      <FunctionField
        source="orderId"
        label="app.orders.order_id"
        sortable={sortable('orderId')}
        render={(r) => <OrderIdCell order={r} />}
      />
      {jobs && (
        <FunctionField
          source="pincode"
          label="app.orders.pin_code"
          sortable={sortable('pincode')}
          render={(r) => r.pincode}
        />
      )}
      {jobs && !tiffin && (
        <FunctionField
          label="app.orders.address"
          sortable={false}
          render={(r) => <AddressCell text={formatAddress(r.address ?? r.deliveryAddress)} />}
        />
      )}
      {tiffin && jobs && (
        <FunctionField label="app.orders.addresses" sortable={false} render={pickupAndDrop} />
      )}
      {tiffin && !jobs && (
        <FunctionField
          label="app.orders.pickup_address"
          sortable={false}
          render={(r) => <AddressCell text={formatAddress(r.pickupAddress)} />}
        />
      )}
      {tiffin && !jobs && (
        <FunctionField
          label="app.orders.drop_address"
          sortable={false}
          render={(r) => <AddressCell text={formatAddress(r.deliveryAddress)} />}
        />
      )}
      {tiffin && jobs && (
        <FunctionField
          label="app.orders.plan_dates"
          sortable={false}
          render={(r) => (
            <>
              <NoWrap>{formatDashedDate(r.startDate)}</NoWrap>
              <br />
              <NoWrap>{formatDashedDate(r.endDate)}</NoWrap>
            </>
          )}
        />
      )}
      {tiffin && !jobs && (
        <FunctionField
          label="app.orders.start_date"
          sortable={false}
          render={(r) => <NoWrap>{formatDashedDate(r.startDate)}</NoWrap>}
        />
      )}
      {tiffin && !jobs && (
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
    <Link
      to={`/rider/run/${r.rider._id}?${query}`}
      style={{ whiteSpace: 'nowrap' }}
      title={r.rider.name}
    >
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

/**
 * Jobs: cells with half the usual side padding, a one-line Status chip, so that the table with
 * its address fits the 1,054 px a 1366 px laptop leaves it beside the sidebar.
 */
const JOBS_TABLE_SX = {
  '& .MuiTableCell-root': { px: 0.75 },
  '& .MuiTableCell-root:first-of-type': { pl: 1.5 },
  '& .MuiChip-root': { whiteSpace: 'nowrap' },
};

/** A job's customer, with the family id (cut as in every table) under the name. */
function customerWithFamilyId(r: RaRecord) {
  const id = familyId(r);
  return (
    <>
      {customerName(r)}
      <Typography variant="caption" component="div" color="text.secondary" title={id}>
        {shortId(id)}
      </Typography>
    </>
  );
}

/** A tiffin job's two addresses in one column, a line each, so that the jobs table fits. */
function PickupAndDrop({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <>
      <AddressCell
        text={formatAddress(record.pickupAddress)}
        prefix={translate('app.orders.pickup_short')}
        wide
      />
      <AddressCell
        text={formatAddress(record.deliveryAddress)}
        prefix={translate('app.orders.drop_short')}
        wide
      />
    </>
  );
}
const pickupAndDrop = (r: RaRecord) => <PickupAndDrop record={r} />;

/** An address on one line, cut with an ellipsis so that the table fits; the whole on hover. */
function AddressCell({ text, prefix, wide }: { text: string; prefix?: string; wide?: boolean }) {
  const shown = prefix && text ? `${prefix}: ${text}` : text;
  return (
    <Typography
      variant="body2"
      title={shown}
      sx={{
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        minWidth: 100,
        maxWidth: wide ? 176 : 130,
      }}
    >
      {shown}
    </Typography>
  );
}
