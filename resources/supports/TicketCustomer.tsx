import { Stack, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { ticketCustomer } from './ticketFields';

/** The heading of the ticket screens: the screen's title, then the customer's name and e-mail. */
export function TicketCustomer({ title, ticket }: { title: string; ticket?: RaRecord }) {
  const { name, email } = ticketCustomer(ticket);
  return (
    <Stack spacing={0.5} sx={{ mb: 2 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {(name || email) && (
        <Typography variant="body2" color="text.secondary">
          {[name, email].filter(Boolean).join(' · ')}
        </Typography>
      )}
    </Stack>
  );
}
