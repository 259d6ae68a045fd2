import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

const STATUSES = {
  Pending: { color: 'warning', label: 'app.returns.pending' },
  Approved: { color: 'success', label: 'app.returns.approved' },
  Rejected: { color: 'error', label: 'app.returns.rejected' },
} as const;

/** Pending, Approved or Rejected, coloured so that the open requests stand out. */
export function ReturnStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const known = STATUSES[status as keyof typeof STATUSES];
  return (
    <Chip
      size="small"
      color={known?.color ?? 'default'}
      variant={status === 'Pending' ? 'outlined' : 'filled'}
      label={known ? translate(known.label) : String(status ?? '')}
    />
  );
}
