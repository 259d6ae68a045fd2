import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  Form,
  HttpError,
  maxLength,
  SelectInput,
  TextInput,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { WriteMeta } from '../../src/providers/dataProvider';
import { FormSubmitButton } from '../../src/forms/FormSubmitButton';

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
 * The reply modal: a status (none chosen at first) and the reply, sent with POST
 * support/make-resolve. Success: the server's message, then the Help list. Failure: the action's
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
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();

  const send = async ({ status, reply }: Record<string, unknown>) => {
    try {
      const result = await dataProvider.update('supports', {
        id: ticket.id,
        data: { reply: String(reply).trim(), status },
        previousData: ticket,
      });
      const { message } = ((result as { meta?: WriteMeta }).meta ?? {}) as WriteMeta;
      notify(message || 'app.supports.reply_sent', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['supports'] });
      navigate('/supports/1');
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return;
      const reason = error instanceof HttpError && error.status > 0 ? error.message : '';
      notify(reason ? 'app.supports.reply_failed_because' : 'app.supports.reply_failed', {
        type: 'error',
        messageArgs: { reason },
      });
      if (error instanceof HttpError && (error.status === 404 || error.status === 409)) {
        await queryClient.invalidateQueries({ queryKey: ['supports'] });
        onClose();
      }
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reply-dialog-title">
      <Form onSubmit={send} record={{ status: '', reply: '' }}>
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
