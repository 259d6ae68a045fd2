import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** resolved or unresolved; the open ones outlined so that they stand out. */
export function TicketStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const resolved = status === 'resolved';
  const known = resolved || status === 'unresolved';
  return (
    <Chip
      size="small"
      color={resolved ? 'success' : 'warning'}
      variant={resolved ? 'filled' : 'outlined'}
      label={known ? translate(`app.supports.${status}`) : String(status ?? '')}
    />
  );
}
