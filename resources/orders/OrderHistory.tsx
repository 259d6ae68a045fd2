import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '@/format';

export interface StatusChange {
  fromStatus: string | null;
  toStatus: string;
  at: string;
  by: { _id: string; name: string } | null;
}

/** Who changed the status, when, from what to what; oldest first, as the server sends it. */
export function OrderHistory({ history }: { history: StatusChange[] }) {
  const translate = useTranslate();
  if (!history.length)
    return <Typography variant="body2">{translate('app.orders.no_history')}</Typography>;
  return (
    <Table size="small" aria-label={translate('app.orders.history')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.orders.history_change')}</TableCell>
          <TableCell>{translate('app.orders.history_when')}</TableCell>
          <TableCell>{translate('app.orders.history_by')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.map((h, i) => (
          <TableRow key={i}>
            <TableCell>
              {h.fromStatus
                ? `${h.fromStatus} → ${h.toStatus}`
                : `${translate('app.orders.placed')} → ${h.toStatus}`}
            </TableCell>
            <TableCell>{formatDateTime(h.at)}</TableCell>
            <TableCell>{h.by ? h.by.name : translate('app.orders.placed_by_customer')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
