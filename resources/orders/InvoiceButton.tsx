import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useCanAccess, useTranslate } from 'react-admin';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';

/**
 * 'Download invoice' of a delivered order: its GST tax invoice as a PDF, streamed from
 * order/invoice (the `invoice` file of the orders resource) and saved under the server's name.
 * The server's refusal (business details not saved yet) is shown as it says it.
 */
export function InvoiceButton({ orderId }: { orderId: string }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'show' });
  const invoice = useFileDownload({
    fetch: (dataProvider, stream) =>
      dataProvider.download('orders', 'invoice', { values: { orderId }, ...stream }),
    progressMessage: 'app.orders.invoice_preparing_size',
    stoppedMessage: 'app.orders.invoice_stopped',
    failureMessage: 'app.orders.invoice_failed',
  });
  if (!canAccess) return null;
  return (
    <BusyButton
      type="button"
      variant="outlined"
      startIcon={<ReceiptLongIcon />}
      busy={invoice.busy}
      label={translate('app.orders.invoice')}
      busyLabel={invoice.progress ?? translate('app.orders.invoice_preparing')}
      onClick={invoice.start}
    />
  );
}
