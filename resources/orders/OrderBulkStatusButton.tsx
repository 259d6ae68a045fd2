import EditIcon from '@mui/icons-material/Edit';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Button, Confirm, useTranslate, type Identifier } from 'react-admin';
import { useBulkAction } from '@/lists/useBulkAction';
import type { AppDataProvider } from '@/providers/types';
import { type OrderStatus } from '@/orders/orderFields';
import { OrderStatusRadios } from './OrderStatusRadios';

/** Every list that shows an order's status reloads after a change. */
const ORDER_LISTS = ['orders', 'assigningJobs'];

/**
 * The orders lists' bulk action: 'Set status' opens the four statuses, then asks 'Set 3 orders
 * to Delivered?' and sets them in one call (order/bulk-update-status).
 */
export function OrderBulkStatusButton() {
  const translate = useTranslate();
  const [step, setStep] = useState<'closed' | 'choosing' | 'confirming'>('closed');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const { count, apply, busy } = useBulkAction(
    (dp: AppDataProvider, orderIds: Identifier[], chosen: OrderStatus) =>
      dp.setOrdersStatus({ orderIds, status: chosen }),
    { failureMessage: 'app.orders.bulk_failed', invalidates: ORDER_LISTS },
  );
  const open = () => {
    setStatus('');
    setStep('choosing');
  };
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (status) setStep('confirming');
  };
  const titleId = 'orders-bulk-status-title';

  return (
    <>
      <Button label="app.orders.bulk_set_status" onClick={open} disabled={busy}>
        <EditIcon />
      </Button>
      <Dialog
        open={step === 'choosing'}
        onClose={() => setStep('closed')}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <form onSubmit={next}>
          <DialogTitle id={titleId}>
            {translate('app.orders.bulk_status_title', { smart_count: count })}
          </DialogTitle>
          <DialogContent>
            <OrderStatusRadios id={titleId} value={status} onChange={setStatus} />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setStep('closed')}>
              {translate('app.orders.cancel')}
            </MuiButton>
            <MuiButton type="submit" variant="contained" disabled={!status}>
              {translate('app.orders.bulk_next')}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
      <Confirm
        isOpen={step === 'confirming'}
        loading={busy}
        title="app.orders.bulk_confirm"
        titleTranslateOptions={{ smart_count: count, status }}
        content="app.orders.bulk_confirm_text"
        contentTranslateOptions={{ status }}
        confirm="app.orders.bulk_set_status"
        cancel="app.orders.cancel"
        onConfirm={async () => {
          if (status) await apply(status);
          setStep('closed');
        }}
        onClose={() => setStep('closed')}
      />
    </>
  );
}
