import { Alert, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { REASON_MAX, type StatusGuard } from './statusGuards';

/**
 * What a guarded status change will do (an alert) and the reason it asks: required when the
 * change is guarded, optional otherwise; either way kept in the status history.
 */
export function StatusReason({
  guard,
  orderId,
  status,
  invoiceNo,
  count,
  value,
  onChange,
}: {
  guard: StatusGuard | null;
  /** The order's number (one order), or `count` orders. */
  orderId?: string;
  count?: number;
  status: string;
  invoiceNo?: string;
  value: string;
  onChange: (reason: string) => void;
}) {
  const translate = useTranslate();
  const many = count !== undefined;
  const warning = guard
    ? translate(`app.orders.guard_${guard}${many ? '_many' : ''}`, {
        orderId,
        status,
        invoiceNo,
        smart_count: count ?? 1,
      })
    : null;
  const tooLong = value.length > REASON_MAX;
  return (
    <>
      {warning && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {warning}
        </Alert>
      )}
      <TextField
        label={translate('app.orders.reason')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={Boolean(guard)}
        error={tooLong}
        helperText={translate(
          tooLong
            ? 'app.orders.reason_too_long'
            : guard
              ? 'app.orders.reason_required_help'
              : 'app.orders.reason_optional_help',
          { max: REASON_MAX },
        )}
        multiline
        minRows={2}
        fullWidth
        margin="normal"
      />
    </>
  );
}

/** Whether `reason` may be sent with a change under `guard`. */
export const reasonReady = (guard: StatusGuard | null, reason: string) =>
  reason.length <= REASON_MAX && (!guard || reason.trim() !== '');
