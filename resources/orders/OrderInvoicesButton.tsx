import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Button, useCanAccess, useTranslate } from 'react-admin';
import { addDays, indiaDay } from '@shared/time';
import { useFileDownload } from '@/actions/useFileDownload';
import { BusyButton } from '@/components/BusyButton';

/** The limits of order/invoices (server/modules/invoices: MOST_INVOICE_DAYS, MOST_INVOICES). */
const MOST_DAYS = 31;
const MOST_INVOICES = '2,000';

/** Whole days from `from` to `to`, both included. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** What is wrong with the range (an i18n key), or null. */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return null;
  if (from > to) return 'app.orders.invoices_range_order';
  if (daysBetween(from, to) > MOST_DAYS) return 'app.orders.invoices_range_long';
  return null;
}

/**
 * 'Invoices' on the orders list: the tax invoices issued on a range of days (India) as one PDF,
 * streamed from order/invoices (issue 16). The range is checked as the server checks it (at
 * most 31 days, From not after To); the server's own refusals (no invoices on those days, more
 * than 2,000) are shown as it words them.
 */
export function OrderInvoicesButton() {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'show' });
  const [open, setOpen] = useState(false);
  const today = indiaDay();
  const [from, setFrom] = useState(addDays(today, -6));
  const [to, setTo] = useState(today);
  const invoices = useFileDownload({
    fetch: (dataProvider, stream) =>
      dataProvider.download('orders', 'invoices', { values: { from, to }, ...stream }),
    progressMessage: 'app.orders.invoices_preparing_size',
    stoppedMessage: 'app.orders.invoices_stopped',
    failureMessage: 'app.orders.invoices_failed',
  });
  if (!canAccess) return null;
  const problem = rangeProblem(from, to);
  const download = (event: FormEvent) => {
    event.preventDefault();
    if (from && to && !problem) invoices.start();
  };
  const titleId = 'orders-invoices-title';
  return (
    <>
      <Button label="app.orders.invoices" onClick={() => setOpen(true)}>
        <ReceiptLongIcon />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <form onSubmit={download}>
          <DialogTitle id={titleId}>{translate('app.orders.invoices_title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {translate('app.orders.invoices_text', { days: MOST_DAYS, most: MOST_INVOICES })}
            </DialogContentText>
            <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
              <TextField
                type="date"
                label={translate('app.orders.invoices_from')}
                value={from}
                onChange={(e) => setFrom(e.target.value)}
                required
                fullWidth
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
              />
              <TextField
                type="date"
                label={translate('app.orders.invoices_to')}
                value={to}
                onChange={(e) => setTo(e.target.value)}
                required
                fullWidth
                error={Boolean(problem)}
                helperText={problem ? translate(problem, { days: MOST_DAYS }) : ' '}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('app.orders.cancel')}</MuiButton>
            <BusyButton
              busy={invoices.busy}
              disabled={invoices.busy || !from || !to || Boolean(problem)}
              label={translate('app.orders.invoices_download')}
              busyLabel={invoices.progress ?? translate('app.orders.invoices_preparing')}
            />
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
