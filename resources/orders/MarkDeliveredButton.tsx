import DoneIcon from '@mui/icons-material/Done';
import { useState } from 'react';
import { Confirm, useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { BusyButton } from '@/components/BusyButton';
import { useOrderStatusUpdate } from './useOrderStatusUpdate';

/**
 * Sets a Pending order to Delivered once the admin confirms (a delivered order starts its
 * return and billing), shows the server's message, then `onDone` (back).
 */
export function MarkDeliveredButton({
  order,
  resource,
  onDone,
}: {
  order: RaRecord;
  resource: string;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const { update, busy } = useOrderStatusUpdate();
  const [asking, setAsking] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <BusyButton
        type="button"
        color="success"
        startIcon={<DoneIcon />}
        busy={busy}
        label={translate('app.orders.mark_delivered')}
        busyLabel={translate('app.updating')}
        onClick={() => setAsking(true)}
      />
      <Confirm
        isOpen={asking}
        loading={busy}
        title={translate('app.orders.mark_delivered_title', { orderId: order.orderId })}
        content={translate('app.orders.mark_delivered_text', { status: order.status })}
        confirm={translate('app.orders.mark_delivered')}
        cancel={translate('app.orders.cancel')}
        onConfirm={async () => {
          const saved = await update(order, 'Delivered');
          setAsking(false);
          if (saved) onDone();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
