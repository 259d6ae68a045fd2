import { Box } from '@mui/material';
import { Title, useRecordContext, useTranslate } from 'react-admin';
import { RecordShowBase } from '@/records/RecordShow';
import { TicketCard } from './TicketCard';
import { TicketCustomer } from './TicketCustomer';

/** /admin-panel/support/view-support/{id}: one ticket, loaded by id (GET support/get-support). */
export function TicketShow() {
  return (
    <RecordShowBase resource="supports">
      <Ticket />
    </RecordShowBase>
  );
}

function Ticket() {
  const translate = useTranslate();
  const ticket = useRecordContext()!;
  const title = translate('app.supports.ticket_title');
  return (
    <Box sx={{ mt: 2, maxWidth: 860 }}>
      <Title title={title} />
      <TicketCustomer title={title} ticket={ticket} />
      <TicketCard ticket={ticket} />
    </Box>
  );
}
