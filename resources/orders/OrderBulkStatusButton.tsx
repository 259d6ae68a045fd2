import EditIcon from '@mui/icons-material/Edit';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Button, useListContext, useTranslate, type Identifier } from 'react-admin';
import { BusyButton } from '@/components/BusyButton';
import { useBulkAction } from '@/lists/useBulkAction';
import type { AppDataProvider } from '@/providers/types';
import { type OrderStatus } from '@/orders/orderFields';
import { OrderStatusRadios } from './OrderStatusRadios';
import { reasonReady, StatusReason } from './StatusReason';
import { bulkStatusGuard } from './statusGuards';

/** Every list that shows an order's status reloads after a change. */
const ORDER_LISTS = ['orders', 'assigningJobs'];

/**
 * The orders lists' bulk action: 'Set status' opens the four statuses, then asks 'Set 3 orders
 * to Delivered?' with a reason for all, and sets them in one call (order/bulk-update-status).
 * The reason is required when a selected order is taken back from Delivered or the orders are
 * cancelled (issue 37); the server also asks it for invoiced orders, and then changes nothing:
 * the confirmation stays open with the server's words, to give one.
 */
export function OrderBulkStatusButton() {
  const translate = useTranslate();
  const { data = [], selectedIds } = useListContext();
  const [step, setStep] = useState<'closed' | 'choosing' | 'confirming'>('closed');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [reason, setReason] = useState('');
  const { count, apply, busy } = useBulkAction(
    (
      dp: AppDataProvider,
      orderIds: Identifier[],
      chosen: { status: OrderStatus; reason: string },
    ) =>
      dp.setOrdersStatus({
        orderIds,
        status: chosen.status,
        ...(chosen.reason.trim() ? { reason: chosen.reason.trim() } : {}),
      }),
    { failureMessage: 'app.orders.bulk_failed', invalidates: ORDER_LISTS },
  );
  const selected = data.filter((o) => selectedIds.includes(o.id));
  const guard = status ? bulkStatusGuard(selected, status) : null;
  const open = () => {
    setStatus('');
    setReason('');
    setStep('choosing');
  };
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (status) setStep('confirming');
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!status || !reasonReady(guard, reason)) return;
    if (await apply({ status, reason })) setStep('closed');
  };
  const titleId = 'orders-bulk-status-title';
  const confirmId = 'orders-bulk-confirm-title';

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
      <Dialog
        open={step === 'confirming'}
        onClose={busy ? undefined : () => setStep('closed')}
        aria-labelledby={confirmId}
        fullWidth
        maxWidth="xs"
      >
        <form onSubmit={confirm}>
          <DialogTitle id={confirmId}>
            {translate('app.orders.bulk_confirm', { smart_count: count, status })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {translate('app.orders.bulk_confirm_text', { status })}
            </DialogContentText>
            <StatusReason
              guard={guard}
              count={count}
              status={status}
              value={reason}
              onChange={setReason}
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setStep('closed')} disabled={busy}>
              {translate('app.orders.cancel')}
            </MuiButton>
            <BusyButton
              busy={busy}
              disabled={busy || !reasonReady(guard, reason)}
              label={translate('app.orders.bulk_set_status')}
              busyLabel={translate('app.updating')}
            />
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
