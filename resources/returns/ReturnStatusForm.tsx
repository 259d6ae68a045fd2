import { Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  Form,
  HttpError,
  maxLength,
  RadioButtonGroupInput,
  TextInput,
  useDataProvider,
  useLogoutIfAccessDenied,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { WriteMeta } from '../../src/providers/dataProvider';
import { FormSubmitButton } from '../../src/forms/FormSubmitButton';

const STATUS_CHOICES = [
  { id: 'Approved', name: 'app.returns.approved' },
  { id: 'Rejected', name: 'app.returns.rejected' },
];

export const REASON_MAX = 500;

/** The fields sent: the chosen status and the reason, left out when blank. */
export function returnStatusPayload({ status, reason }: Record<string, unknown>) {
  const text = typeof reason === 'string' ? reason.trim() : '';
  return { status, reason: text || undefined };
}

/**
 * Approve or reject a Pending request with an optional reason. Without a choice the spec's alert
 * 'Please select the status'. After the call (settled, or refused because another admin settled
 * it first) the request is reloaded, so the screen shows what the server holds.
 */
export function ReturnStatusForm({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();

  const submit = async (values: Record<string, unknown>) => {
    if (values.status !== 'Approved' && values.status !== 'Rejected') {
      notify('app.returns.status_required', { type: 'error' });
      return;
    }
    try {
      const result = await dataProvider.update('returns', {
        id: record.id,
        data: returnStatusPayload(values),
        previousData: record,
      });
      const { message } = ((result as { meta?: WriteMeta }).meta ?? {}) as WriteMeta;
      notify(message || 'ra.notification.updated', {
        type: 'success',
        messageArgs: { smart_count: 1 },
      });
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return;
      const reached = error instanceof HttpError && error.status > 0;
      notify(reached ? (error as Error).message : 'app.returns.update_failed', { type: 'error' });
      if (!reached) return;
    }
    await queryClient.invalidateQueries({ queryKey: ['returns'] });
  };

  return (
    <Form onSubmit={submit} record={{ status: '', reason: '' }}>
      <Stack sx={{ maxWidth: 520 }}>
        <RadioButtonGroupInput
          source="status"
          label="app.returns.status_choice"
          choices={STATUS_CHOICES}
        />
        <TextInput
          source="reason"
          label="app.returns.reason"
          helperText="app.returns.reason_help"
          validate={maxLength(REASON_MAX, 'app.returns.reason_too_long')}
          multiline
          minRows={3}
          fullWidth
        />
        <div>
          <FormSubmitButton
            label={translate('app.returns.submit')}
            busyLabel={translate('app.busy')}
          />
        </div>
      </Stack>
    </Form>
  );
}
