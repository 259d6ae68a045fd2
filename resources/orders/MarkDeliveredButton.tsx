import DoneIcon from '@mui/icons-material/Done';
import { useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { BusyButton } from '@/components/BusyButton';
import { useOrderStatusUpdate } from './useOrderStatusUpdate';

/** Sets a Pending order to Delivered, shows the server's message, then `onDone` (back). */
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
  if (!canAccess) return null;
  return (
    <BusyButton
      type="button"
      color="success"
      startIcon={<DoneIcon />}
      busy={busy}
      label={translate('app.orders.mark_delivered')}
      busyLabel={translate('app.updating')}
      onClick={async () => {
        if (await update(order, 'Delivered')) onDone();
      }}
    />
  );
}
