import { Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  Form,
  HttpError,
  maxLength,
  RadioButtonGroupInput,
  TextInput,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { RETURN_DECISIONS } from '@shared/statuses';
import type { FieldValues } from 'react-hook-form';
import { useAction } from '@/actions/useAction';
import { FormSubmitButton } from '@/forms/FormSubmitButton';
import type { AppDataProvider } from '@/providers/types';

const STATUS_CHOICES = RETURN_DECISIONS.map((id) => ({
  id,
  name: `app.returns.${id.toLowerCase()}`,
}));

export const REASON_MAX = 500;

/** The fields sent: the chosen status and the reason, left out when blank. */
export function returnStatusPayload({ status, reason }: FieldValues) {
  const text = typeof reason === 'string' ? reason.trim() : '';
  return {
    status: status === 'Approved' ? 'Approved' : 'Rejected',
    reason: text || undefined,
  } as const;
}

/**
 * Approve or reject a Pending request with an optional reason. Without a choice the spec's alert
 * 'Please select the status'. After the call (settled, or refused because another admin settled
 * it first) the request is reloaded, so the screen shows what the server holds.
 */
export function ReturnStatusForm({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const settle = useAction(
    (dp: AppDataProvider, values: FieldValues) =>
      dp.settleReturn({ id: record.id, ...returnStatusPayload(values) }),
    {
      failureMessage: 'app.returns.update_failed',
      invalidates: ['returns'],
      // Refused because another admin settled it first: show what the server now holds.
      onError: (error) =>
        error instanceof HttpError && error.status > 0
          ? queryClient.invalidateQueries({ queryKey: ['returns'] })
          : undefined,
    },
  );

  const submit = async (values: FieldValues) => {
    if (values.status !== 'Approved' && values.status !== 'Rejected') {
      notify('app.returns.status_required', { type: 'error' });
      return;
    }
    await settle.submit(values);
  };

  return (
    <Form disableInvalidFormNotification onSubmit={submit} record={{ status: '', reason: '' }}>
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
