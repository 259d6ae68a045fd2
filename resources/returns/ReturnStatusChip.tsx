import { useTranslate } from 'react-admin';
import { StatusChip } from '@/components/StatusChip';

const STATUSES = {
  Pending: { tone: 'warning', label: 'app.returns.pending' },
  Approved: { tone: 'success', label: 'app.returns.approved' },
  Rejected: { tone: 'error', label: 'app.returns.rejected' },
} as const;

/** Pending (amber, waiting for a decision), Approved (green) or Rejected (red). */
export function ReturnStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const known = STATUSES[status as keyof typeof STATUSES];
  return (
    <StatusChip
      tone={known?.tone ?? 'default'}
      label={known ? translate(known.label) : String(status ?? '')}
    />
  );
}
