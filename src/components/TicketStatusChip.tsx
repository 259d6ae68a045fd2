import { useTranslate } from 'react-admin';
import { StatusChip } from './StatusChip';

/** unresolved (amber, waiting for an answer) or resolved (green). */
export function TicketStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const resolved = status === 'resolved';
  const known = resolved || status === 'unresolved';
  return (
    <StatusChip
      tone={resolved ? 'success' : 'warning'}
      label={known ? translate(`app.supports.${status}`) : String(status ?? '')}
    />
  );
}
