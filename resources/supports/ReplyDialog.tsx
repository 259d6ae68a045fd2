import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  Form,
  HttpError,
  maxLength,
  SelectInput,
  TextInput,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useAction } from '@/actions/useAction';
import { FormSubmitButton } from '@/forms/FormSubmitButton';
import type { AppDataProvider } from '@/providers/types';
import { ticketCustomer } from './ticketFields';

const STATUS_CHOICES = [
  { id: 'resolved', name: 'app.supports.resolved' },
  { id: 'unresolved', name: 'app.supports.unresolved' },
];

export const REPLY_MAX = 2000;

const statusChosen = (value: unknown) =>
  value === 'resolved' || value === 'unresolved' ? undefined : 'app.supports.status_required';
const replyGiven = (value: unknown) =>
  typeof value === 'string' && value.trim() ? undefined : 'app.supports.reply_required';

/**
 * The status a reply starts with: the ticket's own. Replies are shown only on open tickets, so
 * this is "unresolved": a reply saves without picking, and closing the ticket is a choice the
 * operator makes. Preselecting "resolved" would let a quick acknowledgement ("we are checking")
 * drop a ticket out of the unresolved list unnoticed; one wrongly left open stays in sight. The
 * same rule as the order status dialog, which opens on the order's current status.
 */
const startingStatus = (ticket: RaRecord) =>
  ticket.status === 'resolved' ? 'resolved' : 'unresolved';

/**
 * The reply modal: a status (the ticket's own at first) and the reply, sent with POST
 * support/make-resolve. Success: the server's message, and the admin stays with that customer's
 * tickets, the reply shown (the spec's client went back to the Help list; docs/api.md). Failure: the action's
 * own message, with the server's reason when it gave one (e.g. the ticket was resolved meanwhile:
 * the tickets then reload and the Reply button goes).
 */
export function ReplyDialog({
  ticket,
  title,
  onClose,
}: {
  ticket: RaRecord;
  title: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reply = useAction(
    (dp: AppDataProvider, { status, reply: text }: FieldValues) =>
      dp.replyToTicket({
        id: ticket.id,
        reply: String(text).trim(),
        status: status === 'resolved' ? 'resolved' : 'unresolved',
      }),
    {
      successMessage: 'app.supports.reply_sent',
      failureMessage: 'app.supports.reply_failed',
      failureWithReason: 'app.supports.reply_failed_because',
      invalidates: ['supports'],
      onSuccess: () => {
        onClose();
        const customer = ticketCustomer(ticket).id;
        if (customer) navigate(`/support/view/${customer}`);
      },
      // The ticket was resolved or removed meanwhile: the tickets reload and the Reply button goes.
      onError: async (error) => {
        if (error instanceof HttpError && (error.status === 404 || error.status === 409)) {
          await queryClient.invalidateQueries({ queryKey: ['supports'] });
          onClose();
        }
      },
    },
  );
  const send = reply.submit;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reply-dialog-title">
      <Form
        disableInvalidFormNotification
        onSubmit={send}
        record={{ status: startingStatus(ticket), reply: '' }}
      >
        <DialogTitle id="reply-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <SelectInput
            source="status"
            label="app.supports.status"
            choices={STATUS_CHOICES}
            validate={statusChosen}
            fullWidth
          />
          <TextInput
            source="reply"
            label="app.supports.reply_text"
            validate={[replyGiven, maxLength(REPLY_MAX, 'app.supports.reply_too_long')]}
            multiline
            minRows={4}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.supports.cancel')}</Button>
          <FormSubmitButton
            label={translate('app.supports.save')}
            busyLabel={translate('app.busy')}
          />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
