import DoneIcon from '@mui/icons-material/Done';
import { useState } from 'react';
import { useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { BusyButton } from '@/components/BusyButton';
import { OrderStatusDialog } from './OrderStatusButton';
import { statusGuard } from './statusGuards';
import { useOrderStatusUpdate } from './useOrderStatusUpdate';

/**
 * 'Mark As Delivered' (spec 001): sets a Pending order to Delivered in one click, as the spec
 * has it (no confirmation: the everyday step, undone with a reason if it was a mistake), and
 * shows the server's message. The view stays on the order (issue 37), which reloads Delivered
 * with its invoice one click away. An order that already has a tax invoice (delivered before,
 * then taken back) asks a reason first, as the server does (issue 37).
 */
export function MarkDeliveredButton({ order, resource }: { order: RaRecord; resource: string }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const { update, busy } = useOrderStatusUpdate();
  const [asking, setAsking] = useState(false);
  if (!canAccess) return null;
  const needsReason = statusGuard(order, 'Delivered') !== null;
  return (
    <>
      <BusyButton
        type="button"
        color="success"
        startIcon={<DoneIcon />}
        busy={busy}
        label={translate('app.orders.mark_delivered')}
        busyLabel={translate('app.updating')}
        onClick={() => (needsReason ? setAsking(true) : void update(order, 'Delivered'))}
      />
      {asking && (
        <OrderStatusDialog
          order={order}
          resource={resource}
          initialStatus="Delivered"
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
