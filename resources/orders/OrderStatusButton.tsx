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
  useRecordContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { BusyButton } from '@/components/BusyButton';
import { isOrderStatus, type OrderStatus } from '@/orders/orderFields';
import { OrderStatusRadios } from './OrderStatusRadios';
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
      {open && <OrderStatusDialog order={record} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The four statuses with the order's current one chosen (Pending when it has none, the spec's
 * default): saving without a look then never reverts an order by accident.
 */
function OrderStatusDialog({ order, onClose }: { order: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const current: OrderStatus = isOrderStatus(order.status) ? order.status : 'Pending';
  const [status, setStatus] = useState<OrderStatus>(current);
  const { update, busy } = useOrderStatusUpdate();
  const titleId = `order-status-title-${order.id}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (await update(order, status)) onClose();
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
              orderId: order.orderId,
              status: order.status ?? 'Pending',
            })}
          </DialogContentText>
          <OrderStatusRadios id={titleId} value={status} onChange={setStatus} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('app.orders.cancel')}
          </Button>
          {/* Nothing to save until another status is chosen. */}
          <BusyButton
            busy={busy}
            disabled={busy || status === current}
            label={translate('app.orders.save')}
            busyLabel={translate('app.updating')}
          />
        </DialogActions>
      </form>
    </Dialog>
  );
}
