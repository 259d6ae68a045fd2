import {
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDay } from '@/format';
import { cutText } from './cutText';
import { useIsPhone } from '@/lists/PhoneList';
import { COMPACT_ON_PHONES } from '@/components/compactTable';
import { RecentPanel } from './RecentPanel';
import { TicketStatusChip } from '@/components/TicketStatusChip';

/** The five newest support tickets (none for an admin without the supports group). */
export function RecentTickets({ tickets }: { tickets: RaRecord[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.dashboard.${key}`);
  // On a phone the date and status go under the description: three columns do not fit.
  const phone = useIsPhone();
  return (
    <RecentPanel
      title={t('recent_supports')}
      viewAll="/supports/1"
      viewAllLabel={t('view_all_supports')}
    >
      {tickets.length === 0 ? (
        <Typography color="text.secondary">{t('no_supports')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" sx={COMPACT_ON_PHONES}>
            <TableHead>
              <TableRow>
                <TableCell>{t('description')}</TableCell>
                {!phone && <TableCell>{t('date')}</TableCell>}
                {!phone && <TableCell>{t('status')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {tickets.map((ticket) => (
                <TableRow key={ticket._id}>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    <Link
                      component={RouterLink}
                      to={`/support/view-support/${ticket._id}`}
                      title={String(ticket.description ?? '')}
                    >
                      {cutText(ticket.description)}
                    </Link>
                    {phone && (
                      <Stack direction="row" alignItems="center" gap={1} sx={{ mt: 0.5 }}>
                        <Typography variant="body2" component="span" color="text.secondary">
                          {formatDay(ticket.createdAt)}
                        </Typography>
                        <TicketStatusChip status={ticket.status} />
                      </Stack>
                    )}
                  </TableCell>
                  {!phone && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDay(ticket.createdAt)}
                    </TableCell>
                  )}
                  {!phone && (
                    <TableCell>
                      <TicketStatusChip status={ticket.status} />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </RecentPanel>
  );
}
