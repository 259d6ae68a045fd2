import { Box, Typography } from '@mui/material';
import { Title, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordMissing } from '../../src/components/RecordMissing';
import { TicketCard } from './TicketCard';
import { TicketCustomer } from './TicketCustomer';

/** /admin-panel/support/view-support/{id}: one ticket, loaded by id (GET support/get-support). */
export function TicketShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: ticket, isPending, error } = useGetOne<RaRecord>('supports', { id: id! });
  const title = translate('app.supports.ticket_title');
  if (isPending) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  if (error || !ticket) return <RecordMissing message={error?.message} />;
  return (
    <Box sx={{ mt: 2, maxWidth: 860 }}>
      <Title title={title} />
      <TicketCustomer title={title} ticket={ticket} />
      <TicketCard ticket={ticket} />
    </Box>
  );
}
