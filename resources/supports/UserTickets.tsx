import { Box, Stack, Typography } from '@mui/material';
import { Title, useGetList, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '@/components/RecordMissing';
import { TicketCard } from './TicketCard';
import { TicketCustomer } from './TicketCustomer';
import { newestFirst } from './ticketFields';

/**
 * /admin-panel/support/view/{userId}: every ticket of one customer, newest first, loaded by the
 * user id (GET support/get-all-supports-for-user), so reloads and shared links work.
 */
export function UserTickets() {
  const { userId } = useParams();
  const translate = useTranslate();
  const { data, isPending, error } = useGetList('supports', {
    filter: { userId },
    meta: { list: 'forUser' },
  });
  const title = translate('app.supports.tickets_title');
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !data) return <RecordMissing message={error?.message} />;
  const tickets = newestFirst(data);
  return (
    <Box sx={{ mt: 2, maxWidth: 860 }}>
      <Title title={title} />
      <TicketCustomer title={title} ticket={tickets[0]} />
      {tickets.length === 0 ? (
        <Typography>{translate('app.supports.no_tickets')}</Typography>
      ) : (
        <Stack spacing={2}>
          {tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} linked />
          ))}
        </Stack>
      )}
    </Box>
  );
}
