import EditIcon from '@mui/icons-material/Edit';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Tooltip,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import {
  useCanAccess,
  useGetOne,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { BusyButton } from '@/components/BusyButton';
import { isOrderStatus, type OrderStatus } from '@/orders/orderFields';
import { OrderStatusRadios } from './OrderStatusRadios';
import { reasonReady, StatusReason } from './StatusReason';
import { statusGuard } from './statusGuards';
import { useOrderStatusUpdate } from './useOrderStatusUpdate';

/** The row's 'edit status' button and its modal; hidden without edit permission. */
export function OrderStatusButton() {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const [open, setOpen] = useState(false);
  if (!record || !canAccess) return null;
  const label = translate('app.orders.edit_status', { orderId: record.orderId });
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} size="small" onClick={() => setOpen(true)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {/* Mounted only while open, so that it starts from the order's current status each time. */}
      {open && (
        <OrderStatusDialog order={record} resource={resource} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

/**
 * The four statuses with the order's current one chosen (Pending when it has none, the spec's
 * default): saving without a look then never reverts an order by accident. Taking it back
 * from Delivered, changing an invoiced order or cancelling says what it does and asks a reason
 * (issue 37). The order is read in full (get-order) for its invoice, which a list row lacks.
 */
export function OrderStatusDialog({
  order: row,
  resource = 'orders',
  initialStatus,
  onClose,
}: {
  order: RaRecord;
  resource?: string;
  /** The status chosen when it opens (Mark As Delivered of an invoiced order); else the current. */
  initialStatus?: OrderStatus;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { data: full } = useGetOne(resource, { id: row.id });
  const order = full ?? row;
  const current: OrderStatus = isOrderStatus(row.status) ? row.status : 'Pending';
  const [status, setStatus] = useState<OrderStatus>(initialStatus ?? current);
  const [reason, setReason] = useState('');
  const { update, busy } = useOrderStatusUpdate();
  const titleId = `order-status-title-${row.id}`;
  const guard = statusGuard({ status: current, invoice: order.invoice }, status);
  const ready = status !== current && reasonReady(guard, reason);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    if (await update(order, status, reason)) onClose();
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={save}>
        <DialogTitle id={titleId}>{translate('app.orders.status_dialog_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('app.orders.status_dialog_text', {
              orderId: row.orderId,
              status: row.status ?? 'Pending',
            })}
          </DialogContentText>
          <OrderStatusRadios id={titleId} value={status} onChange={setStatus} />
          {status !== current && (
            <StatusReason
              guard={guard}
              orderId={row.orderId}
              status={status}
              invoiceNo={order.invoice?.invoiceNo}
              value={reason}
              onChange={setReason}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('app.orders.cancel')}
          </Button>
          {/* Nothing to save until another status is chosen, and a reason where one is due. */}
          <BusyButton
            busy={busy}
            disabled={busy || !ready}
            label={translate('app.orders.save')}
            busyLabel={translate('app.updating')}
          />
        </DialogActions>
      </form>
    </Dialog>
  );
}
