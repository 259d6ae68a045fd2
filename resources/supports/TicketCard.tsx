import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import ReplyIcon from '@mui/icons-material/Reply';
import { useState } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/format';
import { ReopenButton } from './ReopenButton';
import { ReplyDialog } from './ReplyDialog';
import { TicketStatusChip } from '@/components/TicketStatusChip';
import { isResolved, repliesInOrder, ticketTypeName } from './ticketFields';

/**
 * One ticket: its type, status, description, date, the replies in the order they were written
 * with who wrote each and when ('No replies yet.' when none), Reply while it is not resolved
 * and Reopen once it is. `linked` makes the type a
 * link to the ticket's own page (support/view-support/{id}), from the customer's list.
 */
export function TicketCard({ ticket, linked = false }: { ticket: RaRecord; linked?: boolean }) {
  const translate = useTranslate();
  const [replying, setReplying] = useState(false);
  const type = ticketTypeName(ticket, translate);
  const replies = repliesInOrder(ticket);
  return (
    <Card variant="outlined" component="article" aria-label={type}>
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          alignItems="center"
          justifyContent="space-between"
          flexWrap="wrap"
          useFlexGap
        >
          <Typography variant="h6" component="h2">
            {linked ? (
              <MuiLink
                component={Link}
                to={`/support/view-support/${ticket.id}`}
                underline="hover"
                aria-label={translate('app.supports.open_ticket', { type })}
              >
                {type}
              </MuiLink>
            ) : (
              type
            )}
          </Typography>
          <TicketStatusChip status={ticket.status} />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {translate('app.supports.raised_on', { date: formatDateTime(ticket.createdAt) })}
        </Typography>
        <Typography variant="body1" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          {ticket.description}
        </Typography>
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {translate('app.supports.replies')}
          </Typography>
          {replies.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('app.supports.no_replies')}
            </Typography>
          ) : (
            <List dense disablePadding aria-label={translate('app.supports.replies')}>
              {replies.map((reply, i) => (
                <ListItem key={reply._id ?? i} disableGutters divider={i < replies.length - 1}>
                  <ListItemText
                    primary={reply.message}
                    secondary={
                      reply.by?.name
                        ? translate('app.supports.reply_meta', {
                            name: reply.by.name,
                            date: formatDateTime(reply.date),
                          })
                        : formatDateTime(reply.date)
                    }
                    slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </CardContent>
      <CardActions>
        {isResolved(ticket) ? (
          <ReopenButton ticket={ticket} type={type} />
        ) : (
          <Button variant="contained" startIcon={<ReplyIcon />} onClick={() => setReplying(true)}>
            {translate('app.supports.reply')}
          </Button>
        )}
      </CardActions>
      {replying && (
        <ReplyDialog
          ticket={ticket}
          title={translate('app.supports.reply_title', { type })}
          onClose={() => setReplying(false)}
        />
      )}
    </Card>
  );
}
