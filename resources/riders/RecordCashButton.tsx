import PaymentsIcon from '@mui/icons-material/Payments';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { useAction } from '@/actions/useAction';
import { formatRupees } from '@/format';
import type { AppDataProvider } from '@/providers/types';
import type { RiderCashRow } from './types';

/** Mirrors the server: above 0, at most ₹10,00,000, at most 2 decimals. */
export function cashAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && value <= 1_000_000 ? value : null;
}

/** The amount offered: what the rider still owes, if anything. */
const owed = (row: RiderCashRow) =>
  row.difference > 0 ? String(Math.round(row.difference * 100) / 100) : '';

/** 'Record cash' for one rider and day: the amount (the difference by default), then saved. */
export function RecordCashButton({ row, date }: { row: RiderCashRow; date: string }) {
  const translate = useTranslate();
  const titleId = useId();
  const { canAccess } = useCanAccess({ resource: 'riders', action: 'edit' });
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const settle = useAction(
    (dp: AppDataProvider, value: number) =>
      dp.settleRiderCash({ riderId: row.riderId!, date, amount: value }),
    {
      failureMessage: 'app.riders.cash.failed',
      invalidates: ['riders'],
      onSuccess: () => setOpen(false),
    },
  );
  if (!canAccess || !row.riderId) return null;
  const value = cashAmount(amount);
  const start = () => {
    setAmount(owed(row));
    setTouched(false);
    setOpen(true);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (value !== null) settle.mutate(value);
  };
  const invalid = touched && value === null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PaymentsIcon />}
        onClick={start}
        aria-label={translate('app.riders.cash.record_for', { name: row.name })}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate('app.riders.cash.record')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <form onSubmit={save} noValidate>
          <DialogTitle id={titleId}>
            {translate('app.riders.cash.record_title', { name: row.name })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {translate('app.riders.cash.record_text', {
                expected: formatRupees(row.expected),
                handedIn: formatRupees(row.handedIn),
              })}
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              label={translate('app.riders.cash.amount')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              onBlur={() => setTouched(true)}
              error={invalid}
              helperText={translate(
                invalid ? 'app.riders.cash.amount_invalid' : 'app.riders.cash.amount_help',
              )}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('app.riders.cash.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={settle.isPending}>
              {settle.isPending ? translate('app.busy') : translate('app.riders.cash.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
