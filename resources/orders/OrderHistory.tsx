import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '@/format';

export interface StatusChange {
  fromStatus: string | null;
  toStatus: string;
  at: string;
  by: { _id: string; name: string } | null;
  /** What else changed (dispatch: 'Assigned to Ravi Kumar'); the status may stay the same. */
  note?: string | null;
}

/** 'Pending → Out for Delivery'; a row that only carries a note says the note alone. */
function changeText(h: StatusChange, placed: string): string {
  if (h.note && h.fromStatus === h.toStatus) return h.note;
  const change = `${h.fromStatus ?? placed} → ${h.toStatus}`;
  return h.note ? `${change} (${h.note})` : change;
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
            <TableCell>{changeText(h, translate('app.orders.placed'))}</TableCell>
            <TableCell>{formatDateTime(h.at)}</TableCell>
            <TableCell>{h.by ? h.by.name : translate('app.orders.placed_by_customer')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
